/**
 * The name check's look-up against the fake MTN and Airtel (each answering as its provider's public documentation
 * shows, testing/fake-mtn.ts and fake-airtel.ts), through the adapters and the per-provider pacing.
 */
import { SIMULATOR } from '@sente/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAirtel, startFakeAirtel } from '../../../testing/fake-airtel.ts';
import { type FakeMtn, startFakeMtn } from '../../../testing/fake-mtn.ts';
import { createNameLookup } from './name-lookup.ts';
import { createProviderRegistry, createSimulator, type PaymentProvider } from './provider.ts';
import { createAirtelMoney } from './rails/airtel.ts';
import { createMtnMomo } from './rails/mtn.ts';

let mtnFake: FakeMtn;
let airtelFake: FakeAirtel;
let mtn: PaymentProvider;
let airtel: PaymentProvider;

const FAST = { mtn_momo: 1000, airtel_money: 1000, simulator: 1000 };

beforeAll(async () => {
  [mtnFake, airtelFake] = await Promise.all([startFakeMtn(), startFakeAirtel()]);
  mtn = createMtnMomo(mtnFake.settings({ retries: 0 }));
  airtel = createAirtelMoney(airtelFake.settings({ retries: 0 }));
  mtnFake.holders.set('256772100200', { given_name: 'John', family_name: 'Okello' });
  mtnFake.holders.set('256772100201', 'not_registered');
  airtelFake.holders.set('752100300', { first_name: 'Sarah', last_name: 'Nakato' });
  airtelFake.holders.set('752100301', { first_name: 'Peter', last_name: 'Otim', is_barred: true });
});
afterAll(async () => {
  await Promise.all([mtnFake?.close(), airtelFake?.close()]);
});

const lookup = (ratePerSecond = FAST) =>
  createNameLookup({
    providers: createProviderRegistry({
      simulator: createSimulator(0),
      live: { collections: {}, payouts: { MTN_UG: mtn, AIRTEL: airtel } },
    }),
    ratePerSecond,
  });

describe('MTN: basicuserinfo, then active', () => {
  it('names the holder from given_name and family_name, asked of the Disbursement product', async () => {
    expect(await mtn.accountHolder!('256772100200')).toEqual({ status: 'registered', name: 'John Okello' });
    const asked = mtnFake.requests.at(-1)!;
    expect(asked.path).toBe('/disbursement/v1_0/accountholder/msisdn/256772100200/basicuserinfo');
    expect(asked.headers['x-target-environment']).toBe('sandbox');
  });

  it('answers not registered when basicuserinfo knows no one and the account is not active', async () => {
    expect(await mtn.accountHolder!('256772100201')).toEqual({ status: 'not_registered' });
    expect(mtnFake.requests.at(-1)!.path).toBe('/disbursement/v1_0/accountholder/msisdn/256772100201/active');
    expect(await mtn.accountHolder!('256772100299')).toEqual({ status: 'not_registered' });
  });

  it('answers unavailable, never throws, on a 500, a malformed answer, a hang or no Disbursement product', async () => {
    mtnFake.fault('holder', 500);
    expect(await mtn.accountHolder!('256772100200')).toEqual({ status: 'unavailable' });
    mtnFake.fault('holder', 'malformed', 'malformed');
    expect(await mtn.accountHolder!('256772100200')).toEqual({ status: 'unavailable' });
    mtnFake.fault('holder', 'hang');
    expect(await mtn.accountHolder!('256772100200')).toEqual({ status: 'unavailable' });
    const collectionOnly = createMtnMomo(mtnFake.settings({ disbursement: null }));
    expect(await collectionOnly.accountHolder!('256772100200')).toEqual({ status: 'unavailable' });
    expect(await mtn.accountHolder!('not-a-number')).toEqual({ status: 'unavailable' });
  });
});

describe('Airtel: the user enquiry', () => {
  it('names the holder from first_name and last_name, asked without the country code, with X-Country and X-Currency', async () => {
    expect(await airtel.accountHolder!('256752100300')).toEqual({ status: 'registered', name: 'Sarah Nakato' });
    const asked = airtelFake.requests.at(-1)!;
    expect(asked.path).toBe('/standard/v1/users/752100300');
    expect(asked.headers).toMatchObject({ 'x-country': 'UG', 'x-currency': 'UGX' });
  });

  it('answers barred for a barred user and not registered for an unknown one', async () => {
    expect(await airtel.accountHolder!('256752100301')).toEqual({ status: 'barred' });
    expect(await airtel.accountHolder!('256752100399')).toEqual({ status: 'not_registered' });
  });

  it('answers unavailable, never throws, on a 503, a malformed answer, a gateway refusal or a hang', async () => {
    for (const fault of [503, 'malformed', { code: 'ROUTER001' }, 'hang'] as const) {
      airtelFake.fault('user', fault);
      expect(await airtel.accountHolder!('256752100300')).toEqual({ status: 'unavailable' });
    }
  });
});

describe('createNameLookup', () => {
  it('asks the provider that would pay the number: the simulator in test, the network live', async () => {
    const names = lookup();
    expect(await names.holder('test', SIMULATOR.holders.barred)).toEqual({ status: 'barred' });
    expect(await names.holder('production', '256772100200')).toEqual({ status: 'registered', name: 'John Okello' });
    expect(await names.holder('production', '256752100300')).toEqual({ status: 'registered', name: 'Sarah Nakato' });
  });

  it('answers unavailable when no live rail pays the number, or the provider cannot look holders up', async () => {
    const none = createNameLookup({
      providers: createProviderRegistry({ simulator: createSimulator(0), live: { collections: {}, payouts: {} } }),
      ratePerSecond: FAST,
    });
    expect(await none.holder('production', '256772100200')).toEqual({ status: 'unavailable' });
    const { accountHolder: _, ...noLookup } = mtn;
    const without = createNameLookup({
      providers: createProviderRegistry({
        simulator: createSimulator(0),
        live: { collections: {}, payouts: { MTN_UG: noLookup } },
      }),
      ratePerSecond: FAST,
    });
    expect(await without.holder('production', '256772100200')).toEqual({ status: 'unavailable' });
  });

  it("paces each provider's calls within its rate, and one provider's pace does not hold up another's", async () => {
    const names = lookup({ mtn_momo: 1000, airtel_money: 1000, simulator: 20 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, index) => names.holder('test', `25677210040${index}`)));
    // Five calls at 20 a second: the fifth waits four gaps of 50 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const other = Date.now();
    await names.holder('production', '256772100200');
    expect(Date.now() - other).toBeLessThan(150);
  });
});
