import { BATCH_MESSAGES, type PayoutBatch } from '@sente/contracts/payout-batches';
import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, okSpec, type RouteKey, stubApi } from '../../../../testing/api-stub.ts';
import { batchRow, onePage, payoutBatch } from '../../../../testing/payout-batch.ts';
import { render } from '../../../../testing/render.tsx';
import { testUser } from '../../../../testing/test-user.ts';
import { expectToast } from '../../../../testing/toasts.ts';
import { BatchRoute } from './batch.tsx';

const ID = payoutBatch().id;
const BASE = `/api/payout-batches/${ID}` as const;
const MISMATCH = batchRow({ id: 'row-2', row: 2, name: 'Sarah Nakato', name_check: 'mismatch', registered_name: 'P*** MUSOKE' });
const ROWS = [batchRow(), MISMATCH, batchRow({ id: 'row-3', row: 3, name: 'Grace Akello' })];

const NOTHING = { edit: false, submit: false, approve: false, reject: false, retry: false };
const awaiting = (can: Partial<PayoutBatch['can']>, mismatchesAccepted = 0) =>
  payoutBatch({
    status: 'submitted',
    submitted_at: '2026-11-20T08:00:00.000Z',
    expires_at: '2026-11-23T08:00:00.000Z',
    counts: { mismatches: 1, mismatches_accepted: mismatchesAccepted },
    can: { ...NOTHING, ...can },
  });
const APPROVER = { approve: true, reject: true };

function renderBatch(batch: PayoutBatch, replies: Partial<Record<RouteKey, Answer>> = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser()),
    [`GET ${BASE}`]: ok(batch),
    [`GET ${BASE}/rows`]: ok(onePage(ROWS)),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
    'POST /api/wallet/verify_pin': okSpec({ pin_token: 'pin-token-1' }, M.pinVerified, { pin_token: 'pin-token-1' }),
    ...replies,
  });
  return { ...render(<BatchRoute />, { path: `/settlements/batches/${ID}`, route: '/settlements/batches/:id' }), api };
}

describe('a batch awaiting approval', () => {
  it('shows its maker no Approve, Reject or Accept name: it waits for another member, until its expiry', async () => {
    renderBatch(awaiting({}));
    expect(await screen.findByText(BATCH_SCREEN_TEXT.waitingForApproval)).toBeVisible();
    expect(screen.getByText(/The request expires Nov 23, 2026/)).toBeVisible();
    await screen.findByRole('table', { name: 'Batch rows' });
    for (const name of ['Approve', 'Reject', 'Accept name']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('lets an approver accept the name that does not match, stating whom they confirm', async () => {
    const { user, api } = renderBatch(awaiting(APPROVER), {
      [`POST ${BASE}/rows/row-2/accept-name`]: ok(
        { row: { ...MISMATCH, name_accepted_by: 'Bob Okot' }, batch: awaiting(APPROVER, 1) },
        BATCH_MESSAGES.nameAccepted,
      ),
    });
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(BATCH_MESSAGES.mismatchesOpen);
    const accepts = await screen.findAllByRole('button', { name: 'Accept name' });
    expect(accepts).toHaveLength(1);
    await user.click(accepts[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Accept name' });
    expect(dialog).toHaveTextContent('I confirm Sarah Nakato is the person registered as P*** MUSOKE.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept name' }));
    await expectToast(BATCH_MESSAGES.nameAccepted);
    expect(api.sent(`POST ${BASE}/rows/row-2/accept-name`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
  });

  it('approves with the wallet PIN: the PIN step shows the total and its charges, and the token goes to approve', async () => {
    const paying = payoutBatch({ status: 'paying', counts: { mismatches: 1, mismatches_accepted: 1 }, can: NOTHING });
    const { user, api } = renderBatch(awaiting(APPROVER, 1), {
      [`POST ${BASE}/approve`]: ok(paying, BATCH_MESSAGES.approved),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const pinStep = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(pinStep).toHaveTextContent('UGX 150,000');
    expect(pinStep).toHaveTextContent('UGX 1,500');
    await user.type(within(pinStep).getByLabelText('Wallet PIN digit 1'), '13579');
    await user.click(within(pinStep).getByRole('button', { name: 'Verify' }));
    await expectToast(BATCH_MESSAGES.approved);
    expect(api.sent(`POST ${BASE}/approve`)[0]!.body).toEqual({ pin_token: 'pin-token-1' });
    expect(await screen.findByText('Paid out: 0 of 3 rows')).toBeVisible();
  });

  it('rejects only with a reason', async () => {
    const rejected = payoutBatch({ status: 'rejected', rejection_reason: 'Wrong month', can: NOTHING });
    const { user, enter, api } = renderBatch(awaiting(APPROVER), {
      [`POST ${BASE}/reject`]: ok(rejected, BATCH_MESSAGES.rejected),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject batch' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject batch' }));
    expect(within(dialog).getByText(BATCH_MESSAGES.reasonMissing)).toBeVisible();
    expect(api.sent(`POST ${BASE}/reject`)).toHaveLength(0);
    await enter(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject batch' }));
    await expectToast(BATCH_MESSAGES.rejected);
    expect(api.sent(`POST ${BASE}/reject`)[0]!.body).toEqual({ reason: 'Wrong month' });
    expect(await screen.findByText('Wrong month')).toBeVisible();
  });
});

describe('a batch paid out', () => {
  it('offers its result and, with failed rows, a new batch of them, which opens', async () => {
    const done = payoutBatch({ status: 'partially_completed', counts: { paid: 2, failed: 1 }, can: { ...NOTHING, retry: true } });
    const again = payoutBatch({ id: 'ba7c0000-0000-4000-8000-000000000002', counts: { rows: 1 } });
    const { user, location } = renderBatch(done, { [`POST ${BASE}/retry`]: ok(again, BATCH_MESSAGES.retried) });
    expect(await screen.findByRole('button', { name: 'Download result' })).toBeVisible();
    expect(screen.getByText('Paid out: 3 of 3 rows')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay failed rows again' }));
    await expectToast(BATCH_MESSAGES.retried);
    await waitFor(() => expect(location().pathname).toBe(`/settlements/batches/${again.id}`));
  });
});
