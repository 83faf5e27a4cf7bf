import { createHash, randomBytes } from 'node:crypto';
import type { Environment, StaffRole } from '@sente/contracts/constants';
import { PIN_TOKEN_TTL_SECONDS } from '@sente/contracts/transfers';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { accountNumber, fundWallet, setPin } from './transfers.ts';
import { addMember, bearer, createAccount, createSignedInUser } from './users.ts';

/** A merchant whose owner has names of their own, so a transfer's creator can be told apart. */
export async function createNamedMerchant(
  t: TestApp,
  accountName: string,
  names: { firstname: string; lastname: string },
): Promise<Merchant> {
  const user = await createSignedInUser(t, names);
  return { ...user, accountId: await createAccount(t, user.accessToken, accountName) };
}

/**
 * Alice Crafts, owned by Grace Namutebi: the sender of the wallet API tests, with 500,000 UGX (less the collection
 * fee) in her test wallet and her PIN set. The tests assert these names as creator and counterparty.
 */
export async function createAlice(t: TestApp): Promise<Merchant> {
  const alice = await createNamedMerchant(t, 'Alice Crafts', { firstname: 'Grace', lastname: 'Namutebi' });
  await fundWallet(t, alice, 500_000);
  await setPin(t, alice);
  return alice;
}

/** Bob Hardware, owned by Hassan Mugisha: the recipient of the wallet API tests, with an empty wallet and no PIN. */
export function createBob(t: TestApp): Promise<Merchant> {
  return createNamedMerchant(t, 'Bob Hardware', { firstname: 'Hassan', lastname: 'Mugisha' });
}

/** Alice ready to send and Bob to receive, with their account numbers: the usual pair of the wallet API tests. */
export async function createAliceAndBob(t: TestApp) {
  const [alice, bob] = await Promise.all([createAlice(t), createBob(t)]);
  const [aliceNumber, bobNumber] = await Promise.all([accountNumber(t, alice), accountNumber(t, bob)]);
  return { alice, bob, aliceNumber, bobNumber };
}

/** A new user who joins the owner's account with a role, the account being their current one. */
export async function createMember(
  t: TestApp,
  owner: Merchant,
  role: StaffRole,
  names: { firstname: string; lastname: string },
): Promise<Merchant> {
  const user = await createSignedInUser(t, names);
  await addMember(t, owner.accountId, user, role, owner.userId, { makeCurrent: true });
  return { ...user, accountId: owner.accountId };
}

/** POST /api/sente-account/switch-account, failing loudly. */
export async function switchAccount(t: TestApp, who: { accessToken: string }, accountId: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sente-account/switch-account',
    headers: bearer(who.accessToken),
    payload: { sente_account_id: accountId },
  });
  if (res.statusCode !== 200) throw new Error(`switch-account answered ${res.statusCode}: ${res.body}`);
}

/** Switches the merchant's account to an environment; production is approved first, as an operator would. */
export async function useEnvironment(t: TestApp, merchant: Merchant, environment: Environment): Promise<void> {
  if (environment === 'production') await t.app.services.accounts.approve(merchant.accountId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/keys/set-environment',
    headers: bearer(merchant.accessToken),
    payload: { environment },
  });
  if (res.statusCode !== 200) throw new Error(`set-environment answered ${res.statusCode}: ${res.body}`);
}

/**
 * A single-use PIN token written the way a right PIN at verify_pin writes one (pins.ts), without the scrypt check:
 * for tests that need many transfers quickly. Everything else in the tests verifies the PIN for real.
 */
export async function mintPinToken(
  t: TestApp,
  member: { accountId: string; userId: string },
  ttlSeconds = PIN_TOKEN_TTL_SECONDS,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.database.db
    .insertInto('pin_tokens')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      account_id: member.accountId,
      user_id: member.userId,
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
  return token;
}

/**
 * Everything a money movement could touch: the accounts' UGX balances in both environments, and the numbers of
 * transfers and ledger transactions in the whole database. Equal snapshots mean nothing moved.
 */
export async function moneySnapshot(t: TestApp, ...accountIds: string[]) {
  const wallets = await t.database.db
    .selectFrom('wallets')
    .select(['account_id', 'environment', 'balance'])
    .where('kind', '=', 'merchant')
    .where('currency', '=', 'UGX')
    .where('account_id', 'in', accountIds)
    .execute();
  const balances = Object.fromEntries(
    accountIds.map((id) => [
      id,
      {
        test: Number(wallets.find((w) => w.account_id === id && w.environment === 'test')?.balance ?? 0),
        production: Number(wallets.find((w) => w.account_id === id && w.environment === 'production')?.balance ?? 0),
      },
    ]),
  );
  const { rows } = await sql<{ transfers: string; movements: string }>`
    select (select count(*) from transfers) as transfers, (select count(*) from ledger_transactions) as movements`.execute(
    t.database.db,
  );
  return { balances, transfers: Number(rows[0]?.transfers), movements: Number(rows[0]?.movements) };
}

/** Reads an xlsx answer back with exceljs. */
export async function readWorkbook(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}
