import { kampalaDay } from '@sente/contracts/dates';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';

/**
 * A payment's refunds that are pending or successful, summed (transfers_refunds_idx): what can no longer be refunded,
 * and the /v1 collection's `amount_refunded`. A column of any query over `collections`.
 */
export const amountRefunded = (eb: ExpressionBuilder<Database, 'collections'>) =>
  eb
    .selectFrom('transfers')
    .select(sql<string>`coalesce(sum(transfers.amount), 0)::text`.as('sum'))
    .whereRef('transfers.collection_id', '=', 'collections.id')
    .where('transfers.kind', '=', 'refund')
    .where('transfers.status', '<>', 'rejected')
    .as('amount_refunded');

/** A payment's refunds, newest first (transfers_refunds_idx). */
export const refundsOf = (db: Kysely<Database>, collectionId: string) =>
  db
    .selectFrom('transfers')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('kind', '=', 'refund')
    .orderBy('created_at', 'desc')
    .execute();

/** One refund of the scope's account and environment; another's id, or a payout's, finds nothing. */
export const findRefund = (db: Kysely<Database>, scope: MoneyScope, id: string) =>
  db
    .selectFrom('transfers')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('kind', '=', 'refund')
    .where('id', '=', id)
    .executeTakeFirst();

/** The facts a refund of one of the scope's payments is decided on; another's payment finds nothing. */
export const refundableCollection = (db: Kysely<Database>, scope: MoneyScope, collectionId: string) =>
  db
    .selectFrom('collections')
    .select(['id', 'status', 'channel', 'msisdn', 'amount', 'environment'])
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('id', '=', collectionId)
    .executeTakeFirst();

/** What a refund's receipt tells of its payment and merchant, and where it goes. */
export const receiptFacts = (db: Kysely<Database>, collectionId: string) =>
  db
    .selectFrom('collections')
    .innerJoin('accounts', 'accounts.id', 'collections.account_id')
    .select([
      'collections.email',
      'collections.names',
      'collections.amount',
      'collections.channel',
      'collections.msisdn',
      'collections.transaction_id',
      'accounts.account_name',
    ])
    .where('collections.id', '=', collectionId)
    .executeTakeFirst();

/** Locks the payment's row to the transaction's end, so refunds of one payment are decided one after the other. */
export const lockPayment = (trx: Transaction<Database>, collectionId: string) =>
  trx.selectFrom('collections').select('id').where('id', '=', collectionId).forUpdate().executeTakeFirstOrThrow();

/** A payment's amount and what of it is refunded (pending or successful). */
export const paidAndRefunded = (trx: Transaction<Database>, collectionId: string) =>
  trx.selectFrom('collections').select(['amount', amountRefunded]).where('id', '=', collectionId).executeTakeFirstOrThrow();

/**
 * Counts a refund where money is counted (decision 057), in the transaction that starts it (`amount` > 0) or fails it
 * (`amount` < 0, the money came back): the payment's `amount_refunded`, its customer's `total_paid` and the reports'
 * daily roll-up on the day, channel and currency its payment was counted on (reports/repository.ts
 * `addToDailyTotals`). The refund's transaction holds the payment's row lock; a failed refund's takes it here.
 */
export async function countRefund(trx: Transaction<Database>, collectionId: string, amount: number): Promise<void> {
  const payment = await trx
    .updateTable('collections')
    .set({ amount_refunded: sql`amount_refunded + ${amount}::bigint` })
    .where('id', '=', collectionId)
    .returning(['account_id', 'environment', 'customer_id', 'channel', 'currency', 'completed_at'])
    .executeTakeFirstOrThrow();
  if (payment.customer_id) {
    await trx
      .updateTable('customers')
      .set({ total_paid: sql`total_paid - ${amount}::bigint` })
      .where('id', '=', payment.customer_id)
      .execute();
  }
  await trx
    .updateTable('collection_daily_totals')
    .set({ amount: sql`amount - ${amount}::bigint` })
    .where('account_id', '=', payment.account_id)
    .where('environment', '=', payment.environment)
    .where('day', '=', kampalaDay(payment.completed_at ?? new Date()))
    .where('channel', '=', payment.channel)
    .where('currency', '=', payment.currency)
    .execute();
}
