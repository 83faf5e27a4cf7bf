import type { StaffRole } from '@sente/contracts/constants';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { collectionDetail } from '../../../testing/collection.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { PaymentDrawer } from './payment-drawer.tsx';
// The app loads the drawer when a payment is first opened; loaded with the tests, the first test's wait is not spent on it.
import './payment-details-drawer.tsx';

const ID = 'c0ffee00-0000-4000-8000-0000000000aa';

const payment = (overrides: Partial<CollectionDetail> = {}): CollectionDetail =>
  collectionDetail({
    id: ID,
    extra_data: [{ label: 'Student number', value: 'S-204' }],
    net: 19_400,
    payer_email: 'grace@example.com',
    provider_reference: 'MTN-77881',
    status_message: null,
    reference: 'order-55',
    completed_at: '2026-03-02T09:31:00.000Z',
    // 09:30 UTC is 12:30 in Kampala.
    timeline: [
      { at: '2026-03-02T09:30:00.000Z', kind: 'created', detail: null, ok: null },
      { at: '2026-03-02T09:30:02.000Z', kind: 'prompt_sent', detail: 'MTN-77881', ok: null },
      { at: '2026-03-02T09:31:00.000Z', kind: 'settled', detail: null, ok: true },
      {
        at: '2026-03-02T09:31:05.000Z',
        kind: 'webhook_delivery',
        detail: 'collection.successful to https://shop.example/hook : HTTP 500',
        ok: false,
      },
      {
        at: '2026-03-02T09:33:00.000Z',
        kind: 'webhook_delivery',
        detail: 'collection.successful to https://shop.example/hook : HTTP 200',
        ok: true,
      },
    ],
    can_resend_receipt: true,
    receipt_url: 'https://pay.example/r/Q2xhc3MgUDUgZmVlcyBvaw',
    ...overrides,
  });

type Options = { role?: StaffRole; path?: string };

function renderDrawer(detail = payment(), { role = 'owner', path = `/collections?q=TX&payment=${ID}` }: Options = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: role })),
    [`GET /api/collections/${ID}`]: ok(detail),
    [`POST /api/collections/${ID}/resend-receipt`]: ok(null, 'Receipt sent to grace@example.com'),
  });
  return { api, ...render(<PaymentDrawer />, { path }) };
}

const drawer = () => screen.findByRole('dialog', { name: 'Payment' });
/** The value shown for a term of the drawer's description lists. */
const shownFor = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('the payment drawer', () => {
  it('?payment= in the URL opens it with every field of the payment', async () => {
    renderDrawer();
    const dialog = await drawer();
    expect(await within(dialog).findByTestId('payment-amount')).toHaveTextContent('UGX 20,000');
    // A figure, not a paragraph styled as a heading (axe p-as-heading).
    expect(within(dialog).getByTestId('payment-amount').tagName).not.toBe('P');
    expect(within(dialog).getByText('Successful')).toBeVisible();
    expect(shownFor('Gross')).toHaveTextContent('UGX 20,000');
    expect(shownFor('Fee')).toHaveTextContent('UGX 600');
    expect(shownFor('Net')).toHaveTextContent('UGX 19,400');
    expect(shownFor('Names')).toHaveTextContent('Akello Grace');
    expect(shownFor('Phone/Card')).toHaveTextContent('+256 772 123 456');
    expect(shownFor('E-mail')).toHaveTextContent('grace@example.com');
    expect(shownFor('Channel')).toHaveTextContent('MTN Mobile Money');
    expect(shownFor('Transaction ID')).toHaveTextContent('TX-1001');
    expect(shownFor("Provider's reference")).toHaveTextContent('MTN-77881');
    expect(shownFor('Your reference')).toHaveTextContent('order-55');
    expect(shownFor('Student number')).toHaveTextContent('S-204');
    expect(within(dialog).getByRole('link', { name: 'Term fees' })).toHaveAttribute('href', '/live/fees01');
    expect(within(dialog).queryByText('Why it failed')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      'https://pay.example/r/Q2xhc3MgUDUgZmVlcyBvaw',
    );
  });

  it('copies the transaction ID and the provider reference with buttons named for them', async () => {
    const { user } = renderDrawer();
    const dialog = await drawer();
    await user.click(await within(dialog).findByRole('button', { name: 'Copy transaction ID' }));
    expect(await navigator.clipboard.readText()).toBe('TX-1001');
    await user.click(within(dialog).getByRole('button', { name: "Copy provider's reference" }));
    expect(await navigator.clipboard.readText()).toBe('MTN-77881');
    expect(
      within(dialog)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('Copied');
  });

  it('shows the timeline in order, in Kampala time, with a failed delivery in red', async () => {
    renderDrawer();
    const timeline = within(await screen.findByRole('region', { name: 'Timeline' }));
    const titles = timeline.getAllByText(/^(Payment started|Prompt sent|Payment successful|Webhook delivery)/);
    expect(titles.map((title) => title.textContent)).toEqual([
      'Payment started',
      'Prompt sent to the payer',
      'Payment successful',
      'Webhook delivery',
      'Webhook delivery',
    ]);
    expect(timeline.getAllByText('Mar 02, 2026 12:30')).toHaveLength(2);
    const refused = timeline.getByText(/HTTP 500$/);
    const delivered = timeline.getByText(/HTTP 200$/);
    // The failed step's bullet and line are red, and so is what was said.
    const itemOf = (text: HTMLElement) => text.closest<HTMLElement>('.mantine-Timeline-item')!;
    expect(itemOf(refused).style.getPropertyValue('--tli-color')).toBe('var(--mantine-color-red-filled)');
    expect(refused.style.color).toBe('var(--mantine-color-red-9)');
    expect(itemOf(delivered).style.getPropertyValue('--tli-color')).toBe('');
    expect(delivered.style.color).toBe('');
  });

  it('says why a payment failed, without a Resend receipt or a receipt to view', async () => {
    renderDrawer(
      payment({
        status: 'failed',
        status_message: 'The payer did not approve the payment in time',
        net: 0,
        fee: 0,
        completed_at: '2026-03-02T09:35:00.000Z',
        provider_reference: null,
        reference: null,
        can_resend_receipt: false,
        receipt_url: null,
        timeline: [
          { at: '2026-03-02T09:30:00.000Z', kind: 'created', detail: null, ok: null },
          { at: '2026-03-02T09:35:00.000Z', kind: 'failed', detail: 'The payer did not approve the payment in time', ok: false },
        ],
      }),
    );
    const dialog = await drawer();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Why it failedThe payer did not approve the payment in time',
    );
    expect(shownFor("Provider's reference")).toHaveTextContent('—');
    expect(within(dialog).queryByText('Your reference')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: "Copy provider's reference" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Resend receipt' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'View receipt' })).not.toBeInTheDocument();
  });

  it('Resend receipt sends it and toasts the server message', async () => {
    const { api, user } = renderDrawer();
    const dialog = await drawer();
    const resend = await within(dialog).findByRole('button', { name: 'Resend receipt' });
    const reads = api.sent(`GET /api/collections/${ID}`).length;
    await user.click(resend);
    await expectToast('Receipt sent to grace@example.com');
    expect(api.sent(`POST /api/collections/${ID}/resend-receipt`)).toHaveLength(1);
    // The payment is read again, so the timeline shows the receipt the server recorded.
    await waitFor(() => expect(api.sent(`GET /api/collections/${ID}`)).toHaveLength(reads + 1));
  });

  it("a refused resend is a toast with the server's message", async () => {
    const api = stubApi({
      'GET /api/user/profile': ok(testUser()),
      [`GET /api/collections/${ID}`]: ok(payment()),
      [`POST /api/collections/${ID}/resend-receipt`]: fail(429, 'A receipt was sent a moment ago; try again in a minute'),
    });
    const { user } = render(<PaymentDrawer />, { path: `/collections?payment=${ID}` });
    await user.click(await within(await drawer()).findByRole('button', { name: 'Resend receipt' }));
    await expectToast('A receipt was sent a moment ago; try again in a minute');
    expect(api.sent(`POST /api/collections/${ID}/resend-receipt`)).toHaveLength(1);
  });

  it('offers Resend receipt to Customer Support, who answers "I never got my receipt"', async () => {
    renderDrawer(payment(), { role: 'customer_support' });
    expect(await within(await drawer()).findByRole('button', { name: 'Resend receipt' })).toBeVisible();
  });

  it('offers no Resend receipt to a role without the right (User)', async () => {
    renderDrawer(payment(), { role: 'user' });
    const dialog = await drawer();
    expect(await within(dialog).findByTestId('payment-amount')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Resend receipt' })).not.toBeInTheDocument();
  });

  it('says when the payment is not found, and shows an error with Try again', async () => {
    stubApi({
      'GET /api/user/profile': ok(testUser()),
      [`GET /api/collections/${ID}`]: fail(404, 'Payment not found in this account'),
    });
    render(<PaymentDrawer />, { path: `/collections?payment=${ID}` });
    const dialog = await drawer();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment not foundPayment not found in this account');
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('an error reading it shows the message and Try again', async () => {
    stubApi({
      'GET /api/user/profile': ok(testUser()),
      [`GET /api/collections/${ID}`]: fail(500, 'Something went wrong'),
    });
    render(<PaymentDrawer />, { path: `/collections?payment=${ID}` });
    const dialog = await drawer();
    expect(await within(dialog).findByText('Could not load')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('closing it takes the payment out of the URL and keeps the page filter', async () => {
    const { user, location } = renderDrawer();
    const dialog = await drawer();
    await user.click(within(dialog).getByRole('button', { name: 'Close payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location().search).toBe('?q=TX');
  });
});
