import { type Kysely, sql } from 'kysely';

/**
 * Merchant alerts (decision 075):
 * - `notification_settings.summarised_on`: the Kampala day whose daily summaries of this member the worker has dealt
 *   with, queued or found nothing to tell of (a mode the account did not use and holds no money in gets none). The
 *   worker takes each due member once a day by moving it on, so a member with nothing to hear of is not looked at
 *   again on every pass until midnight.
 * - `member_alerts.link_path`: the dashboard page an alert's e-mail links to (`/collections?payment=<id>`), null for
 *   none; the worker writes it under the site's address when it sends the e-mail, never into the SMS.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notification_settings add column summarised_on date`.execute(db);
  await sql`alter table member_alerts add column link_path text check (link_path like '/%')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table member_alerts drop column link_path`.execute(db);
  await sql`alter table notification_settings drop column summarised_on`.execute(db);
}
