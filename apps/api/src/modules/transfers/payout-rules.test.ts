/**
 * Payout rules (decision 065): set and read by the account's owners and administrators, and enforced inside every
 * movement out's transaction: a payout (dashboard and /v1), a settlement, a wallet transfer and a refund. A movement over
 * a rule is refused with the rule named and writes nothing; two at once cannot both slip under a daily cap.
 */
import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { MAX_RULE_AMOUNT, PAYOUT_RULE_LABELS, PAYOUT_RULE_MESSAGES as R } from '@sente/contracts/payout-rules';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_29_038_payout_rules.ts';
import { get, post } from '../../testing/http.ts';
import { apiKeysOf, v1 } from '../../testing/merchant-api.ts';
import { createPaymentLink, expectLedgerHolds, type Merchant, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  fundWallet,
  p2p,
  payout,
  pinToken,
  requestSettlement,
  saveBankDetails,
  setPin,
  WALLET_ENV,
} from '../../testing/transfers.ts';
import { createBob, createMember, createNamedMerchant, mintPinToken, moneySnapshot } from '../../testing/transfers-more.ts';
import { kampalaDayStart, needsApproval } from './payout-rules.ts';

let t: TestApp;
/** Receives the wallet transfers; never has rules. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  bob = await createBob(t);
});
afterAll(async () => {
  await expectLedgerHolds(t);
  await t?.close();
});

/**
 * A funded account of its own (so each test's daily sums start at zero), with its PIN and bank details set, and an
 * administrator beside its owner, so an approval threshold has a second member to ask (decision 071).
 */
async function funded(name: string): Promise<Merchant> {
  const merchant = await createNamedMerchant(t, name, { firstname: 'Grace', lastname: 'Namutebi' });
  await createMember(t, merchant, 'administrator', { firstname: 'Moses', lastname: 'Kato' });
  await fundWallet(t, merchant, 500_000);
  await setPin(t, merchant);
  await saveBankDetails(t, merchant);
  return merchant;
}

async function setRules(who: Merchant, body: object) {
  const res = await post(t, who, '/api/payout-rules', body);
  if (res.statusCode !== 200) throw new Error(`payout-rules answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** A refusal by a rule: 400, the rule's message, the payout_rule code. */
const refusedBy = (message: string) => ({ status: 'error', message, code: API_ERROR_CODES.payoutRule });

describe('GET and POST /api/payout-rules', () => {
  it('answers no rules until set, then the set, 0 and empty meaning off', async () => {
    const owner = await funded('Rules Shop');
    const none = await get(t, owner, '/api/payout-rules');
    expect(none.json().data).toEqual({
      per_payout_cap: null,
      daily_cap: null,
      member_daily_cap: null,
      approval_threshold: 0,
      updated_at: null,
    });
    const saved = await setRules(owner, {
      per_payout_cap: '1,000,000',
      daily_cap: 5_000_000,
      member_daily_cap: '',
      approval_threshold: '250000',
    });
    expect(saved).toMatchObject({ per_payout_cap: 1_000_000, daily_cap: 5_000_000, member_daily_cap: null });
    expect(saved.approval_threshold).toBe(250_000);
    expect((await get(t, owner, '/api/payout-rules')).json().data).toEqual(saved);
    expect(await setRules(owner, { per_payout_cap: 0, daily_cap: null })).toMatchObject({
      per_payout_cap: null,
      daily_cap: null,
      approval_threshold: 0,
    });
  });

  it('refuses negative, fractional, huge and wrongly typed amounts with the setting named', async () => {
    const owner = await funded('Careless Shop');
    const invalid = (field: keyof typeof PAYOUT_RULE_LABELS) => R.invalid(PAYOUT_RULE_LABELS[field]);
    const cases: [object, string][] = [
      [{ per_payout_cap: -1 }, invalid('per_payout_cap')],
      [{ daily_cap: 10.5 }, invalid('daily_cap')],
      [{ daily_cap: '10.5' }, invalid('daily_cap')],
      [{ member_daily_cap: MAX_RULE_AMOUNT + 1 }, invalid('member_daily_cap')],
      [{ member_daily_cap: '9'.repeat(40) }, invalid('member_daily_cap')],
      [{ approval_threshold: true }, invalid('approval_threshold')],
      [{ approval_threshold: { amount: 1 } }, invalid('approval_threshold')],
      [{ per_payout_cap: '0x10' }, invalid('per_payout_cap')],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, owner, '/api/payout-rules', body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    // A NUL byte is refused before the schema, with the platform's own message.
    expect((await post(t, owner, '/api/payout-rules', { per_payout_cap: '1000\u0000' })).statusCode).toBe(400);
    expect((await get(t, owner, '/api/payout-rules')).json().data.updated_at).toBeNull();
  });
});

describe('the cap per payout', () => {
  it('refuses a payout, a settlement and a wallet transfer over it, writing nothing; at the cap they pass', async () => {
    const owner = await funded('Capped Shop');
    await setRules(owner, { per_payout_cap: 20_000 });
    const before = await moneySnapshot(t, owner.accountId, bob.accountId);
    const message = R.overPerPayoutCap(20_000);
    expect(message).toBe("This payout is over the account's cap of UGX 20,000 per payout.");
    for (const res of [
      await payout(t, owner, 20_001, '0772123456'),
      await requestSettlement(t, owner, 20_001),
      await p2p(t, owner, bob, 20_001),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([400, refusedBy(message)]);
    }
    expect(await moneySnapshot(t, owner.accountId, bob.accountId)).toEqual(before);
    expect((await payout(t, owner, 20_000, '0772123456')).statusCode).toBe(201);
    expect((await p2p(t, owner, bob, 20_000)).statusCode).toBe(201);
  });

  it('does not cap a refund, which pays a payer back what they paid; the daily cap counts it', async () => {
    const owner = await funded('Refunding Shop');
    const link = await createPaymentLink(t, owner, { title: 'Books', fixed_amount: false });
    const paid = await payId(t, link.ref, { amount: 60_000, phone: '0772510510' });
    await t.app.services.payments.settle(paid, { status: 'successful', message: null });
    await setRules(owner, { per_payout_cap: 10_000, daily_cap: 50_000 });
    const refund = (amount: number) =>
      pinToken(t, owner).then((pin_token) =>
        post(
          t,
          owner,
          `/api/collections/${paid}/refund`,
          { amount, reason: 'Returned', pin_token },
          {
            'idempotency-key': randomUUID(),
          },
        ),
      );
    expect((await refund(30_000)).statusCode).toBe(201);
    const over = await refund(25_000);
    expect([over.statusCode, over.json()]).toEqual([400, refusedBy(R.overDailyCap(50_000))]);
  });
});

describe('the daily caps', () => {
  it("counts the Kampala day's payouts, settlements and wallet transfers, not the rejected ones", async () => {
    const owner = await funded('Daily Shop');
    await setRules(owner, { daily_cap: 100_000 });
    expect((await payout(t, owner, 40_000, '0772123456')).statusCode).toBe(201);
    const settlement = await requestSettlement(t, owner, 30_000);
    expect(settlement.statusCode).toBe(201);
    expect((await p2p(t, owner, bob, 20_000)).statusCode).toBe(201);
    const before = await moneySnapshot(t, owner.accountId, bob.accountId);
    const over = await p2p(t, owner, bob, 10_001);
    expect([over.statusCode, over.json()]).toEqual([400, refusedBy(R.overDailyCap(100_000))]);
    expect(R.overDailyCap(5_000_000)).toBe('This would take the account over its cap of UGX 5,000,000 a day.');
    expect(await moneySnapshot(t, owner.accountId, bob.accountId)).toEqual(before);
    // The operator rejects the settlement: its 30,000 no longer counts.
    await t.app.services.transfers.rejectSettlement(settlement.json().data.id);
    expect((await payout(t, owner, 40_000, '0772123456')).statusCode).toBe(201);
  });

  it("caps each member's own day; another member, and an API key's payouts, count for the account only", async () => {
    const owner = await funded('Team Shop');
    const clerk = await createMember(t, owner, 'operations', { firstname: 'Peter', lastname: 'Okello' });
    await setPin(t, clerk);
    await setRules(owner, { member_daily_cap: 50_000, daily_cap: 120_000 });
    expect((await payout(t, clerk, 50_000, '0772123456')).statusCode).toBe(201);
    const over = await payout(t, clerk, 1, '0772123456');
    expect([over.statusCode, over.json()]).toEqual([400, refusedBy(R.overMemberDailyCap(50_000))]);
    expect(R.overMemberDailyCap(2_000_000)).toBe('This would take you over your cap of UGX 2,000,000 a day.');
    expect((await payout(t, owner, 50_000, '0772123456')).statusCode).toBe(201);
    // An API key has no member: no member's cap, but the account's day is 100,000 of 120,000 already.
    const key = (await apiKeysOf(t, owner)).test_key;
    const body = { amount: 20_000, phone: '0772123456', reason: 'Supplier' };
    expect((await v1(t, key, 'POST', '/payouts', body, { 'idempotency-key': randomUUID() })).statusCode).toBe(201);
    const refused = await v1(t, key, 'POST', '/payouts', { ...body, amount: 1 }, { 'idempotency-key': randomUUID() });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { status: 'error', message: R.overDailyCap(120_000), code: API_ERROR_CODES.payoutRule },
    ]);
  });

  it("never applies one account's rules to another", async () => {
    const capped = await funded('Strict Shop');
    const free = await funded('Free Shop');
    await setRules(capped, { per_payout_cap: 1_000, daily_cap: 1_000, member_daily_cap: 1_000 });
    expect((await payout(t, free, 50_000, '0772123456')).statusCode).toBe(201);
    expect((await p2p(t, free, capped, 50_000)).statusCode).toBe(201);
    expect((await requestSettlement(t, free, 50_000)).statusCode).toBe(201);
  });

  it('starts the day at midnight in Kampala (EAT, UTC+3)', () => {
    expect(kampalaDayStart(new Date('2026-11-29T20:59:59Z')).toISOString()).toBe('2026-11-28T21:00:00.000Z');
    expect(kampalaDayStart(new Date('2026-11-29T21:00:00Z')).toISOString()).toBe('2026-11-29T21:00:00.000Z');
  });

  it('lets exactly as many movements through at once as the daily cap allows', async () => {
    const owner = await funded('Busy Shop');
    await setRules(owner, { daily_cap: 100_000 });
    const tokens = await Promise.all(Array.from({ length: 6 }, () => mintPinToken(t, owner)));
    // Six movements of 30,000 at once, of three kinds: only three fit under 100,000, whichever they are.
    const answers = await Promise.all(
      tokens.map((token, i) =>
        i % 3 === 0
          ? payout(t, owner, 30_000, '0772123456', { token })
          : i % 3 === 1
            ? p2p(t, owner, bob, 30_000, { token })
            : requestSettlement(t, owner, 30_000, { token }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400]);
    for (const res of answers.filter((one) => one.statusCode === 400)) {
      expect(res.json().message).toBe(R.overDailyCap(100_000));
    }
  });
});

describe('GET /api/payout-rules/allowance', () => {
  it("answers the caps, the day's sums and the most one movement may be, which the movement itself then agrees with", async () => {
    const owner = await funded('Allowance Shop');
    const clerk = await createMember(t, owner, 'operations', { firstname: 'Sarah', lastname: 'Achieng' });
    await setPin(t, clerk);
    const allowance = async (who: Merchant) => {
      const res = await get(t, who, '/api/payout-rules/allowance');
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect((await payout(t, owner, 20_000, '0772123456')).statusCode).toBe(201);
    expect(await allowance(owner)).toEqual({
      per_payout_cap: null,
      daily_cap: null,
      member_daily_cap: null,
      sent_today: 20_000,
      sent_today_by_you: 20_000,
      most: null,
    });
    await setRules(owner, { per_payout_cap: 60_000, daily_cap: 100_000, member_daily_cap: 45_000 });
    expect((await payout(t, clerk, 30_000, '0772123456')).statusCode).toBe(201);
    // Another account's movements count nowhere here.
    expect((await payout(t, await funded('Next Door Shop'), 70_000, '0772123456')).statusCode).toBe(201);
    expect(await allowance(owner)).toMatchObject({ sent_today: 50_000, sent_today_by_you: 20_000, most: 25_000 });
    const clerks = await allowance(clerk);
    expect(clerks).toMatchObject({ sent_today: 50_000, sent_today_by_you: 30_000, most: 15_000 });
    const over = await payout(t, clerk, clerks.most + 1, '0772123456');
    expect([over.statusCode, over.json()]).toEqual([400, refusedBy(R.overMemberDailyCap(45_000))]);
    expect((await payout(t, clerk, clerks.most, '0772123456')).statusCode).toBe(201);
    expect(await allowance(clerk)).toMatchObject({ sent_today: 65_000, sent_today_by_you: 45_000, most: 0 });
    // The owner's room is now the account's day: 35,000 of its 100,000 are left.
    expect(await allowance(owner)).toMatchObject({ most: 25_000 });
    expect((await payout(t, owner, 25_000, '0772123456')).statusCode).toBe(201);
    expect(await allowance(owner)).toMatchObject({ sent_today: 90_000, sent_today_by_you: 45_000, most: 0 });
  });
});

describe('the approval threshold', () => {
  it('asks for a second member only above a threshold that is set (0 is off)', () => {
    expect(needsApproval({ approval_threshold: 0 }, MAX_RULE_AMOUNT)).toBe(false);
    expect(needsApproval({ approval_threshold: 250_000 }, 250_000)).toBe(false);
    expect(needsApproval({ approval_threshold: 250_000 }, 250_001)).toBe(true);
  });
});

describe('migration 038', () => {
  it('goes down and up again; the table refuses a cap of 0 or below and an unknown account', async () => {
    const db = t.database.db as Kysely<any>;
    await down(db);
    await expect(sql`select 1 from payout_rules`.execute(db)).rejects.toThrow();
    await up(db);
    const owner = await funded('Migrated Shop');
    await expect(
      sql`insert into payout_rules (account_id, daily_cap) values (${owner.accountId}, 0)`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into payout_rules (account_id, approval_threshold) values (${randomUUID()}, 1)`.execute(db),
    ).rejects.toThrow();
    expect(await setRules(owner, { daily_cap: 1 })).toMatchObject({ daily_cap: 1, approval_threshold: 0 });
  });
});
