import { type Kysely, sql } from 'kysely';

/**
 * The 'approval needed' alert (decision 071): a member who may move money hears, by their chosen channels, of each
 * movement or batch that waits for their approval. `notification_settings.approval_needed` is on unless they turn it
 * off (a member who never chose hears by e-mail, of live money, as the form's defaults say); `member_alerts.kind`
 * takes 'approval_needed'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notification_settings add column approval_needed boolean not null default true`.execute(db);
  await sql`alter table member_alerts drop constraint member_alerts_kind_check`.execute(db);
  await sql`alter table member_alerts add constraint member_alerts_kind_check
            check (kind in ('payment_received', 'daily_summary', 'payout_failed', 'refund_done', 'low_balance',
                            'approval_needed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from member_alerts where kind = 'approval_needed'`.execute(db);
  await sql`alter table member_alerts drop constraint member_alerts_kind_check`.execute(db);
  await sql`alter table member_alerts add constraint member_alerts_kind_check
            check (kind in ('payment_received', 'daily_summary', 'payout_failed', 'refund_done', 'low_balance'))`.execute(db);
  await sql`alter table notification_settings drop column approval_needed`.execute(db);
}
