import type { BatchRow, PayoutBatch } from '@sente/contracts/payout-batches';
import { simulatedHolder } from '../modules/money/providers/simulated-holder.ts';
import type { Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { multipartBody } from './upload-fixtures.ts';
import { bearer } from './users.ts';

/** A sheet's rows as CSV text under the template's header. */
export function csvOf(rows: (string | number)[][], header = 'phone,amount,name,reference,narrative'): Buffer {
  return Buffer.from(`${[header, ...rows.map((row) => row.join(','))].join('\n')}\n`);
}

/** The name the test-mode simulator has registered behind a `07XXXXXXXX` number (its name check's answer). */
export function registeredName(phone: string): string {
  const holder = simulatedHolder(`256${phone.slice(1)}`);
  if (holder.status !== 'registered') throw new Error(`the simulator has no name for ${phone} (${holder.status})`);
  return holder.name;
}

/**
 * `count` good rows: MTN and Airtel numbers in turn, amounts from 1,000, each with its own reference, named as the
 * simulator has registered the number (so the name check matches).
 */
export function goodRows(count: number, start = 0): (string | number)[][] {
  return Array.from({ length: count }, (_, index) => {
    const n = start + index;
    const phone = n % 2 === 0 ? `0772${String(100000 + n).padStart(6, '0')}` : `0701${String(100000 + n).padStart(6, '0')}`;
    return [phone, 1000 + n, registeredName(phone), `REF-${n}`, 'Salary'];
  });
}

/** POST /api/payout-batches with the sheet as a browser's FormData sends it. */
export async function uploadSheet(
  t: TestApp,
  who: { accessToken: string },
  file: { bytes: Buffer; name: string },
  reference?: string,
) {
  const body = await multipartBody([
    ...(reference === undefined ? [] : ([['reference', reference]] as [string, string][])),
    ['file', { bytes: file.bytes, name: file.name, type: 'text/csv' }],
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/payout-batches',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(who.accessToken) },
  });
}

/** Uploads and answers the new batch, failing loudly otherwise. */
export async function newBatch(t: TestApp, who: Merchant, rows: (string | number)[][], reference?: string): Promise<PayoutBatch> {
  const res = await uploadSheet(t, who, { bytes: csvOf(rows), name: 'payouts.csv' }, reference);
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Runs the worker's batch work (and the payouts' reports) until nothing is due: at `later`, or at each pass's present. */
export async function runBatchWork(t: TestApp, later?: Date) {
  for (let pass = 0; pass < 20; pass += 1) {
    const result = await t.app.services.jobs.runDue({ now: later ?? new Date() });
    const did = result.batches.names.done + result.batches.payouts.done + result.payouts.settled + result.batches.expired;
    if (did === 0) return;
  }
}

export async function batchOf(t: TestApp, who: { accessToken: string }, id: string): Promise<PayoutBatch> {
  const res = await t.app.inject({ method: 'GET', url: `/api/payout-batches/${id}`, headers: bearer(who.accessToken) });
  if (res.statusCode !== 200) throw new Error(`batch answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Every row of a batch, page after page. */
export async function rowsOf(t: TestApp, who: { accessToken: string }, id: string, show = 'all'): Promise<BatchRow[]> {
  const rows: BatchRow[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payout-batches/${id}/rows?show=${show}${query}`,
      headers: bearer(who.accessToken),
    });
    if (res.statusCode !== 200) throw new Error(`rows answered ${res.statusCode}: ${res.body}`);
    const page = res.json().data;
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

export function batchCall(
  t: TestApp,
  who: { accessToken: string },
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: bearer(who.accessToken), ...(payload ? { payload } : {}) });
}

/** A draft of `maker`'s whose names the worker has looked up. */
export async function checkedDraft(t: TestApp, maker: Merchant, rows: (string | number)[][]): Promise<PayoutBatch> {
  const batch = await newBatch(t, maker, rows);
  await runBatchWork(t);
  return batchOf(t, maker, batch.id);
}

/** A batch of `maker`'s awaiting another member's approval. */
export async function submittedBatch(t: TestApp, maker: Merchant, rows: (string | number)[][]): Promise<PayoutBatch> {
  const batch = await checkedDraft(t, maker, rows);
  const res = await batchCall(t, maker, 'POST', `/api/payout-batches/${batch.id}/submit`);
  if (res.statusCode !== 200) throw new Error(`submit answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
