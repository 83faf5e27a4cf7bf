/** The payout's name step through HTTP: who the provider has registered behind a number, masked. */
import { SIMULATOR } from '@sente/contracts/payments';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { WALLET_ENV } from '../../testing/transfers.ts';
import { useEnvironment } from '../../testing/transfers-more.ts';

let t: TestApp;
let merchant: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  merchant = await createMerchant(t);
});
afterAll(() => t?.close());

const nameOf = (phone: unknown) => post(t, merchant, '/api/wallet/mobile-money-name', { phone });

describe('POST /api/wallet/mobile-money-name', () => {
  it("answers a test number's registered name masked, with its network, in the usual envelope", async () => {
    const mtn = await nameOf('0772 000 011');
    expect(mtn.statusCode).toBe(200);
    expect(mtn.json()).toEqual({
      status: 'success',
      data: { network: 'MTN', check: 'registered', masked_name: 'J*** OKELLO' },
    });
    expect(mtn.body).not.toContain('John');
    const airtel = await nameOf('+256 752 000 012');
    expect(airtel.json().data).toEqual({ network: 'AIRTEL', check: 'registered', masked_name: 'S*** NAKATO' });
  });

  it('says when a number is not registered, barred, or its provider could not say', async () => {
    const { notRegistered, barred, unavailable } = SIMULATOR.holders;
    expect((await nameOf(notRegistered)).json().data).toEqual({ network: 'MTN', check: 'not_registered', masked_name: null });
    expect((await nameOf(barred)).json().data).toEqual({ network: 'AIRTEL', check: 'barred', masked_name: null });
    expect((await nameOf(unavailable)).json().data).toEqual({ network: 'MTN', check: 'unavailable', masked_name: null });
  });

  it('gives any other number a name made from its digits, the same every time', async () => {
    const first = (await nameOf('0701234567')).json().data;
    expect(first).toEqual({ network: 'AIRTEL', check: 'registered', masked_name: expect.stringMatching(/^[A-Z]\*\*\* [A-Z]+$/) });
    expect((await nameOf('0701234567')).json().data).toEqual(first);
  });

  it("refuses a number a payout would refuse, with the payout's messages", async () => {
    expect(answer(await nameOf(''))).toEqual([400, M.phoneEmpty]);
    expect(answer(await nameOf('12345'))).toEqual([400, M.phoneInvalid]);
    expect(answer(await nameOf('0312345678'))).toEqual([400, M.payoutNetworkUnsupported]);
    expect(answer(await nameOf('441234567890'))).toEqual([400, M.payoutNetworkUnsupported]);
    expect((await post(t, merchant, '/api/wallet/mobile-money-name', {})).statusCode).toBe(400);
  });

  it('answers unavailable in live mode when no live rail pays the number', async () => {
    await useEnvironment(t, merchant, 'production');
    expect((await nameOf('0772000011')).json().data).toEqual({ network: 'MTN', check: 'unavailable', masked_name: null });
    await useEnvironment(t, merchant, 'test');
  });
});
