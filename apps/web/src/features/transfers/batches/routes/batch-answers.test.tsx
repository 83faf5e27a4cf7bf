import { APPROVAL_LABELS } from '@sente/contracts/movement-approvals';
import { BATCH_MESSAGES, type PayoutBatch } from '@sente/contracts/payout-batches';
import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { screen, within } from '@testing-library/react';
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
    'GET /api/user/profile': ok(testUser({ current_role: 'operations' })),
    [`GET ${BASE}`]: ok(batch),
    [`GET ${BASE}/rows`]: ok(onePage([batchRow(), MISMATCH])),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
    ...replies,
  });
  return { ...render(<BatchRoute />, { path: `/settlements/batches/${ID}`, route: '/settlements/batches/:id' }), api };
}

describe('answering a submitted batch (decision 071)', () => {
  it('lets its maker withdraw it: a draft again', async () => {
    const draft = payoutBatch({ status: 'draft', can: { ...NOTHING, edit: true, submit: true } });
    const { user, api } = renderBatch(awaiting({}), { [`POST ${BASE}/withdraw`]: ok(draft, BATCH_MESSAGES.withdrawn) });
    const withdraw = await screen.findByRole('button', { name: BATCH_SCREEN_TEXT.withdraw });
    expect(withdraw).toHaveAccessibleDescription(BATCH_SCREEN_TEXT.withdrawHint);
    await user.click(withdraw);
    await expectToast(BATCH_MESSAGES.withdrawn);
    expect(api.sent(`POST ${BASE}/withdraw`)).toHaveLength(1);
  });

  it('tells the approver what stands in the way without asking them to fix rows they cannot edit', async () => {
    renderBatch(awaiting(APPROVER));
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).not.toHaveAccessibleDescription(/\bfix\b/i);
    expect(approve).toHaveAccessibleDescription(/accept each/);
    expect(screen.queryByRole('button', { name: BATCH_SCREEN_TEXT.withdraw })).not.toBeInTheDocument();
  });

  it("shows on the approver's PIN step who made the batch and when it was submitted", async () => {
    const { user } = renderBatch(awaiting(APPROVER, 1));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const pinStep = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(within(pinStep).getByText(APPROVAL_LABELS.askedBy('Ada Nakato', 'Nov 20, 2026 11:00'))).toBeVisible();
  });
});
