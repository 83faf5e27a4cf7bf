import type { Environment } from '@sente/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** Money data is scoped to the account and its active environment: test and live money never mix. */
export type MoneyScope = { accountId: string; environment: Environment };

/**
 * An account's list total in its environment, read from a counter table kept by a trigger (collection_counts, migration
 * 015; customer_counts, 020; transfer_counts, 019), not counted: one row, however busy the account.
 */
export async function readCounter(
  db: Kysely<Database>,
  table: 'collection_counts' | 'customer_counts' | 'transfer_counts',
  scope: MoneyScope,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('total')
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
