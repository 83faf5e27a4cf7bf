import { kampalaDay } from '@sente/contracts/dates';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

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
