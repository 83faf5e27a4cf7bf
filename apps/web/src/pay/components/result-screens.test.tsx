/**
 * The buyer's success screen tells when the download link stops working, in Kampala time whatever the phone's zone; it
 * shows the receipt's main lines and its link, and with a redirect it counts down and can be stopped (decision 068).
 */
import type { PublicPayment } from '@sente/contracts/payments';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_AFTER_SECONDS } from './redirect-countdown.tsx';
import { SuccessScreen } from './result-screens.tsx';

const PAID: PublicPayment = {
  id: '00000000-0000-4000-8000-000000000009',
  status: 'successful',
  amount: 15_000,
  currency: 'UGX',
  channel: 'MTN_UG',
  transaction_id: 'SNTABCDEFGH2345',
  environment: 'test',
  download_url: '/api/public/payments/00000000-0000-4000-8000-000000000009/download?expires=1&signature=s',
  // 21:30 UTC is 00:30 the next day in Kampala.
  download_expires_at: '2026-11-24T21:30:00.000Z',
};

describe('SuccessScreen', () => {
  it('gives the download link’s end in EAT, on the Kampala day', () => {
    render(<SuccessScreen payment={PAID} merchant="Kampala Books" title="Budget planner" />);
    expect(screen.getByText(/The download link works until/)).toHaveTextContent(
      'The download link works until Nov 25, 2026 0:30 EAT.',
    );
  });
});

const RECEIPT = 'https://pay.example/r/Q2xhc3MgUDUgZmVlcyBvaw';
const PAID_BY_LINK: PublicPayment = {
  ...PAID,
  download_url: undefined,
  download_expires_at: undefined,
  paid_at: '2026-11-23T21:30:00.000Z',
  receipt_url: RECEIPT,
};

describe('SuccessScreen receipt', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the receipt's main lines and a link to the receipt", () => {
    render(<SuccessScreen payment={PAID_BY_LINK} merchant="St. Mary's School" title="Term 1 fees" />);
    const lines = screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Amount paid: UGX 15,000',
      "Paid to: St. Mary's School",
      'For: Term 1 fees',
      'Date and time: Nov 24, 2026 0:30 EAT',
      'Sente reference: SNTABCDEFGH2345',
    ]);
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', RECEIPT);
  });

  it('with a redirect, counts down before it leaves, and stays when the payer says so', () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://pay.example', assign });
    const redirect = 'https://school.example/thanks?sente_id=1';
    const { unmount } = render(
      <SuccessScreen payment={{ ...PAID_BY_LINK, redirect_url: redirect }} merchant="St. Mary's" title="Fees" />,
    );
    expect(screen.getByRole('link', { name: "Continue to St. Mary's" })).toHaveAttribute('href', redirect);
    expect(screen.getByText(`Taking you back to St. Mary's in ${REDIRECT_AFTER_SECONDS} seconds.`)).toBeInTheDocument();
    /** Each second is its own timer, set after the screen shows the second before. */
    const wait = (seconds: number) => {
      for (let second = 0; second < seconds; second++) act(() => vi.advanceTimersByTime(1000));
    };
    wait(5);
    expect(screen.getByText(`Taking you back to St. Mary's in ${REDIRECT_AFTER_SECONDS - 5} seconds.`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    wait(60);
    expect(assign).not.toHaveBeenCalled();
    unmount();

    render(<SuccessScreen payment={{ ...PAID_BY_LINK, redirect_url: redirect }} merchant="St. Mary's" title="Fees" />);
    wait(REDIRECT_AFTER_SECONDS - 1);
    expect(assign).not.toHaveBeenCalled();
    wait(1);
    expect(assign).toHaveBeenCalledWith(redirect);
  });
});
