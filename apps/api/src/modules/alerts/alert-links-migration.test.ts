/**
 * Migration 2026_12_07_049 (decision 075): the day whose daily summaries a member was dealt with, and the dashboard page
 * an alert's e-mail links to; run back down and up on this file's own database.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_12_07_049_alert_links_and_summary_days.ts';
import { createMerchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

const columns = async () =>
  (
    await sql<{ name: string }>`
      select table_name || '.' || column_name as name from information_schema.columns
       where (table_name, column_name) in (('notification_settings', 'summarised_on'), ('member_alerts', 'link_path'))
       order by 1`.execute(db)
  ).rows.map((row) => row.name);

describe('migration 049: alert links and summary days', () => {
  it('adds both columns, refuses a link that is not a path of the site, and takes them away when run down', async () => {
    expect(await columns()).toEqual(['member_alerts.link_path', 'notification_settings.summarised_on']);
    const { userId, accountId, email } = await createMerchant(t, 'Kato Hardware');
    const alert = (link_path: string) => ({
      account_id: accountId,
      user_id: userId,
      environment: 'test',
      kind: 'payment_received',
      channel: 'email',
      destination: email,
      purpose: 'transactional',
      subject: 'Payment received',
      body: 'Kato Hardware: payment received.',
      link_path,
    });
    await db.insertInto('member_alerts').values(alert('/collections?payment=1')).execute();
    await expect(db.insertInto('member_alerts').values(alert('https://elsewhere.example/')).execute()).rejects.toThrow(/check/);

    await down(db);
    expect(await columns()).toEqual([]);
    await up(db);
    expect(await columns()).toEqual(['member_alerts.link_path', 'notification_settings.summarised_on']);
    expect(await db.selectFrom('member_alerts').select('link_path').execute()).toEqual([{ link_path: null }]);
  });
});
