import { randomUUID } from 'node:crypto';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { verifyLedger } from '../modules/money/ledger.ts';
import type { TransferRecord } from '../modules/money/tables.ts';
import { createMerchant, type Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { fundWallet, saveBankDetails } from './transfers.ts';
import { mintPinToken } from './transfers-more.ts';

export const ACCOUNTS = 20;
/**
 * 1,000 requests, 50 at a time over 20 wallets: each of the 20 rounds sends two or three requests from every wallet
 * at once (and as many wallet transfers to it), beside a pass of settlements decided and payouts completed. A race on
 * a wallet's balance needs one round with two requests on that wallet, and every round has them; more rounds only
 * repeat it. The shares the run must still show (at least 20 % movements made, 10 % refused) are asserted below.
 */
const OPERATIONS = 1000;
const IN_FLIGHT = 50;

/** What a request answered: its status and its message. */
type Answer = { status: number; message: string };

/** Sends one POST as `from` (in process, or over HTTP to a server) and answers its status and message. */
export type Send = (from: Merchant, path: string, body: object, headers: Record<string, string>) => Promise<Answer>;

export type RaceResult = {
  /** What each of the 1,000 requests answered. */
  answers: Answer[];
  /** Every transfer row after the race, none of them pending. */
  transfers: Pick<TransferRecord, 'id' | 'kind' | 'status' | 'amount' | 'charge'>[];
};

/** mulberry32: the same "random" workload on every run, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The race's merchants: each with 20,000-500,000 UGX paid in by a customer, and bank details for settlements. */
export async function seedRaceMerchants(t: TestApp): Promise<Merchant[]> {
  const random = seeded(7);
  const amounts = Array.from({ length: ACCOUNTS }, () => 20_000 + Math.floor(random() * 480_000));
  return Promise.all(
    amounts.map(async (amount, i) => {
      const merchant = await createMerchant(t, `Shop ${i + 1}`);
      await fundWallet(t, merchant, amount);
      await saveBankDetails(t, merchant);
      return merchant;
    }),
  );
}

/** The operator's part: every pending settlement approved or rejected, alternately. */
export async function decidePendingSettlements(t: TestApp): Promise<void> {
  const pending = await t.database.db
    .selectFrom('transfers')
    .select('id')
    .where('kind', '=', 'settlement')
    .where('status', '=', 'pending')
    .execute();
  await Promise.all(
    pending.map((row, i) =>
      i % 2 === 0 ? t.app.services.transfers.approveSettlement(row.id) : t.app.services.transfers.rejectSettlement(row.id),
    ),
  );
}

/**
 * 1,000 random transfers, settlements and payouts from the merchants, 50 at a time, each sent by `send`, while
 * `finishSome` moves the world on (settlements decided, payouts completed) beside every batch and once after the
 * last; then every check: never negative during or after, every answer a movement or an 'Invalid Amount'
 * refusal, one transfer row per 201, nothing pending, money conserved, each transfer's ledger movements exactly as
 * expected, and the ledger verified. `t` is a test app on the same database: the checks read through it and the
 * PIN tokens are written through it.
 */
export async function runMoneyRace(
  t: TestApp,
  merchants: Merchant[],
  world: { send: Send; finishSome: () => Promise<void> },
): Promise<RaceResult> {
  const db = t.database.db;
  const random = seeded(2026);
  const pick = () => merchants[Math.floor(random() * merchants.length)]!;
  // A PIN token straight into the table: the scrypt PIN check has its own tests and would only slow the race.
  const token = (merchant: Merchant) => mintPinToken(t, merchant);

  const operation = async (): Promise<Answer> => {
    const from = pick();
    const roll = random();
    // Amounts up to 120,000 against wallets of 20,000-500,000: many are refused, so the check really runs.
    const amount = 1 + Math.floor(random() * 120_000);
    const key = { 'idempotency-key': randomUUID() };
    if (roll < 0.8) {
      let to = pick();
      while (to === from) to = pick();
      return world.send(
        from,
        '/api/wallet-transfers/p2p',
        { recipientAccountId: to.accountId, amount, reason: 'Stock', pin_token: await token(from) },
        key,
      );
    }
    if (roll < 0.9) {
      return world.send(from, '/api/settlements/create', { amount, reason: 'Payout', pin_token: await token(from) }, key);
    }
    const phone = random() < 0.3 ? '0772120001' : '0772123456';
    return world.send(
      from,
      '/api/yo/process_payout',
      { amount, account: phone, narrative: 'Supplier', pin_token: await token(from) },
      key,
    );
  };

  let lowestSeen = Number.POSITIVE_INFINITY;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await sql<{ lowest: string | null }>`
        select min(balance)::text as lowest from wallets where kind <> 'provider_clearing'`.execute(db);
      lowestSeen = Math.min(lowestSeen, Number(rows[0]?.lowest ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  const answers: Answer[] = [];
  try {
    for (let done = 0; done < OPERATIONS; done += IN_FLIGHT) {
      const batch = Array.from({ length: IN_FLIGHT }, () => operation());
      answers.push(...(await Promise.all([...batch, world.finishSome().then(() => null)])).filter((a) => a !== null));
    }
    await world.finishSome();
  } finally {
    sampling = false;
    await sampler;
  }

  // Every answer is a movement made or an 'Invalid Amount' refusal; never a 500.
  const made = answers.filter((a) => a.status === 201).length;
  const refused = answers.filter((a) => a.status === 400);
  expect(answers).toHaveLength(OPERATIONS);
  expect(made + refused.length).toBe(OPERATIONS);
  expect(new Set(refused.map((a) => a.message))).toEqual(new Set([M.invalidAmount]));
  expect(made).toBeGreaterThan(OPERATIONS / 5);
  expect(refused.length).toBeGreaterThan(OPERATIONS / 10);

  // No wallet but provider clearing was ever below zero, during the run or after it.
  expect(lowestSeen).toBeGreaterThanOrEqual(0);
  const { rows: negative } = await sql`select id from wallets where kind <> 'provider_clearing' and balance < 0`.execute(db);
  expect(negative).toEqual([]);

  // A refused request left nothing behind: one transfer row per 201.
  const transfers = await db.selectFrom('transfers').select(['id', 'kind', 'status', 'amount', 'charge']).execute();
  expect(transfers).toHaveLength(made);
  expect(transfers.filter((row) => row.status === 'pending')).toEqual([]);

  // Money is conserved: what customers paid in is in the wallets, the fees and the holds, less what left.
  const { rows: sums } = await sql<{ kind: string; total: string }>`
    select kind, sum(balance)::text as total from wallets where environment = 'test' group by kind`.execute(db);
  const total = (kind: string) => Number(sums.find((row) => row.kind === kind)?.total ?? 0);
  const { rows: collected } = await sql<{ total: string }>`
    select coalesce(sum(amount), 0)::text as total from collections where status = 'successful'`.execute(db);
  const paidOut = transfers
    .filter((row) => row.kind !== 'wallet_transfer' && row.status === 'successful')
    .reduce((sum, row) => sum + Number(row.amount), 0);
  expect(total('merchant') + total('platform_fee') + total('settlement_hold')).toBe(Number(collected[0]!.total) - paidOut);
  expect(total('settlement_hold')).toBe(0);
  expect(total('merchant') + total('platform_fee') + total('settlement_hold') + total('provider_clearing')).toBe(0);

  // Each transfer moved money exactly as often as it should: once, or twice with a hold.
  const { rows: movements } = await sql<{ reference_id: string; kinds: string }>`
    select reference_id, string_agg(kind, ',' order by kind) as kinds from ledger_transactions
    where kind <> 'collection' group by reference_id`.execute(db);
  const byTransfer = new Map(movements.map((row) => [row.reference_id, row.kinds]));
  for (const row of transfers) {
    const expected =
      row.kind === 'wallet_transfer'
        ? 'wallet_transfer'
        : `${row.kind}_hold,${row.kind}_${row.status === 'successful' ? 'paid' : 'returned'}`;
    expect(byTransfer.get(row.id)).toBe(expected);
  }

  // Every cached balance equals its entries and every ledger transaction balances (ledger:verify).
  expect(await verifyLedger(db)).toEqual([]);
  return { answers, transfers };
}
