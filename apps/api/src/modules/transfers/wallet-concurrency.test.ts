import { afterAll, beforeAll, describe, it } from 'vitest';
import { post } from '../../testing/http.ts';
import { decidePendingSettlements, runMoneyRace, seedRaceMerchants } from '../../testing/money-race.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { payoutsDone, WALLET_ENV } from '../../testing/transfers.ts';

// PGlite is one connection: nothing would run at the same time there, so this proves nothing on it.
describe.skipIf(testDatabaseKind !== 'postgres')('money out under concurrency on PostgreSQL', () => {
  let t: TestApp;
  let merchants: Merchant[];

  beforeAll(async () => {
    t = await createTestApp(WALLET_ENV);
    merchants = await seedRaceMerchants(t);
  }, 180_000);
  afterAll(() => t?.close());

  it('1,000 random transfers, settlements and payouts, 50 at a time: never negative, nothing lost or made', async () => {
    await runMoneyRace(t, merchants, {
      // In process, through app.inject.
      send: async (from, path, body, headers) => {
        const res = await post(t, from, path, body, headers);
        return { status: res.statusCode, message: res.json().message };
      },
      // The operator and the provider act while transfers run: settlements decided, one worker pass reports payouts.
      finishSome: async () => {
        await decidePendingSettlements(t);
        await payoutsDone(t, new Date(Date.now() + 60_000));
      },
    });
  }, 300_000);
});
