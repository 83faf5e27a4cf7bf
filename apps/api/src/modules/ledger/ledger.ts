import type { Environment } from '@sente/contracts/constants';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Currency, Database, WalletKind } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type WalletKey = { accountId: string | null; kind: WalletKind; currency: Currency; environment: Environment };
export type Posting = { walletId: string; amount: number };

/** A movement that would take a wallet below zero. */
export class InsufficientFundsError extends Error {}

/** The id of a wallet, created empty the first time it is needed. */
export async function walletId(db: Db, key: WalletKey): Promise<string> {
  const find = () =>
    db
      .selectFrom('wallets')
      .select('id')
      .where(key.accountId === null ? sql<boolean>`account_id is null` : sql<boolean>`account_id = ${key.accountId}`)
      .where('kind', '=', key.kind)
      .where('currency', '=', key.currency)
      .where('environment', '=', key.environment)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  const inserted = await db
    .insertInto('wallets')
    .values({ account_id: key.accountId, kind: key.kind, currency: key.currency, environment: key.environment })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // Another transaction created it between our read and our insert.
  const raced = await find();
  if (!raced) throw new Error('wallet vanished after a conflicting insert');
  return raced.id;
}

/**
 * Writes one balanced movement (DESIGN §6) inside the caller's transaction: the transaction row, its entries,
 * and each wallet's cached balance. The database refuses an unbalanced set at commit and a negative merchant,
 * fee or hold balance at once; the latter surfaces as InsufficientFundsError.
 */
export async function postMovement(
  trx: Transaction<Database>,
  movement: { kind: string; environment: Environment; referenceId: string; postings: Posting[] },
): Promise<string> {
  const postings = movement.postings.filter((posting) => posting.amount !== 0);
  const total = postings.reduce((sum, posting) => sum + posting.amount, 0);
  if (total !== 0) throw new Error(`unbalanced movement ${movement.kind}: entries sum to ${total}`);
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) throw new Error(`amount ${posting.amount} is not a whole number`);
  }

  const { id } = await trx
    .insertInto('ledger_transactions')
    .values({ kind: movement.kind, environment: movement.environment, reference_id: movement.referenceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (postings.length === 0) return id;
  await trx
    .insertInto('ledger_entries')
    .values(postings.map((posting) => ({ transaction_id: id, wallet_id: posting.walletId, amount: posting.amount })))
    .execute();
  // Wallets are updated in id order, so two movements over the same wallets never wait on each other in a cycle.
  for (const posting of [...postings].sort((a, b) => a.walletId.localeCompare(b.walletId))) {
    try {
      await trx
        .updateTable('wallets')
        .set({ balance: sql`balance + ${posting.amount}`, updated_at: new Date() })
        .where('id', '=', posting.walletId)
        .execute();
    } catch (error) {
      if (
        (error as { constraint?: string }).constraint === 'wallets_balance_not_negative' ||
        String(error).includes('wallets_balance_not_negative')
      ) {
        throw new InsufficientFundsError('insufficient funds');
      }
      throw error;
    }
  }
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
  kind: 'balance_mismatch' | 'unbalanced_transaction' | 'negative_balance';
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
  ];
}
