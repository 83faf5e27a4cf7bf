/** Payout batches through HTTP and the worker (decision 066): the sheet, its checks, approval by a second member, paying. */
import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import { PAYOUT_RULE_MESSAGES as R } from '@sente/contracts/payout-rules';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchCall,
  batchOf,
  csvOf,
  goodRows,
  newBatch,
  registeredName,
  rowsOf,
  runBatchWork,
  submittedBatch,
  uploadSheet,
} from '../../../testing/batches.ts';
import { answer } from '../../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { fundWallet, pinToken, setPin, UNKNOWN_ID, WALLET_ENV } from '../../../testing/transfers.ts';
import { createAliceAndBob, createMember, readWorkbook } from '../../../testing/transfers-more.ts';

let t: TestApp;
/** The owner: makes batches. */
let alice: Merchant;
/** An administrator of Alice's account: approves them. */
let admin: Merchant;
/** Another account, which never sees Alice's batches. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
  admin = await createMember(t, alice, 'administrator', { firstname: 'Peter', lastname: 'Mukasa' });
  await setPin(t, admin);
  await fundWallet(t, alice, 2_000_000);
});
afterAll(() => t?.close());

describe('a batch from a sheet', () => {
  afterAll(() => expectLedgerHolds(t));

  it('checks every row by row and field, and keeps the sheet as a draft', async () => {
    const rows = [
      ...goodRows(3),
      ['0712345678', 5000, 'Wrong Network', 'REF-X1', ''],
      ['0772555123', '12.5', 'Half Shilling', 'REF-X2', ''],
      ['0772555124', 2000, '', 'REF-0', ''],
      ['0772100000', 1000, registeredName('0772100000'), 'REF-X3', ''],
    ];
    const batch = await newBatch(t, alice, rows);
    expect(batch).toMatchObject({ status: 'draft', source: 'dashboard', counts: { rows: 7, errors: 3, warnings: 1 } });
    // The total is what would be paid: the rows with errors (row 5's UGX 5,000, row 7's 2,000) are not in it.
    expect(batch).toMatchObject({ total_amount: 1000 + 1001 + 1002 + 1000, total_charges: 4 * 1000 });
    const issues = (await rowsOf(t, alice, batch.id, 'issues')).flatMap((row) => row.issues);
    expect(issues.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 5, field: 'phone', code: 'phone_invalid' },
      { row: 6, field: 'amount', code: 'amount_invalid' },
      { row: 7, field: 'name', code: 'name_missing' },
      { row: 7, field: 'reference', code: 'reference_duplicate' },
      { row: 8, field: 'phone', code: 'duplicate_payment' },
    ]);
    expect(answer(await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/submit`))).toEqual([400, M.hasErrors]);
  });

  it('reads its own template, as CSV and as Excel, whatever the order of its columns', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await t.app.inject({
        method: 'GET',
        url: `/api/payout-batches/template?format=${format}`,
        headers: { authorization: `Bearer ${alice.accessToken}` },
      });
      expect(template.statusCode).toBe(200);
      const uploaded = await uploadSheet(t, alice, { bytes: template.rawPayload, name: `template.${format}` });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const rows = await rowsOf(t, alice, uploaded.json().data.id);
      expect(rows.map(({ row, phone, amount, reference }) => ({ row, phone, amount, reference }))).toEqual([
        { row: 2, phone: '0772000011', amount: '150000', reference: 'TEACH-001' },
        { row: 3, phone: '0752000012', amount: '85000', reference: 'TEACH-002' },
      ]);
      // Its sample rows are the simulator's numbers under their registered names: a first batch checks clean.
      await runBatchWork(t);
      expect((await rowsOf(t, alice, uploaded.json().data.id)).map((row) => row.name_check)).toEqual(['match', 'match']);
    }
    // An Excel sheet of the merchant's own: columns in another order, the phone kept as a number (its 0 lost).
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pay');
    sheet.addRow(['Name', 'Amount', 'Phone']);
    sheet.addRow(['Sarah Nakato', 25_000, 772123457]);
    const own = await uploadSheet(t, alice, { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), name: 'own.xlsx' });
    expect(own.statusCode, own.body).toBe(201);
    expect((await rowsOf(t, alice, own.json().data.id))[0]).toMatchObject({
      phone: '0772123457',
      amount: '25000',
      reference: '',
    });
  });

  it('reads the usual header names: Phone number or Mobile, Amount UGX, Full name', async () => {
    for (const header of ['Full name,Mobile,Amount UGX', 'Phone number,Amount (UGX),Full Name', 'Mobile No,Amount,Names']) {
      const columns = header.split(',').map((name) => name.toLowerCase().replace(/[^a-z]/g, ''));
      const values: Record<string, string> = { phone: '0772000011', amount: '2000', name: 'John Okello' };
      const line = columns.map((column) =>
        column.startsWith('phone') || column.startsWith('mobile')
          ? values.phone
          : column.startsWith('amount')
            ? values.amount
            : values.name,
      );
      const res = await uploadSheet(t, alice, { bytes: Buffer.from(`${header}\n${line.join(',')}\n`), name: 'own.csv' });
      expect(res.statusCode, `${header}: ${res.body}`).toBe(201);
      expect((await rowsOf(t, alice, res.json().data.id))[0]).toMatchObject({
        phone: '0772000011',
        amount: '2000',
        name: 'John Okello',
      });
    }
  });

  it('refuses a sheet without the columns, with no rows, too large, or not a sheet', async () => {
    const send = (bytes: Buffer, name = 'p.csv') => uploadSheet(t, alice, { bytes, name });
    expect(answer(await send(Buffer.from('who,how much\nA,1\n')))).toEqual([400, M.columnsMissing(['phone', 'amount', 'name'])]);
    expect(answer(await send(Buffer.from('phone,amount,name\n\n\n')))).toEqual([400, M.noRows]);
    expect(answer(await send(Buffer.alloc(2 * 1024 * 1024 + 10, 'a')))).toEqual([400, M.fileTooLarge]);
    expect(answer(await send(Buffer.from('phone,amount,name\n"unterminated,1,x\n')))).toEqual([400, M.fileUnreadable]);
    expect(answer(await send(Buffer.alloc(0)))).toEqual([400, M.fileEmpty]);
    expect(answer(await send(Buffer.from('\ufeff\r\n  \n')))).toEqual([400, M.fileEmpty]);
    const many = csvOf(goodRows(5_001));
    expect(answer(await send(many))).toEqual([400, M.tooManyRows(5_000)]);
  });

  it('is fixed in place, submitted by its maker, approved by another member with the PIN, and paid', async () => {
    // The simulator's number that is not registered for mobile money (SIMULATOR.holders).
    const batch = await newBatch(t, alice, [...goodRows(4, 100), ['0772000021', 3000, 'Nobody', 'REF-N', '']]);
    await runBatchWork(t);
    let rows = await rowsOf(t, alice, batch.id);
    const blocked = rows.find((row) => row.name_check === 'not_registered')!;
    expect(answer(await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/submit`))).toEqual([400, M.blockedRows]);
    const fixed = await batchCall(t, alice, 'PUT', `/api/payout-batches/${batch.id}/rows/${blocked.id}`, {
      phone: '0772 888 001',
      amount: '3,000',
      name: registeredName('0772888001'),
      reference: 'REF-N',
      narrative: '',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.row).toMatchObject({ name_check: 'pending', issues: [] });
    // Another member cannot change or submit the maker's draft.
    expect(answer(await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/submit`))).toEqual([400, M.notDraft]);
    await runBatchWork(t);
    const submitted = await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/submit`);
    expect(submitted.json().data).toMatchObject({ status: 'submitted', can: { approve: false, edit: false } });
    // The maker can never approve their own batch.
    const own = await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/approve`, {
      pin_token: await pinToken(t, alice),
    });
    expect(answer(own)).toEqual([400, M.ownBatch]);
    expect((await batchOf(t, admin, batch.id)).can).toMatchObject({ approve: true, reject: true });
    const before = (await ugxBalances(t, alice.accountId)).test;
    const approved = await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/approve`, {
      pin_token: await pinToken(t, admin),
    });
    expect(answer(approved)).toEqual([200, M.approved]);
    const total = 1100 + 1101 + 1102 + 1103 + 3000 + 5 * 1000;
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - total);
    await runBatchWork(t);
    const paid = await batchOf(t, alice, batch.id);
    expect(paid).toMatchObject({ status: 'completed', counts: { paid: 5, failed: 0 }, paid_amount: total - 5000 });
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - total);
    rows = await rowsOf(t, alice, batch.id);
    expect(rows.every((row) => row.status === 'paid' && row.transfer_id && row.provider_reference)).toBe(true);
    expect(paid.events.map((event) => event.action)).toEqual(['uploaded', 'row_edited', 'submitted', 'approved', 'finished']);
    const result = await t.app.inject({
      method: 'GET',
      url: `/api/payout-batches/${batch.id}/result`,
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    expect(result.statusCode).toBe(200);
    const sheet = (await readWorkbook(result.rawPayload)).worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(10).value).toBe('Paid');
  });

  it('holds a row whose given name differs from the registered one until the approver accepts it (decision 074)', async () => {
    // The simulator has 0772000011 registered to John Okello: one surname in common is another person, not a partial match.
    const batch = await submittedBatch(t, alice, [...goodRows(1, 640), ['0772000011', 2_000, 'Peter Okello', 'NAME-1', '']]);
    expect(batch.counts).toMatchObject({ mismatches: 1, mismatches_accepted: 0 });
    const row = (await rowsOf(t, alice, batch.id)).find((each) => each.phone === '0772000011')!;
    expect(row).toMatchObject({
      name_check: 'mismatch',
      registered_name: 'J*** OKELLO',
      registered_name_words: [
        { text: 'J***', differs: true },
        { text: 'OKELLO', differs: false },
      ],
    });
    const approve = async () =>
      batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/approve`, { pin_token: await pinToken(t, admin) });
    expect(answer(await approve())).toEqual([400, M.mismatchesOpen]);
    const accepted = await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/rows/${row.id}/accept-name`);
    expect(answer(accepted)).toEqual([200, M.nameAccepted]);
    expect(answer(await approve())).toEqual([200, M.approved]);
    await runBatchWork(t);
  });

  it('pays the failed rows again as a new batch, approved again', async () => {
    const failing = ['0772330001', 1_500, registeredName('0772330001'), 'FAIL-1', ''];
    const batch = await submittedBatch(t, alice, [...goodRows(2, 600), failing]);
    expect(
      (await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/approve`, { pin_token: await pinToken(t, admin) }))
        .statusCode,
    ).toBe(200);
    await runBatchWork(t);
    const paid = await batchOf(t, alice, batch.id);
    // The failed row's 1,500 and its 1,000 charge went back to the wallet.
    expect(paid).toMatchObject({
      status: 'partially_completed',
      counts: { paid: 2, failed: 1 },
      paid_amount: 1_600 + 1_601,
      returned_amount: 2_500,
      can: { retry: true },
    });
    const [failed] = await rowsOf(t, alice, batch.id, 'failed');
    expect(failed).toMatchObject({ phone: '0772330001', status: 'failed', failure_reason: expect.any(String) });
    // The row's payout reads failed in the transfers export too, as the batch row does.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/collections/smt_download',
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    const sheet = (await readWorkbook(exported.rawPayload)).getWorksheet('Transfers')!;
    const headers = sheet.getRow(1).values as unknown[];
    const statuses: unknown[] = [];
    sheet.eachRow((line, number) => {
      if (number > 1 && line.getCell(headers.indexOf('To / From')).value === '0772 330 001') {
        statuses.push(line.getCell(headers.indexOf('Status')).value);
      }
    });
    expect(statuses).toEqual(['failed']);
    const retried = await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/retry`);
    expect(answer(retried)).toEqual([201, M.retried]);
    const copy = retried.json().data;
    expect(copy).toMatchObject({ status: 'draft', counts: { rows: 1 }, reference: `${batch.reference} retry` });
    expect((await rowsOf(t, alice, copy.id)).map((row) => row.phone)).toEqual(['0772330001']);
    const original = await batchOf(t, alice, batch.id);
    expect(original.events.map((event) => event.action)).toContain('retried');
    expect(original.events.find((event) => event.action === 'finished')?.detail).toBe(
      '3 processed: 2 paid (UGX 3,201), 1 failed (UGX 2,500 returned)',
    );
    // Each links to the other.
    expect(copy.retry_of).toEqual({ id: batch.id, reference: batch.reference });
    expect(original.retries).toEqual([{ id: copy.id, reference: copy.reference }]);
  });

  it('keeps a history in the words and formats the screens use: a removed row as money and a formatted phone', async () => {
    const batch = await newBatch(t, alice, [...goodRows(1, 710), ['0772000011', '12500', 'John Okello', 'HIST-1', '']]);
    const row = (await rowsOf(t, alice, batch.id)).find((each) => each.reference === 'HIST-1')!;
    expect((await batchCall(t, alice, 'DELETE', `/api/payout-batches/${batch.id}/rows/${row.id}`)).statusCode).toBe(200);
    const events = (await batchOf(t, alice, batch.id)).events;
    expect(events.find((event) => event.action === 'row_removed')).toMatchObject({
      row: 3,
      detail: 'John Okello, +256 772 000 011, UGX 12,500',
    });
    expect(events[0]).toMatchObject({ action: 'uploaded', detail: '2 rows from payouts.csv' });
  });

  it('is never seen or changed from another account', async () => {
    const batch = await newBatch(t, alice, goodRows(2, 300));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payout-batches/${batch.id}`,
      headers: { authorization: `Bearer ${bob.accessToken}` },
    });
    expect(answer(res)).toEqual([404, M.notFound]);
    expect(answer(await batchCall(t, bob, 'DELETE', `/api/payout-batches/${batch.id}`))).toEqual([404, M.notFound]);
    expect(answer(await batchCall(t, alice, 'DELETE', `/api/payout-batches/${UNKNOWN_ID}`))).toEqual([404, M.notFound]);
    expect(answer(await batchCall(t, alice, 'DELETE', `/api/payout-batches/${batch.id}`))).toEqual([200, M.discarded]);
  });

  it('refuses an approval the wallet cannot cover, moving nothing', async () => {
    const batch = await newBatch(t, alice, [['0772333444', 4_999_000, registeredName('0772333444'), 'BIG', '']]);
    await runBatchWork(t);
    await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/submit`);
    const before = await ugxBalances(t, alice.accountId);
    const res = await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/approve`, {
      pin_token: await pinToken(t, admin),
    });
    expect(answer(res)).toEqual([400, M.insufficientBalance]);
    expect(await ugxBalances(t, alice.accountId)).toEqual(before);
    // The batch page can say by how much the wallet is short.
    expect(await batchOf(t, alice, batch.id)).toMatchObject({ status: 'submitted', wallet_balance: before.test });
    const rejected = await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/reject`, { reason: 'Too large' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejection_reason: 'Too large' });
  });

  it("flags a draft's rows over the account's cap per payout, by row, as the approval would refuse them", async () => {
    const setCap = (per_payout_cap: number | null) =>
      batchCall(t, alice, 'POST', '/api/payout-rules', {
        per_payout_cap,
        daily_cap: null,
        member_daily_cap: null,
        approval_threshold: 0,
      });
    expect((await setCap(1_500)).statusCode).toBe(200);
    const batch = await newBatch(t, alice, [...goodRows(1, 450), ['0772600601', 2_000, registeredName('0772600601'), 'OVER']]);
    expect(batch.counts.errors).toBe(1);
    const [row] = await rowsOf(t, alice, batch.id, 'issues');
    expect(row?.issues).toEqual([
      { row: 3, field: 'amount', code: 'over_payout_cap', severity: 'error', message: R.overPerPayoutCap(1_500) },
    ]);
    expect((await setCap(null)).statusCode).toBe(200);
  });

  it("keeps to the account's payout rules at approval: each row under the cap per payout, the total under the day's", async () => {
    const setRules = (rules: object) =>
      batchCall(t, alice, 'POST', '/api/payout-rules', {
        per_payout_cap: null,
        daily_cap: null,
        member_daily_cap: null,
        approval_threshold: 0,
        ...rules,
      });
    const approve = async (id: string) =>
      batchCall(t, admin, 'POST', `/api/payout-batches/${id}/approve`, { pin_token: await pinToken(t, admin) });
    const before = await ugxBalances(t, alice.accountId);
    // A cap set after the batch was submitted: its approval names the rule.
    const large = await submittedBatch(t, alice, [...goodRows(1, 500), ['0772600600', 2_000, registeredName('0772600600'), 'L']]);
    expect((await setRules({ per_payout_cap: 1_500 })).statusCode).toBe(200);
    expect(answer(await approve(large.id))).toEqual([400, R.overPerPayoutCap(1_500)]);
    expect((await setRules({ daily_cap: 3_000 })).statusCode).toBe(200);
    const day = await submittedBatch(t, alice, goodRows(3, 510));
    expect(answer(await approve(day.id))).toEqual([400, R.overDailyCap(3_000)]);
    expect(await ugxBalances(t, alice.accountId)).toEqual(before);
    // What Alice's account has sent today so far, and a cap 7,000 above it.
    const sent = await t.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .where('account_id', '=', alice.accountId)
      .where('status', '<>', 'rejected')
      .executeTakeFirstOrThrow();
    const cap = Number(sent.total) + 7_000;
    expect((await setRules({ daily_cap: cap })).statusCode).toBe(200);
    const first = await submittedBatch(t, alice, goodRows(2, 520));
    expect((await approve(first.id)).statusCode).toBe(200);
    // The first batch's 3,041 are not paid out yet, but they count: 3,959 of the day's cap are left, and 3,061 then 898.
    const second = await submittedBatch(t, alice, goodRows(2, 530));
    expect((await approve(second.id)).statusCode).toBe(200);
    const third = await submittedBatch(t, alice, goodRows(3, 540));
    expect(answer(await approve(third.id))).toEqual([400, R.overDailyCap(cap)]);
    expect((await setRules({})).statusCode).toBe(200);
    await runBatchWork(t);
  });

  it('expires an approval request after 72 hours', async () => {
    const batch = await newBatch(t, alice, goodRows(1, 400));
    await runBatchWork(t);
    await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/submit`);
    await runBatchWork(t, new Date(Date.now() + 73 * 3_600_000));
    const expired = await batchOf(t, alice, batch.id);
    expect(expired).toMatchObject({ status: 'expired', can: { approve: false } });
    const late = await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/approve`, {
      pin_token: await pinToken(t, admin),
    });
    expect(answer(late)).toEqual([400, M.notSubmitted]);
  });
});
