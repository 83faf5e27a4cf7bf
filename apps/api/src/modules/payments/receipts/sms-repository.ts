import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';

/** The account's name when its payers get SMS receipts (migration 042); undefined when they do not. */
export async function smsReceiptsSender(db: Kysely<Database>, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('account_name')
    .where('id', '=', accountId)
    .where('sms_receipts', '=', true)
    .executeTakeFirst();
  return row?.account_name;
}

/**
 * The payment's SMS receipt, recorded on its timeline before it goes (ok null); undefined when one already was (the
 * unique index `collection_events_one_sms_receipt_idx`), so a second call sends nothing. Answers the step's id.
 */
export async function claimSmsReceipt(db: Kysely<Database>, collectionId: string, msisdn: string): Promise<string | undefined> {
  const row = await db
    .insertInto('collection_events')
    .values({ collection_id: collectionId, kind: 'receipt_sms_sent', detail: msisdn, ok: null })
    .onConflict((oc) => oc.column('collection_id').where('kind', '=', 'receipt_sms_sent').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function smsReceiptOutcome(db: Kysely<Database>, eventId: string, sent: boolean): Promise<void> {
  await db.updateTable('collection_events').set({ ok: sent }).where('id', '=', eventId).execute();
}
