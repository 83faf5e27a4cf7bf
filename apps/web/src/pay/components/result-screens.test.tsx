/** The buyer's success screen tells when the download link stops working, in Kampala time whatever the phone's zone. */
import type { PublicPayment } from '@sente/contracts/payments';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    render(<SuccessScreen payment={PAID} />);
    expect(screen.getByText(/The download link works until/)).toHaveTextContent(
      'The download link works until Nov 25, 2026 0:30 EAT.',
    );
  });
});
