import { type Kysely, sql } from 'kysely';

/**
 * Payer receipts (decision 068):
 * - `collections.receipt_code`: the unguessable code of the payment's public receipt page `/r/:code`, 128 random bits
 *   as 22 base64url characters, drawn for every payment (old ones too) and never derived from its id.
 * - `accounts.sms_receipts`: whether the account's payers get an SMS receipt on success; off by default, SMS costs money.
 * - the timeline's `receipt_sms_sent`: the SMS receipt went, recorded so that it goes once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table collections add column receipt_code text not null
            default translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')`.execute(
    db,
  );
  await sql`create unique index collections_receipt_code_idx on collections (receipt_code)`.execute(db);
  await sql`alter table accounts add column sms_receipts boolean not null default false`.execute(db);
  await sql`alter table collection_events drop constraint collection_events_kind_check`.execute(db);
  await sql`alter table collection_events add constraint collection_events_kind_check check (kind in (
              'created', 'prompt_sent', 'provider_answer', 'callback', 'settled', 'failed', 'receipt_sent',
              'refund_started', 'refund_successful', 'refund_failed', 'receipt_sms_sent'))`.execute(db);
  await sql`create unique index collection_events_one_sms_receipt_idx on collection_events (collection_id)
            where kind = 'receipt_sms_sent'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index collection_events_one_sms_receipt_idx`.execute(db);
  await sql`delete from collection_events where kind = 'receipt_sms_sent'`.execute(db);
  await sql`alter table collection_events drop constraint collection_events_kind_check`.execute(db);
  await sql`alter table collection_events add constraint collection_events_kind_check check (kind in (
              'created', 'prompt_sent', 'provider_answer', 'callback', 'settled', 'failed', 'receipt_sent',
              'refund_started', 'refund_successful', 'refund_failed'))`.execute(db);
  await sql`alter table accounts drop column sms_receipts`.execute(db);
  await sql`drop index collections_receipt_code_idx`.execute(db);
  await sql`alter table collections drop column receipt_code`.execute(db);
}
