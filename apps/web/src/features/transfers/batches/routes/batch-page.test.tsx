import { BATCH_MESSAGES, type BatchRow, type PayoutBatch } from '@sente/contracts/payout-batches';
import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, type RouteKey, stubApi } from '../../../../testing/api-stub.ts';
import { batchRow, onePage, payoutBatch } from '../../../../testing/payout-batch.ts';
import { render } from '../../../../testing/render.tsx';
import { testUser } from '../../../../testing/test-user.ts';
import { expectToast } from '../../../../testing/toasts.ts';
import { BatchRoute } from './batch.tsx';

const ID = payoutBatch().id;
const BASE = `/api/payout-batches/${ID}` as const;

const MISMATCH = batchRow({ id: 'row-2', row: 2, name: 'Sarah Nakato', name_check: 'mismatch', registered_name: 'P*** MUSOKE' });
const ROWS = [batchRow(), MISMATCH, batchRow({ id: 'row-3', row: 3, phone: '0752123456', name: 'Grace Akello' })];

function renderBatch(batch: PayoutBatch, rows: BatchRow[] = ROWS, replies: Partial<Record<RouteKey, Answer>> = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    [`GET ${BASE}`]: ok(batch),
    [`GET ${BASE}/rows`]: ok(onePage(rows)),
    ...replies,
  });
  return { ...render(<BatchRoute />, { path: `/settlements/batches/${ID}`, route: '/settlements/batches/:id' }), api };
}

const submitButton = () => screen.findByRole('button', { name: 'Submit for approval' });

describe('a draft batch: Submit for approval, and why not yet', () => {
  it.each([
    ['rows with errors', { errors: 2 }, BATCH_MESSAGES.hasErrors],
    ['names still being checked', { names_pending: 1 }, BATCH_MESSAGES.namesPending],
    ['numbers not registered or barred', { names_blocking: 1 }, BATCH_MESSAGES.blockedRows],
  ])('is disabled while there are %s, and says so', async (_case, counts, reason) => {
    renderBatch(payoutBatch({ counts, can: { edit: true, submit: false, approve: false, reject: false, retry: false } }));
    const submit = await submitButton();
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(reason);
  });

  it('says by how much the wallet is short of the batch with its charges, and only then', async () => {
    renderBatch(payoutBatch({ wallet_balance: 100_000 }));
    expect(await screen.findByText(BATCH_MESSAGES.balanceShort('UGX 51,500'))).toBeVisible();
  });

  it('says nothing of the balance when the wallet covers the batch', async () => {
    renderBatch(payoutBatch({ wallet_balance: 151_500 }));
    await submitButton();
    expect(screen.queryByText(/short of this batch/)).toBeNull();
  });

  it('shows the names being checked as progress', async () => {
    renderBatch(payoutBatch({ counts: { names_pending: 1 } }));
    expect(await screen.findByText('Checking names: 2 of 3')).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
  });

  it("submits a ready draft and shows the API's message", async () => {
    const submitted = payoutBatch({ status: 'submitted', expires_at: '2026-11-23T07:00:00.000Z' });
    const { user, api } = renderBatch(payoutBatch(), ROWS, {
      [`POST ${BASE}/submit`]: ok(
        { ...submitted, can: { ...submitted.can, edit: false, submit: false } },
        BATCH_MESSAGES.submitted,
      ),
    });
    await user.click(await submitButton());
    await expectToast(BATCH_MESSAGES.submitted);
    expect(api.sent(`POST ${BASE}/submit`)).toHaveLength(1);
    expect(await screen.findByText(BATCH_SCREEN_TEXT.waitingForApproval)).toBeVisible();
  });
});

describe("a draft's row edited in place", () => {
  it('checks the row as it is typed, with the rules the API applies, then saves it', async () => {
    const edited = batchRow({ phone: '0772999888', amount: '60000' });
    const { user, enter, api } = renderBatch(payoutBatch(), ROWS, {
      [`PUT ${BASE}/rows/row-1`]: ok({ row: edited, batch: payoutBatch() }, BATCH_MESSAGES.rowUpdated),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit row 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit row 1' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (UGX)' });
    await user.clear(phone);
    await enter(phone, '0700');
    expect(within(dialog).getByText('Not an MTN or Airtel Uganda number.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '100');
    expect(within(dialog).getByText('The amount must be at least UGX 500.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));
    expect(api.sent(`PUT ${BASE}/rows/row-1`)).toHaveLength(0);

    await user.clear(phone);
    await enter(phone, '0772999888');
    await user.clear(amount);
    await user.type(amount, '60000');
    expect(within(dialog).queryByText('Not an MTN or Airtel Uganda number.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));
    await expectToast(BATCH_MESSAGES.rowUpdated);
    expect(api.sent(`PUT ${BASE}/rows/row-1`)[0]!.body).toMatchObject({ phone: '0772999888', amount: '60000' });
  });

  it("names Excel's damage as the row is typed: a number it shortened, an amount written with UGX", async () => {
    const { user, enter } = renderBatch(payoutBatch());
    await user.click(await screen.findByRole('button', { name: 'Edit row 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit row 1' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (UGX)' });
    await user.clear(phone);
    await enter(phone, '2.56772E+11');
    expect(phone).toHaveAccessibleDescription(/^Excel shortened this number to 2\.56772E\+11/);
    await user.clear(amount);
    await enter(amount, 'UGX 10,000');
    expect(amount).toHaveAccessibleDescription('Write the amount in digits only (10000), without UGX.');
  });

  it("shows the API's errors of the row as the form opens, those across the batch too", async () => {
    const duplicate = "Row 1 has this reference already; each row's reference must be its own.";
    const issue = { row: 3, field: 'reference', code: 'reference_duplicate', severity: 'error' as const, message: duplicate };
    const { user } = renderBatch(payoutBatch({ counts: { errors: 1 } }), [
      batchRow(),
      batchRow({ id: 'row-3', row: 3, reference: 'T-001', issues: [issue] }),
    ]);
    expect(await screen.findByText(duplicate)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit row 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit row 3' });
    expect(within(dialog).getByRole('textbox', { name: 'Reference' })).toHaveAccessibleDescription(duplicate);
  });
});

describe('a finished batch with failed rows', () => {
  it('says how many were processed, paid and failed, with the money paid and returned', async () => {
    const batch = payoutBatch({
      status: 'partially_completed',
      counts: { rows: 27, paid: 25, failed: 2 },
      paid_amount: 6_281_000,
      returned_amount: 22_000,
      can: { edit: false, submit: false, approve: false, reject: false, retry: true },
    });
    renderBatch(batch);
    expect(await screen.findByText('27 processed: 25 paid (UGX 6,281,000), 2 failed (UGX 22,000 returned)')).toBeVisible();
  });
});

describe('a retry and its original', () => {
  it('links a retry to the batch whose failed rows it pays, and the original to its retry', async () => {
    const original = { id: 'ba7c0000-0000-4000-8000-000000000009', reference: 'Teachers October' };
    const retry = { id: 'ba7c0000-0000-4000-8000-000000000010', reference: 'Teachers November retry' };
    renderBatch(payoutBatch({ retry_of: original, retries: [retry] }));
    expect(await screen.findByRole('link', { name: original.reference })).toHaveAttribute(
      'href',
      `/settlements/batches/${original.id}`,
    );
    expect(screen.getByRole('link', { name: retry.reference })).toHaveAttribute('href', `/settlements/batches/${retry.id}`);
  });
});
