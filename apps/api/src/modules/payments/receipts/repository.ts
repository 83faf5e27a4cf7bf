import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';

/**
 * A successful payment's receipt by its code: what the payer paid, to whom, and for what, how to reach the merchant
 * (its business details' phone and e-mail), and its refunds that went or are going.
 * Nothing else of the merchant is read. Undefined for an unknown code and for a payment not successful.
 */
export async function findReceipt(db: Kysely<Database>, code: string) {
  const payment = await db
    .selectFrom('collections')
    .innerJoin('accounts', 'accounts.id', 'collections.account_id')
    .leftJoin('links', 'links.id', 'collections.link_id')
    .select([
      'collections.id',
      'collections.account_id',
      'collections.environment',
      'collections.amount',
      'collections.currency',
      'collections.channel',
      'collections.msisdn',
      'collections.card_last4',
      'collections.names',
      'collections.extra_data',
      'collections.transaction_id',
      'collections.provider_reference',
      'collections.completed_at',
      'collections.created_at',
      'collections.receipt_code',
      'accounts.account_name',
      'accounts.company_logo',
      'accounts.business_details',
      'links.title',
    ])
    .where('collections.receipt_code', '=', code)
    .where('collections.status', '=', 'successful')
    .executeTakeFirst();
  if (!payment) return undefined;
  const refunds = await db
    .selectFrom('transfers')
    .select(['amount', 'status', 'created_at', 'completed_at'])
    .where('collection_id', '=', payment.id)
    .where('kind', '=', 'refund')
    .where('status', 'in', ['pending', 'successful'])
    .orderBy('created_at', 'asc')
    .execute();
  return { ...payment, refunds };
}

export type ReceiptRecord = NonNullable<Awaited<ReturnType<typeof findReceipt>>>;

/** The receipt code of a successful payment, for the links to its receipt page; undefined otherwise. */
export async function receiptCodeOf(db: Kysely<Database>, collectionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('collections')
    .select('receipt_code')
    .where('id', '=', collectionId)
    .where('status', '=', 'successful')
    .executeTakeFirst();
  return row?.receipt_code;
}
