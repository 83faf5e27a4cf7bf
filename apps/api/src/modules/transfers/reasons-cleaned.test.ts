/**
 * Decision 016: a transfer's reason is cleaned on write by one function (storedReason) on every path that takes one: the
 * dashboard's wallet transfer, settlement and payout and a /v1 payout. What is stored, what the caller is answered and
 * what Transfers.xlsx shows never carry the markup as it was sent.
 */
import { MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as cleanApiPayoutReasons } from '../../db/migrations/2026_11_27_030_api_payout_reasons_cleaned.ts';
import { get } from '../../testing/http.ts';
import { apiKeysOf, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { p2p, payout, requestSettlement, saveBankDetails, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob, readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
let alice: Merchant;
let bob: Merchant;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ ...WALLET_ENV, ...MERCHANT_API_ENV });
  ({ alice, bob } = await createAliceAndBob(t));
  await saveBankDetails(t, alice);
  key = (await apiKeysOf(t, alice)).test_key;
}, 60_000);
afterAll(() => t?.close());

/** A reason with a handler, a script and an attribute on an allowed tag, after the words that name its path. */
const markup = (path: string) => `${path} 17<img src=x onerror=alert(1)><script>alert(2)</script> <b onclick="x()">paid</b>`;

const PATHS = {
  transfer: () => p2p(t, alice, bob, 1_000, { reason: markup('Transfer') }),
  settlement: () => requestSettlement(t, alice, 2_000, { reason: markup('Settlement') }),
  payout: () => payout(t, alice, 3_000, '0772555123', { narrative: markup('Payout') }),
  v1: () => v1(t, key, 'POST', '/payouts', { amount: 4_000, phone: '0772555124', reason: markup('API') }),
};

const storedReason = async (id: string) =>
  (await t.database.db.selectFrom('transfers').select('reason').where('id', '=', id).executeTakeFirstOrThrow()).reason;

describe('a reason with markup', () => {
  const ids: Record<string, string> = {};

  it.each([
    ['transfer', 'Transfer 17 <b>paid</b>', 'Transfer 17 <b>paid</b>'],
    ['settlement', 'Settlement 17 <b>paid</b>', 'Settlement 17 <b>paid</b>'],
    ['payout', 'Payout 17 <b>paid</b>', 'Payout 17 <b>paid</b>'],
    // /v1 answers a reason's words, never markup.
    ['v1', 'API 17 <b>paid</b>', 'API 17 paid'],
  ] as const)('is stored and answered cleaned: %s', async (path, stored, answered) => {
    const res = await PATHS[path]();
    expect(res.statusCode, res.body).toBe(201);
    const { id, reason } = res.json().data;
    ids[path] = id;
    expect(reason).toBe(answered);
    expect(await storedReason(id)).toBe(stored);
  });

  it('is exported cleaned, as its words, whichever path wrote it', async () => {
    const sheet = (await readWorkbook((await get(t, alice, '/api/collections/smt_download')).rawPayload)).getWorksheet(
      'Transfers',
    )!;
    const reasonColumn = (sheet.getRow(1).values as unknown[]).indexOf('Reason');
    const reasons = new Set<unknown>();
    for (let row = 2; row <= sheet.rowCount; row++) reasons.add((sheet.getRow(row).values as unknown[])[reasonColumn]);
    for (const words of ['Transfer 17 paid', 'Settlement 17 paid', 'Payout 17 paid', 'API 17 paid']) {
      expect(reasons, words).toContain(words);
    }
    expect([...reasons].filter((reason) => String(reason).includes('<'))).toEqual([]);
  });

  it('is refused on /v1 when nothing but markup is left, in the envelope with a code, and nothing is paid out', async () => {
    const before = (await v1(t, key, 'GET', '/balance')).json().data.available;
    const res = await v1(t, key, 'POST', '/payouts', {
      amount: 1_000,
      phone: '0772555125',
      reason: '<img src=x onerror=alert(1)>',
    });
    expect([res.statusCode, res.json().message, res.json().code]).toEqual([
      400,
      MERCHANT_API_MESSAGES.reasonWithoutText,
      'invalid_request',
    ]);
    expect((await v1(t, key, 'GET', '/balance')).json().data.available).toBe(before);
  });

  it('is cleaned by migration 030 where a /v1 payout stored it escaped, and a reason without markup is kept', async () => {
    const setReason = (id: string, reason: string) =>
      t.database.db.updateTable('transfers').set({ reason }).where('id', '=', id).execute();
    const [markupOnly, plain] = await Promise.all(
      [4_001, 4_002].map(
        async (amount) => (await v1(t, key, 'POST', '/payouts', { amount, phone: '0772555126' })).json().data.id,
      ),
    );
    await setReason(ids.v1!, 'Rent &lt;img src=x onerror=alert(1)&gt;&lt;b onclick=&quot;x()&quot;&gt;May&lt;/b&gt;');
    await setReason(markupOnly, '&lt;script&gt;alert(1)&lt;/script&gt;');
    await setReason(plain, 'Fish &amp; chips, a &lt; b');
    await cleanApiPayoutReasons(t.database.db);
    expect(await storedReason(ids.v1!)).toBe('Rent <b>May</b>');
    expect(await storedReason(markupOnly)).toBe('Payout');
    expect(await storedReason(plain)).toBe('Fish &amp; chips, a &lt; b');
    expect((await v1(t, key, 'GET', `/payouts/${ids.v1}`)).json().data.reason).toBe('Rent May');
  });
});
