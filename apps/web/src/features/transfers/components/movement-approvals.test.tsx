import type { StaffRole } from '@sente/contracts/constants';
import { APPROVAL_MESSAGES, APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { WALLET_MESSAGES as M, type TransferRow } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, okSpec, type RouteKey, stubApi } from '../../../testing/api-stub.ts';
import { onePage } from '../../../testing/payout-batch.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { AwaitingApprovalNotice } from './awaiting-approval-notice.tsx';
import { SettlementCards } from './settlement-cards.tsx';
import { SettlementsTable } from './settlements-table.tsx';

const VIEWER_ID = testUser().user_id;
const OTHER_MEMBER = 'b0b00000-0000-4000-8000-0000000000b0';
const ID = 'c0ffee00-0000-4000-8000-000000000041';

const held = (overrides: Partial<TransferRow> = {}): TransferRow => ({
  id: ID,
  created_at: '2026-11-20T08:00:00.000Z',
  kind: 'payout',
  direction: 'out',
  amount: 2_000_000,
  charge: 750,
  currency: 'UGX',
  creator: { firstname: 'Okot', lastname: 'Peter' },
  reason: 'Supplier for maize',
  status: 'pending',
  counterparty: '256772000011',
  failure_reason: null,
  collection_id: null,
  approval: { status: 'awaiting', expires_at: '2026-11-23T08:00:00.000Z', requested_by: OTHER_MEMBER },
  ...overrides,
});

function renderList(rows: TransferRow[], role: StaffRole = 'owner', replies: Partial<Record<RouteKey, Answer>> = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: role })),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
    'POST /api/wallet/verify_pin': okSpec({ pin_token: 'pin-token-1' }, M.pinVerified, { pin_token: 'pin-token-1' }),
    ...replies,
  });
  return { ...render(<SettlementsTable rows={rows} />), api };
}

const statusCell = () => within(screen.getAllByRole('row')[1]!).getAllByRole('cell').at(-1)!;

describe('a transfer awaiting approval (decision 067)', () => {
  it('shows "Awaiting approval", not Pending, with when the request expires, in the table and on a card', async () => {
    const { unmount } = renderList([held()]);
    expect(within(statusCell()).getByText(L.awaiting)).toBeVisible();
    expect(within(statusCell()).queryByText('Pending')).not.toBeInTheDocument();
    expect(within(statusCell()).getByText(/^Expires Nov 23, 2026/)).toBeVisible();
    unmount();
    render(<SettlementCards rows={[held()]} />);
    const card = screen.getByRole('listitem');
    expect(within(card).getByText(L.awaiting)).toBeVisible();
    expect(within(card).getByText(/^Expires Nov 23, 2026/)).toBeVisible();
  });

  it('shows a declined one as rejected, with the reason under its badge', () => {
    const reason = APPROVAL_MESSAGES.declinedReason('Wrong supplier');
    renderList([held({ status: 'rejected', failure_reason: reason, approval: { ...held().approval!, status: 'declined' } })]);
    expect(within(statusCell()).getByText('Rejected')).toBeVisible();
    expect(within(statusCell()).getByText(reason)).toBeVisible();
    expect(within(statusCell()).queryByText(L.awaiting)).not.toBeInTheDocument();
    expect(within(statusCell()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Approve and Decline to another member who may move money, an API key having asked too', async () => {
    renderList([
      held(),
      held({
        id: 'c0ffee00-0000-4000-8000-000000000042',
        reason: 'From the API',
        approval: { ...held().approval!, requested_by: null },
      }),
    ]);
    expect(await screen.findAllByRole('button', { name: L.approve })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: L.decline })).toHaveLength(2);
  });

  it('tells the member who asked that it waits for another member, with no Approve or Decline', async () => {
    renderList([held({ approval: { ...held().approval!, requested_by: VIEWER_ID } })], 'operations');
    expect(await within(statusCell()).findByText(L.waitingForOther)).toBeVisible();
    expect(screen.queryByRole('button', { name: L.approve })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.decline })).not.toBeInTheDocument();
  });

  it('shows a member who may not move money only the badge', async () => {
    const { api } = renderList([held()], 'customer_support');
    await waitFor(() => expect(api.sent('GET /api/user/profile')).toHaveLength(1));
    expect(within(statusCell()).getByText(L.awaiting)).toBeVisible();
    expect(within(statusCell()).queryByText(L.waitingForOther)).not.toBeInTheDocument();
    expect(within(statusCell()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves with the wallet PIN: the PIN step shows what leaves, and the token goes to approve', async () => {
    const approved = held({ approval: { ...held().approval!, status: 'approved' } });
    const { user, api } = renderList([held()], 'owner', {
      [`POST /api/transfers/${ID}/approve`]: ok(approved, APPROVAL_MESSAGES.approved),
    });
    await user.click(await screen.findByRole('button', { name: L.approve }));
    const pinStep = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(pinStep).toHaveTextContent('UGX 2,000,000');
    await user.type(within(pinStep).getByLabelText('Wallet PIN digit 1'), '13579');
    await user.click(within(pinStep).getByRole('button', { name: 'Verify' }));
    await expectToast(APPROVAL_MESSAGES.approved);
    expect(api.sent(`POST /api/transfers/${ID}/approve`)[0]!.body).toEqual({ pin_token: 'pin-token-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('declines only with a reason of at least 3 characters, which it sends', async () => {
    const declined = held({ status: 'rejected', approval: { ...held().approval!, status: 'declined' } });
    const { user, enter, api } = renderList([held()], 'administrator', {
      [`POST /api/transfers/${ID}/decline`]: ok(declined, APPROVAL_MESSAGES.declined),
    });
    await user.click(await screen.findByRole('button', { name: L.decline }));
    const dialog = await screen.findByRole('dialog', { name: L.declineTitle });
    const submit = () => user.click(within(dialog).getByRole('button', { name: L.declineTitle }));
    await submit();
    expect(within(dialog).getByText(APPROVAL_MESSAGES.reasonMissing)).toBeVisible();
    await enter(within(dialog).getByRole('textbox', { name: /Reason/ }), ' no ');
    await submit();
    expect(within(dialog).getByText(APPROVAL_MESSAGES.reasonMissing)).toBeVisible();
    expect(api.sent(`POST /api/transfers/${ID}/decline`)).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await enter(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Not this supplier ');
    await submit();
    await expectToast(APPROVAL_MESSAGES.declined);
    expect(api.sent(`POST /api/transfers/${ID}/decline`)[0]!.body).toEqual({ reason: 'Not this supplier' });
  });
});

describe('the notice of transfers awaiting your approval', () => {
  it("counts and names the pending transfers awaiting the viewer's answer, not their own nor plain pending ones", async () => {
    const plain = held({ id: 'c0ffee00-0000-4000-8000-000000000043', reason: 'Plain', approval: null });
    const own = held({ id: 'c0ffee00-0000-4000-8000-000000000044', approval: { ...held().approval!, requested_by: VIEWER_ID } });
    const api = stubApi({
      'GET /api/user/profile': ok(testUser({ current_role: 'operations' })),
      'GET /api/settlements': ok(onePage([held(), plain, own])),
    });
    render(<AwaitingApprovalNotice />);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(L.awaitingYours(1));
    expect(within(notice).getAllByRole('listitem')).toHaveLength(1);
    expect(within(notice).getByRole('listitem')).toHaveTextContent(
      'UGX 2,000,000: Mobile Money to 256772000011, asked by Okot Peter',
    );
    expect(api.sent('GET /api/settlements')[0]!.path).toContain('status=pending');
  });
});
