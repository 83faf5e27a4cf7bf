import type { Currency, Environment } from '@sente/contracts/constants';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { emit } from '../events/events.ts';
import type { Movement } from './movements.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A movement that would take a wallet below zero. */
export class InsufficientFundsError extends Error {}

/**
 * How many wallets each platform wallet (fee, provider clearing, settlement hold) is split into. A movement books
 * into the shard its reference picks, so concurrent movements rarely wait on the same platform row; the platform's
 * balance of a kind is the sum of its shards.
 */
export const PLATFORM_SHARDS = 16;

/** The shard of the platform wallets a movement for `referenceId` books into (FNV-1a of the id): the same every time. */
export function shardOf(referenceId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < referenceId.length; i++) {
    hash ^= referenceId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PLATFORM_SHARDS;
}

/**
 * The postings as post_movement takes them (migration 019), after the checks that need no database: whole amounts
 * summing to zero, one currency, and every wallet in the movement's environment. Throws on a wrong movement.
 */
export function movementPostings(movement: Movement): string {
  const postings = movement.postings.filter((posting) => posting.amount !== 0);
  const total = postings.reduce((sum, posting) => sum + posting.amount, 0);
  if (total !== 0) throw new Error(`unbalanced movement ${movement.kind}: entries sum to ${total}`);
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) throw new Error(`amount ${posting.amount} is not a whole number`);
    if (posting.wallet.environment !== movement.environment) {
      throw new Error(`movement ${movement.kind} in ${movement.environment} names a ${posting.wallet.environment} wallet`);
    }
  }
  if (new Set(postings.map((posting) => posting.wallet.currency)).size > 1) {
    throw new Error(`movement ${movement.kind} mixes currencies`);
  }
  return JSON.stringify(
    postings.map(({ wallet, amount, shardKey }) => ({
      account_id: wallet.accountId,
      kind: wallet.kind,
      currency: wallet.currency,
      shard: wallet.accountId === null ? shardOf(shardKey ?? movement.referenceId) : 0,
      amount,
    })),
  );
}

/** True for the database's refusal of a debit beyond a wallet's balance (post_movement, or the balance check). */
export function isInsufficientFunds(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return (
    code === 'SE001' || constraint === 'wallets_balance_not_negative' || String(error).includes('wallets_balance_not_negative')
  );
}

/**
 * Writes one balanced movement (its lines sum to zero per currency) in one statement inside the caller's transaction: each wallet's balance
 * (created empty the first time it is credited), then the transaction row and its entries. The database refuses an
 * unbalanced or mixed-currency set and a debit beyond a merchant, fee or hold balance; the latter surfaces as
 * InsufficientFundsError. It emits balance.changed in the same transaction (a member's low-balance alert).
 */
export async function postMovement(trx: Transaction<Database>, movement: Movement): Promise<string> {
  const postings = movementPostings(movement);
  let id: string;
  try {
    const { rows } = await sql<{ id: string }>`
      select post_movement(${movement.kind}, ${movement.environment}, ${movement.referenceId}::uuid, ${postings}::jsonb) as id`.execute(
      trx,
    );
    id = rows[0]!.id;
  } catch (error) {
    if (isInsufficientFunds(error)) throw new InsufficientFundsError('insufficient funds');
    throw error;
  }
  await emit(trx, { type: 'balance.changed', ledgerTransactionId: id });
  return id;
}

export type Balances = Record<Currency, Record<Environment, number>>;

/** An account's merchant balances in both currencies and environments (0 where no wallet exists yet). */
export async function merchantBalances(db: Db, accountId: string): Promise<Balances> {
  const rows = await db
    .selectFrom('wallets')
    .select(['currency', 'environment', 'balance'])
    .where('account_id', '=', accountId)
    .where('kind', '=', 'merchant')
    .execute();
  const balances: Balances = { UGX: { test: 0, production: 0 }, USD: { test: 0, production: 0 } };
  for (const row of rows) balances[row.currency][row.environment] = Number(row.balance);
  return balances;
}

export type LedgerProblem = {
  kind: 'balance_mismatch' | 'unbalanced_transaction' | 'negative_balance' | 'balance_after_mismatch';
  id: string;
  detail: string;
};

/** Everything that would make the ledger wrong; an empty list means it holds (npm run ops -- ledger:verify). */
export async function verifyLedger(db: Db): Promise<LedgerProblem[]> {
  const mismatched = await sql<{ id: string; balance: string; entries: string }>`
    select w.id, w.balance::text, coalesce(sum(e.amount), 0)::text as entries
    from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id having w.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  const unbalanced = await sql<{ transaction_id: string; total: string }>`
    select transaction_id, sum(amount)::text as total from ledger_entries group by transaction_id having sum(amount) <> 0`.execute(
    db,
  );
  const negative = await sql<{ id: string; kind: string; balance: string }>`
    select id, kind, balance::text from wallets where kind <> 'provider_clearing' and balance < 0`.execute(db);
  // Each entry's balance_after is its wallet's running sum in the statement's order (decision 052).
  const runningWrong = await sql<{ id: string; balance_after: string | null; running: string }>`
    select id::text, balance_after::text, running::text from (
      select id, balance_after, sum(amount) over (partition by wallet_id order by created_at, transaction_id
                                                  rows between unbounded preceding and current row) as running
        from ledger_entries) e
     where balance_after is distinct from running`.execute(db);
  return [
    ...mismatched.rows.map((row) => ({
      kind: 'balance_mismatch' as const,
      id: row.id,
      detail: `cached balance ${row.balance}, entries sum to ${row.entries}`,
    })),
    ...unbalanced.rows.map((row) => ({
      kind: 'unbalanced_transaction' as const,
      id: row.transaction_id,
      detail: `entries sum to ${row.total}`,
    })),
    ...negative.rows.map((row) => ({
      kind: 'negative_balance' as const,
      id: row.id,
      detail: `${row.kind} wallet at ${row.balance}`,
    })),
    ...runningWrong.rows.map((row) => ({
      kind: 'balance_after_mismatch' as const,
      id: row.id,
      detail: `entry says balance ${row.balance_after ?? 'nothing'} after it, its wallet's entries sum to ${row.running}`,
    })),
  ];
}
