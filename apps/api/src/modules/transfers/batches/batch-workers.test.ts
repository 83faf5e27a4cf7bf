/**
 * Decision 066: a live payout batch paid through the fake MTN and Airtel by two workers at once, after a third died
 * mid-batch between writing rows' transfers and handing them over. Every row must reach its provider once and be paid
 * once, and the ledger must verify. PostgreSQL only: PGlite is one connection, where nothing runs at once.
 */
import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS } from '../../../jobs/jobs.ts';
import { batchCall, batchOf, goodRows, rowsOf, submittedBatch } from '../../../testing/batches.ts';
import { answer } from '../../../testing/http.ts';
import { closeLiveRails, type LiveRails, liveUgx, startLiveRails } from '../../../testing/live-rails.ts';
import { createPaymentLink, type Merchant, payId } from '../../../testing/payments.ts';
import { testDatabaseKind } from '../../../testing/test-database.ts';
import { setPin } from '../../../testing/transfers.ts';
import { createMember, mintPinToken } from '../../../testing/transfers-more.ts';
import { verifyLedger } from '../../money/ledger.ts';
import { createBatchWork } from './work.ts';

const ROWS = 40;
/** The rows the dying worker writes before it dies: their transfers are committed and never handed over. */
const WRITTEN_BEFORE_DEATH = 12;
const COLLECTED = 5_000_000;
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe.skipIf(testDatabaseKind !== 'postgres')('a live batch, one worker dying mid-batch, two others paying', () => {
  let rails: LiveRails;
  let maker: Merchant;

  beforeAll(async () => {
    rails = await startLiveRails('Gulu Farmers Cooperative', { BATCH_PAY_GROUP_SIZE: '1000', BATCH_PAY_GROUP_INTERVAL_MS: '0' });
    const { t, mtn, merchant } = rails;
    const link = await createPaymentLink(t, merchant, { amount: COLLECTED });
    const collection = await payId(t, link.ref, { channel: 'MTN_UG', phone: '0772100100' });
    await mtn.complete(collection, 'SUCCESSFUL');
    await t.app.services.payments.settle(collection, { status: 'successful', message: null });
    maker = await createMember(t, merchant, 'operations', { firstname: 'Esther', lastname: 'Apio' });
    await setPin(t, maker);
  }, 60_000);
  afterAll(() => closeLiveRails(rails));

  it('pays every row once, whichever worker hands it over', async () => {
    const { t, mtn, airtel, merchant } = rails;
    const before = await liveUgx(t, merchant);
    const rows = goodRows(ROWS, 700);
    // The providers' name look-ups know each row's number under the row's name (MTN's basicuserinfo, Airtel's KYC).
    for (const [phone, , name] of rows as [string, number, string][]) {
      const [given, family] = name.split(' ') as [string, string];
      mtn.holders.set(`256${phone.slice(1)}`, { given_name: given, family_name: family });
      airtel.holders.set(phone.slice(1), { first_name: given, last_name: family });
    }
    const batch = await submittedBatch(t, maker, rows);
    // Two approvals at once, by the owner twice (two tabs): one wins, the other is told, and one hold is taken.
    const approvals = await Promise.all(
      [0, 1].map(async () =>
        batchCall(t, merchant, 'POST', `/api/payout-batches/${batch.id}/approve`, {
          pin_token: await mintPinToken(t, merchant),
        }),
      ),
    );
    expect(approvals.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answer(approvals.find((res) => res.statusCode === 400)!)).toEqual([400, M.notSubmitted]);
    const total = (await batchOf(t, merchant, batch.id)).total_amount + ROWS * 1_000;
    expect(await liveUgx(t, merchant)).toBe(before - total);

    // A worker that dies after writing its rows' transfers, before handing any of them over.
    let written = 0;
    const dying = new AbortController();
    const doomed = createBatchWork({
      db: t.database.db,
      providers: t.app.services.providers,
      names: { holder: async () => ({ status: 'unavailable' }) },
      complete: async () => false,
      send: async () => {
        written += 1;
        if (written >= WRITTEN_BEFORE_DEATH) dying.abort();
        throw new Error('the worker process was killed');
      },
      expirySeconds: 600,
      batchSize: 4,
      leaseMs: CLAIM_LEASE_MS,
      logger: pino({ level: 'silent' }),
    });
    await doomed.run({ signal: dying.signal });
    expect(written).toBe(WRITTEN_BEFORE_DEATH);
    const stranded = await t.database.db
      .selectFrom('transfers')
      .select('id')
      .where('batch_id', '=', batch.id)
      .where('provider_reference', 'is', null)
      .execute();
    expect(stranded).toHaveLength(WRITTEN_BEFORE_DEATH);
    expect(mtn.records.size + airtel.records.size).toBe(1);

    // Two workers at once, past the dead worker's hand-over grace, until the providers have every transfer.
    const transfersOf = () =>
      t.database.db.selectFrom('transfers').select(['id', 'status']).where('batch_id', '=', batch.id).execute();
    for (let pass = 0; pass < 10 && (await transfersOf()).length < ROWS; pass += 1) {
      await Promise.all([t.app.services.jobs.runDue({ now: later(15) }), t.app.services.jobs.runDue({ now: later(15) })]);
    }
    const transfers = await transfersOf();
    expect(transfers).toHaveLength(ROWS);
    // Each transfer reached its provider exactly once: one record by its own id, never a second.
    const records = [...mtn.records.keys(), ...airtel.records.keys()];
    for (const transfer of transfers)
      expect(
        records.filter((id) => id === transfer.id),
        transfer.id,
      ).toHaveLength(1);
    for (const id of mtn.records.keys()) if (transfers.some((tr) => tr.id === id)) await mtn.complete(id, 'SUCCESSFUL');
    for (const id of airtel.records.keys()) if (transfers.some((tr) => tr.id === id)) await airtel.complete(id, 'TS');
    for (let pass = 0; pass < 10 && (await batchOf(t, merchant, batch.id)).status === 'paying'; pass += 1) {
      await Promise.all([t.app.services.jobs.runDue({ now: later(60) }), t.app.services.jobs.runDue({ now: later(60) })]);
    }
    const paid = await batchOf(t, merchant, batch.id);
    expect(paid).toMatchObject({ status: 'completed', counts: { paid: ROWS, failed: 0 } });
    expect((await rowsOf(t, merchant, batch.id)).every((row) => row.status === 'paid')).toBe(true);
    expect(await liveUgx(t, merchant)).toBe(before - total);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  }, 90_000);
});
