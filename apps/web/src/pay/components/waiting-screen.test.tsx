import { PAYMENT_MESSAGES as M, type PublicPayment } from '@sente/contracts/payments';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi, unreachable } from '../../testing/api-stub.ts';
import { enterWith } from '../../testing/enter.ts';
import { publicLink } from '../../testing/public-link.ts';
import { PAGE_TEXT } from '../messages.ts';
import { PayApp } from '../pay-app.tsx';

const LINK = publicLink();

const payment = (id: string, overrides: Partial<PublicPayment>): PublicPayment => ({
  id,
  status: 'pending',
  amount: 25_000,
  currency: 'UGX',
  channel: 'MTN_UG',
  transaction_id: 'SNTABCDEFGH2345',
  environment: 'test',
  ...overrides,
});

const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';

/** The customer page with a payment that waits: starts answer FIRST then SECOND, each pending for 5 minutes. */
function renderPage(cancelAnswer: () => Answer) {
  let started = 0;
  const api = stubApi({
    'GET /api/public/links/fees1': ok(LINK),
    'POST /api/public/links/fees1/pay': () => {
      started += 1;
      return ok({ id: started === 1 ? FIRST : SECOND, status: 'pending', expires_in_seconds: 300 });
    },
    [`GET /api/public/payments/${FIRST}`]: ok(payment(FIRST, { message: M.awaitingApproval, expires_in_seconds: 298 })),
    [`GET /api/public/payments/${SECOND}`]: ok(payment(SECOND, { message: M.awaitingApproval, expires_in_seconds: 298 })),
    [`POST /api/public/payments/${FIRST}/cancel`]: cancelAnswer,
  });
  const user = userEvent.setup({ delay: null });
  render(<PayApp route={{ kind: 'payment_link', ref: 'fees1' }} />);
  return { api, user };
}

async function startPaying(user: ReturnType<typeof userEvent.setup>) {
  const enter = enterWith(user);
  await enter(await screen.findByLabelText('Your name'), 'Okello John');
  await enter(screen.getByLabelText('Mobile money number'), '0772123456');
  await user.click(screen.getByRole('button', { name: 'Pay UGX 25,000' }));
  return screen.findByRole('heading', { name: 'Approve on your phone' });
}

describe('the waiting screen of a mobile money payment', () => {
  it('says how long it waits, counts down, and cancels: the payment fails and the page says no money was taken', async () => {
    const { api, user } = renderPage(() => ok(payment(FIRST, { status: 'failed', message: M.cancelled })));
    await startPaying(user);
    expect(screen.getByText(PAGE_TEXT.waitLimit(5))).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^[45]:\d\d$/);
    expect(screen.getByText('Time left to approve')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('heading', { name: PAGE_TEXT.cancelledTitle })).toHaveFocus();
    expect(screen.getByText(M.cancelled)).toBeInTheDocument();
    expect(api.sent(`POST /api/public/payments/${FIRST}/cancel`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: PAGE_TEXT.startAgain }));
    expect(screen.getByLabelText('Your name')).toHaveValue('Okello John');
  });

  it('tries another number: cancels first, then the form is back with the number selected, and pays anew', async () => {
    const { api, user } = renderPage(() => ok(payment(FIRST, { status: 'failed', message: M.cancelled })));
    await startPaying(user);
    await user.click(screen.getByRole('button', { name: 'Try another number' }));

    const phone = await screen.findByLabelText('Mobile money number');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('0772123456');
    expect(screen.getByText(PAGE_TEXT.anotherNumber)).toBeInTheDocument();
    await user.clear(phone);
    await enterWith(user)(phone, '0701234567');
    await user.click(screen.getByRole('button', { name: 'Pay UGX 25,000' }));
    await screen.findByRole('heading', { name: 'Approve on your phone' });

    const starts = api.sent('POST /api/public/links/fees1/pay');
    expect(starts.map((request) => (request.body as { phone: string }).phone)).toEqual(['256772123456', '256701234567']);
    expect(starts[0]!.headers['idempotency-key']).not.toBe(starts[1]!.headers['idempotency-key']);
    expect(api.sent(`POST /api/public/payments/${FIRST}/cancel`)).toHaveLength(1);
  });

  it('shows the success when the payment was approved before the cancel reached it', async () => {
    const { user } = renderPage(() => ok(payment(FIRST, { status: 'successful', message: M.paymentSuccessful })));
    await startPaying(user);
    await user.click(screen.getByRole('button', { name: 'Try another number' }));
    expect(await screen.findByRole('heading', { name: M.paymentSuccessful })).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile money number')).toBeNull();
  });

  it('says so when the cancel did not get through, and keeps waiting with both ways out', async () => {
    let attempts = 0;
    const { api, user } = renderPage(() => {
      attempts += 1;
      return attempts === 1 ? unreachable() : fail(429, M.tooManyRequests);
    });
    await startPaying(user);
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_TEXT.cancelFailed);
    expect(screen.getByRole('heading', { name: 'Approve on your phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Try another number' })).toBeEnabled();
    // The status checks go on.
    await waitFor(() => expect(api.sent(`GET /api/public/payments/${FIRST}`).length).toBeGreaterThan(0));
  });
});
