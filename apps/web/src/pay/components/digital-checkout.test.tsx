/** Decision 035: a digital item's buyer gives an e-mail, so the download link is not lost with the page. */
import { PAYMENT_MESSAGES as M, type PublicLink, type PublicPayment } from '@sente/contracts/payments';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../testing/api-stub.ts';
import { enterWith } from '../../testing/enter.ts';
import { publicLink } from '../../testing/public-link.ts';
import { PAGE_TEXT } from '../messages.ts';
import { PayApp } from '../pay-app.tsx';

const ITEM = publicLink({
  kind: 'digital_item',
  ref: 'book1',
  title: 'Holiday workbook',
  amount: 15_000,
  category: 'Ebooks (PDF)',
  merchant: { name: 'Auma Books', logo_url: null },
});

const ID = '00000000-0000-4000-8000-000000000021';
const PAID: PublicPayment = {
  id: ID,
  status: 'successful',
  message: M.paymentSuccessful,
  amount: 15_000,
  currency: 'UGX',
  channel: 'MTN_UG',
  transaction_id: 'SNTABCDEFGH2345',
  environment: 'test',
  download_url: `/api/public/payments/${ID}/download?expires=1&signature=s`,
  download_expires_at: '2026-11-27T21:30:00.000Z',
  download_emailed: true,
};

function renderCheckout(link: PublicLink) {
  const api = stubApi({
    [`GET /api/public/links/${link.ref}`]: ok(link),
    [`POST /api/public/links/${link.ref}/pay`]: ok({ id: ID, status: 'pending', expires_in_seconds: 300 }),
    [`GET /api/public/payments/${ID}`]: ok(PAID),
  });
  render(<PayApp route={{ kind: link.kind, ref: link.ref }} />);
  const user = userEvent.setup({ delay: null });
  return { api, user, enter: enterWith(user) };
}

describe('the checkout of a digital item', () => {
  it('asks for the e-mail before paying, then says the download link was sent there', async () => {
    const { api, user, enter } = renderCheckout(ITEM);
    await enter(await screen.findByLabelText('Your name'), 'Joan Atim');
    await enter(screen.getByLabelText('Mobile money number'), '0772123456');
    expect(screen.getByText(PAGE_TEXT.emailHintDownload)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay UGX 15,000' }));

    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(M.emailRequiredForDownload)).toBeInTheDocument();
    expect(api.sent(`POST /api/public/links/${ITEM.ref}/pay`)).toHaveLength(0);

    await enter(email, 'joan.atim@example.com');
    expect(screen.queryByText(M.emailRequiredForDownload)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay UGX 15,000' }));
    expect(api.sent(`POST /api/public/links/${ITEM.ref}/pay`)[0]?.body).toMatchObject({ email: 'joan.atim@example.com' });

    expect(await screen.findByRole('heading', { name: M.paymentSuccessful })).toBeInTheDocument();
    expect(screen.getByText(PAGE_TEXT.downloadEmailed('joan.atim@example.com'))).toBeInTheDocument();
  });

  it('leaves the e-mail optional on a payment link paid by mobile money', async () => {
    const { api, user, enter } = renderCheckout({ ...ITEM, kind: 'payment_link', ref: 'fees1', category: null });
    await enter(await screen.findByLabelText('Your name'), 'Joan Atim');
    await enter(screen.getByLabelText('Mobile money number'), '0772123456');
    expect(screen.getByText(PAGE_TEXT.emailHintOptional)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay UGX 15,000' }));
    expect(screen.queryByText(M.emailRequiredForDownload)).toBeNull();
    expect(api.sent('POST /api/public/links/fees1/pay')).toHaveLength(1);
  });
});
