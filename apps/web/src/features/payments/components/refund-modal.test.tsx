import { COLLECTION_EVENT_LABELS } from '@sente/contracts/collection-events';
import type { StaffRole } from '@sente/contracts/constants';
import { formatMoney } from '@sente/contracts/format';
import { APPROVAL_LABELS } from '@sente/contracts/movement-approvals';
import type { CollectionDetail, CollectionRefund } from '@sente/contracts/payments-answers';
import { REFUND_LABELS as L, REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, okSpec, type RouteKey, stubApi } from '../../../testing/api-stub.ts';
import { collectionDetail } from '../../../testing/collection.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { PaymentDrawer } from './payment-drawer.tsx';
// The app loads the drawer and the modal when first wanted; loaded with the tests, no test's first wait is spent on it.
import './payment-details-drawer.tsx';
import './refund-modal.tsx';

const ID = 'c0ffee00-0000-4000-8000-0000000000bb';
const REFUND_PATH = `/api/collections/${ID}/refund`;

const refund = (overrides: Partial<CollectionRefund> = {}): CollectionRefund => ({
  id: 'c0ffee00-0000-4000-8000-0000000000r1',
  amount: 20_000,
  currency: 'UGX',
  status: 'pending',
  awaiting_approval: false,
  reason: 'Paid twice',
  failure_reason: null,
  created_at: '2026-03-03T07:00:00.000Z',
  completed_at: null,
  ...overrides,
});

/** The account's rules: a refund above UGX 50,000 waits for a second member (decision 067). */
const RULES = { per_payout_cap: null, daily_cap: null, member_daily_cap: null, approval_threshold: 50_000, updated_at: null };

type Setup = { role?: StaffRole; pinExists?: boolean; replies?: Partial<Record<RouteKey, Answer>> };

function renderRefund(detail: Partial<CollectionDetail> = {}, { role = 'owner', pinExists = true, replies = {} }: Setup = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: role })),
    [`GET /api/collections/${ID}`]: ok(collectionDetail({ id: ID, ...detail })),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: pinExists }, undefined, { pin_exists: pinExists }),
    'POST /api/wallet/verify_pin': okSpec({ pin_token: 'pin-token-1' }, M.pinVerified, { pin_token: 'pin-token-1' }),
    'GET /api/payout-rules': ok(RULES),
    [`POST ${REFUND_PATH}`]: { ...ok(refund(), R.started), status: 201 },
    ...replies,
  });
  const view = render(<PaymentDrawer />, { path: `/collections?payment=${ID}` });
  const { user } = view;
  const drawer = () => screen.findByRole('dialog', { name: 'Payment' });
  const form = () => screen.findByRole('dialog', { name: L.modalTitle });
  const open = async () => user.click(await within(await drawer()).findByRole('button', { name: L.refund }));
  const proceed = async () => user.click(within(await form()).getByRole('button', { name: L.continue }));
  const pinStep = () => screen.findByRole('dialog', { name: 'Authenticate with PIN' });
  const typePin = async () => user.type(within(await pinStep()).getByLabelText('Wallet PIN digit 1'), '13579');
  const refunds = () => api.sent(`POST ${REFUND_PATH}`);
  return { ...view, api, drawer, form, open, proceed, pinStep, typePin, refunds };
}

/** The value shown for a term of a description list. */
const shownFor = (scope: HTMLElement, term: string) => within(scope).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('the payment drawer: Refund and refunds', () => {
  it('offers Refund to the roles that move money while some of a payment can be refunded', async () => {
    const { drawer } = renderRefund({}, { role: 'operations' });
    expect(await within(await drawer()).findByRole('button', { name: L.refund })).toBeVisible();
  });

  it('offers no Refund to a role that cannot move money', async () => {
    const { drawer } = renderRefund({}, { role: 'customer_support' });
    const dialog = await drawer();
    expect(await within(dialog).findByTestId('payment-amount')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: L.refund })).not.toBeInTheDocument();
  });

  it('says why a successful payment cannot be refunded, muted, instead of the button', async () => {
    const { drawer } = renderRefund({ refundable: 0, refund_blocked: R.liveCard });
    const dialog = await drawer();
    expect(await within(dialog).findByTestId('refund-blocked')).toHaveTextContent(R.liveCard);
    expect(within(dialog).queryByRole('button', { name: L.refund })).not.toBeInTheDocument();
  });

  it('says nothing of refunds on a failed payment', async () => {
    const { drawer } = renderRefund({ status: 'failed', status_message: 'The payer did not approve' });
    const dialog = await drawer();
    expect(await within(dialog).findByText('Why it failed')).toBeVisible();
    expect(within(dialog).queryByTestId('refund-blocked')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: L.refund })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(L.refunded)).not.toBeInTheDocument();
  });

  it('shows what was refunded beside the amounts, each refund with its state, reason and why one failed, and its steps', async () => {
    const { drawer } = renderRefund({
      timeline: [
        { at: '2026-03-02T09:30:00.000Z', kind: 'created', detail: null, ok: null },
        { at: '2026-03-03T07:00:00.000Z', kind: 'refund_started', detail: 'UGX 3,000', ok: null },
        { at: '2026-03-03T07:01:00.000Z', kind: 'refund_failed', detail: 'The number is not registered', ok: false },
      ],
      amount_refunded: 5_000,
      refundable: 15_000,
      refunds: [
        refund({ id: 'r2', amount: 5_000, status: 'successful', reason: 'Wrong size', completed_at: '2026-03-03T08:00:00.000Z' }),
        refund({
          id: 'r1',
          amount: 3_000,
          status: 'failed',
          reason: 'Paid twice',
          failure_reason: 'The number is not registered',
        }),
      ],
    });
    const dialog = await drawer();
    expect(await within(dialog).findByRole('button', { name: L.refund })).toBeVisible();
    expect(shownFor(dialog, L.refunded)).toHaveTextContent('UGX 5,000');
    const items = within(screen.getByRole('region', { name: L.section })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // 07:00 UTC is 10:00 in Kampala.
      'UGX 5,000SuccessfulMar 03, 2026 10:00 · completed Mar 03, 2026 11:00Wrong size',
      `UGX 3,000FailedMar 03, 2026 10:00Paid twice${L.failed}: The number is not registered`,
    ]);
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText(COLLECTION_EVENT_LABELS.refund_started)).toBeVisible();
    expect(timeline.getByText(COLLECTION_EVENT_LABELS.refund_failed)).toBeVisible();
    expect(timeline.getAllByText('The number is not registered')[0]!.style.color).toBe('var(--mantine-color-red-9)');
  });

  it('reads a refund not paid yet as Refund pending with its amount, never Refunded, and says one awaits approval', async () => {
    const { drawer } = renderRefund({
      amount: 450_000,
      amount_refunded: 0,
      amount_refund_pending: 450_000,
      refundable: 0,
      refund_blocked: R.pendingCoversRest,
      refunds: [refund({ amount: 450_000, awaiting_approval: true })],
    });
    const dialog = await drawer();
    expect(await within(dialog).findByTestId('refund-blocked')).toHaveTextContent(R.pendingCoversRest);
    expect(await within(dialog).findByText(L.refundPending, { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(shownFor(dialog, L.refundPending)).toHaveTextContent('UGX 450,000');
    expect(within(dialog).queryByText(L.refunded)).not.toBeInTheDocument();
    const [item] = within(screen.getByRole('region', { name: L.section })).getAllByRole('listitem');
    expect(item).toHaveTextContent(`UGX 450,000${L.awaitingApproval}`);
  });

  it('toasts that a refund held for approval awaits it', async () => {
    const held = refund({ awaiting_approval: true });
    const { user, enter, open, form, proceed, pinStep, typePin } = renderRefund(
      {},
      { replies: { [`POST ${REFUND_PATH}`]: { ...ok(held), status: 201 } } },
    );
    await open();
    await enter(within(await form()).getByLabelText(new RegExp(L.reason)), 'Paid twice');
    await proceed();
    const pin = await pinStep();
    await typePin();
    await user.click(within(pin).getByRole('button', { name: 'Verify' }));
    await expectToast(R.awaitingApproval);
  });

  it('says on the PIN step that a refund above the approval threshold will wait for a second member', async () => {
    const { enter, open, form, proceed, pinStep } = renderRefund({ amount: 80_000, refundable: 80_000 });
    await open();
    await enter(within(await form()).getByLabelText(new RegExp(L.reason)), 'Paid twice');
    await proceed();
    expect(await pinStep()).toHaveTextContent(APPROVAL_LABELS.willBeHeld(formatMoney(50_000)));
  });

  it('says nothing of approval at or below the threshold', async () => {
    const { enter, open, form, proceed, pinStep } = renderRefund({ amount: 50_000, refundable: 50_000 });
    await open();
    await enter(within(await form()).getByLabelText(new RegExp(L.reason)), 'Paid twice');
    await proceed();
    const pin = await pinStep();
    expect(shownFor(pin, 'Amount')).toHaveTextContent('UGX 50,000');
    expect(pin).not.toHaveTextContent(APPROVAL_LABELS.willBeHeld(formatMoney(50_000)));
  });

  it('checks the form by the contract before the PIN step: an amount, at most what is left, and a reason', async () => {
    const { user, open, form, proceed, api } = renderRefund({ refundable: 15_000, amount_refunded: 5_000 });
    await open();
    const dialog = await form();
    const amount = within(dialog).getByLabelText(new RegExp(L.amount));
    expect(amount).toHaveValue('15,000');
    expect(within(dialog).getByText(R.feeNotReturned(15_000, 600))).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '4000');
    // The sentence follows the amount typed: that is what leaves the wallet.
    expect(await within(dialog).findByText(R.feeNotReturned(4_000, 600))).toBeVisible();
    await user.clear(amount);
    await proceed();
    expect(errorOf(amount)).toBe(R.amountInvalid);
    expect(errorOf(within(dialog).getByLabelText(new RegExp(L.reason)))).toBe(R.reasonMissing);
    await user.type(amount, '15001');
    await proceed();
    expect(errorOf(amount)).toBe(R.moreThanLeft(15_000));
    expect(screen.queryByRole('dialog', { name: 'Authenticate with PIN' })).not.toBeInTheDocument();
    expect(api.sent('POST /api/wallet/verify_pin')).toHaveLength(0);
  });

  it('Escape closes the Refund modal and leaves the payment open', async () => {
    const { user, open, form, drawer } = renderRefund();
    await open();
    await form();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.modalTitle })).not.toBeInTheDocument());
    expect(await drawer()).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment' })).not.toBeInTheDocument());
  });

  it('asks for a new wallet PIN first when the member has none', async () => {
    const { open } = renderRefund({}, { pinExists: false });
    await open();
    expect(await screen.findByRole('dialog', { name: 'Create wallet PIN' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: L.modalTitle })).not.toBeInTheDocument();
  });

  it('refunds with the PIN token and an Idempotency-Key, toasts, closes and reads the payment again', async () => {
    const { user, enter, api, open, form, proceed, pinStep, typePin, refunds } = renderRefund();
    await open();
    await enter(within(await form()).getByLabelText(new RegExp(L.reason)), '  Paid twice ');
    await proceed();
    const pin = await pinStep();
    expect(shownFor(pin, 'Receiver phone')).toHaveTextContent('+256 772 123 456');
    expect(shownFor(pin, 'Amount')).toHaveTextContent('UGX 20,000');
    expect(within(pin).queryByText('Transfer charge')).not.toBeInTheDocument();
    const reads = api.sent(`GET /api/collections/${ID}`).length;
    await typePin();
    await user.click(within(pin).getByRole('button', { name: 'Verify' }));
    await expectToast(R.started);
    expect(refunds().map((request) => request.body)).toEqual([
      { amount: 20_000, reason: 'Paid twice', pin_token: 'pin-token-1' },
    ]);
    expect(refunds()[0]!.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.modalTitle })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Authenticate with PIN' })).not.toBeInTheDocument();
    expect(api.sent(`GET /api/collections/${ID}`).length).toBeGreaterThan(reads);
  });

  it('puts a refusal back on the form, under the field it names, and a new try sends the same Idempotency-Key', async () => {
    const left = R.moreThanLeft(5_000);
    const { user, enter, open, form, proceed, pinStep, typePin, refunds } = renderRefund(
      {},
      { replies: { [`POST ${REFUND_PATH}`]: fail(400, left, [left], { amount: left }) } },
    );
    await open();
    await enter(within(await form()).getByLabelText(new RegExp(L.reason)), 'Paid twice');
    const attempt = async () => {
      await proceed();
      await typePin();
      await user.click(within(await pinStep()).getByRole('button', { name: 'Verify' }));
      return form();
    };
    const dialog = await attempt();
    expect(errorOf(within(dialog).getByLabelText(new RegExp(L.amount)))).toBe(left);
    await attempt();
    expect(refunds()).toHaveLength(2);
    expect(refunds()[1]!.headers['idempotency-key']).toBe(refunds()[0]!.headers['idempotency-key']);
  });

  it('toasts a refusal that names no field, and stays open', async () => {
    const { user, enter, open, form, proceed, pinStep, typePin } = renderRefund(
      {},
      { replies: { [`POST ${REFUND_PATH}`]: fail(400, R.balanceTooLow) } },
    );
    await open();
    await enter(within(await form()).getByLabelText(new RegExp(L.reason)), 'Paid twice');
    await proceed();
    await typePin();
    await user.click(within(await pinStep()).getByRole('button', { name: 'Verify' }));
    await expectToast(R.balanceTooLow);
    expect(await form()).toBeVisible();
  });
});
