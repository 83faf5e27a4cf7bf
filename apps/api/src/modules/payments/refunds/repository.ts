import { kampalaDay } from '@sente/contracts/dates';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';

/**
 * A payment's refunds that are pending or successful, summed (transfers_refunds_idx): what can no longer be refunded,
 * and the /v1 collection's `amount_refunded` (decision 073 keeps its meaning). A column of any query over `collections`.
 */
export const amountRefunded = (eb: ExpressionBuilder<Database, 'collections'>) =>
  eb
    .selectFrom('transfers')
    .select(sql<string>`coalesce(sum(transfers.amount), 0)::text`.as('sum'))
    .whereRef('transfers.collection_id', '=', 'collections.id')
    .where('transfers.kind', '=', 'refund')
    .where('transfers.status', '<>', 'rejected')
    .as('amount_refunded');

/** A payment's refunds that are pending (awaiting approval, or not yet confirmed), summed: /v1's `amount_refund_pending`. */
export const amountRefundPending = (eb: ExpressionBuilder<Database, 'collections'>) =>
  eb
    .selectFrom('transfers')
    .select(sql<string>`coalesce(sum(transfers.amount), 0)::text`.as('sum'))
    .whereRef('transfers.collection_id', '=', 'collections.id')
    .where('transfers.kind', '=', 'refund')
    .where('transfers.status', '=', 'pending')
    .as('amount_refund_pending');

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

/** A refund by its id alone: for the outbox, which has no account scope. */
export const refundById = (db: Kysely<Database>, id: string) =>
  db.selectFrom('transfers').selectAll().where('id', '=', id).where('kind', '=', 'refund').executeTakeFirst();

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
      'collections.receipt_code',
      'collections.account_id',
      'collections.currency',
      'accounts.account_name',
    ])
    .where('collections.id', '=', collectionId)
    .executeTakeFirst();

/** Locks the payment's row to the transaction's end, so refunds of one payment are decided one after the other. */
export const lockPayment = (trx: Transaction<Database>, collectionId: string) =>
  trx.selectFrom('collections').select('id').where('id', '=', collectionId).forUpdate().executeTakeFirstOrThrow();

/**
 * A payment's amount, what its refunds paid back and what those not paid yet will (decision 073): the columns the
 * refunds' transactions keep under the payment's row lock, which the caller holds.
 */
export const paidAndRefunded = (trx: Transaction<Database>, collectionId: string) =>
  trx
    .selectFrom('collections')
    .select(['amount', 'amount_refunded', 'amount_refund_pending'])
    .where('id', '=', collectionId)
    .executeTakeFirstOrThrow();

/**
 * Counts a refund that is not paid yet (decision 073), in the transaction that starts it, under the payment's row lock:
 * the payment's `amount_refund_pending` and its customer's `refund_pending`. Nothing is lowered until it is paid
 * (`countRefundOutcome`).
 */
export async function countRefundPending(trx: Transaction<Database>, collectionId: string, amount: number): Promise<void> {
  const payment = await trx
    .updateTable('collections')
    .set({ amount_refund_pending: sql`amount_refund_pending + ${amount}::bigint` })
    .where('id', '=', collectionId)
    .returning('customer_id')
    .executeTakeFirstOrThrow();
  if (payment.customer_id) {
    await trx
      .updateTable('customers')
      .set({ refund_pending: sql`refund_pending + ${amount}::bigint` })
      .where('id', '=', payment.customer_id)
      .execute();
  }
}

/**
 * Counts a refund's outcome where money is counted (decisions 057 and 073), in the transaction that completes it (once,
 * transfers/completion.ts), after the money moved: its amount leaves the payment's `amount_refund_pending` and its
 * customer's `refund_pending`; paid, it joins `amount_refunded` and comes off its customer's `total_paid` and the
 * reports' daily roll-up on the day, channel
 * and currency its payment was counted on (reports/repository.ts `addToDailyTotals`); failed or declined, nothing else
 * changes. The completion took the payment's row lock before the wallet's.
 */
export async function countRefundOutcome(
  trx: Transaction<Database>,
  collectionId: string,
  amount: number,
  paid: boolean,
): Promise<void> {
  const payment = await trx
    .updateTable('collections')
    .set({
      amount_refund_pending: sql`amount_refund_pending - ${amount}::bigint`,
      amount_refunded: paid ? sql`amount_refunded + ${amount}::bigint` : sql`amount_refunded`,
    })
    .where('id', '=', collectionId)
    .returning(['account_id', 'environment', 'customer_id', 'channel', 'currency', 'completed_at'])
    .executeTakeFirstOrThrow();
  if (payment.customer_id) {
    await trx
      .updateTable('customers')
      .set({
        refund_pending: sql`refund_pending - ${amount}::bigint`,
        total_paid: paid ? sql`total_paid - ${amount}::bigint` : sql`total_paid`,
      })
      .where('id', '=', payment.customer_id)
      .execute();
  }
  if (!paid) return;
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
