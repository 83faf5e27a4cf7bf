import { formatMoney } from '@sente/contracts/format';
import { APPROVAL_MESSAGES, APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { WALLET_MESSAGES as M, TRANSFER_MENU_LABELS, type TransferRow, type WalletSummary } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, okSpec, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { TransferModal } from './transfer-modal.tsx';

const SUMMARY: WalletSummary = {
  charges: { settlement: 1_000, wallet_transfer: 500, payout: 750 },
  current_balance: 0,
  current_balance_sand_box: 500_000,
};
const HELD: TransferRow = {
  id: 'c0ffee00-0000-4000-8000-000000000061',
  created_at: '2026-03-02T09:30:00.000Z',
  kind: 'payout',
  direction: 'out',
  amount: 80_000,
  charge: 750,
  currency: 'UGX',
  creator: { firstname: 'Grace', lastname: 'Namutebi' },
  reason: 'Supplier',
  status: 'pending',
  counterparty: '+256 772 000 011',
  failure_reason: null,
  collection_id: null,
  approval: { status: 'awaiting', expires_at: '2026-03-05T09:30:00.000Z', requested_by: testUser().user_id },
};
const RULES = { per_payout_cap: null, daily_cap: null, member_daily_cap: null, approval_threshold: 50_000, updated_at: null };

async function payoutOf(amount: string) {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ account: { userWallet: { current_balance: 0, current_balance_sand_box: 500_000 } } })),
    'GET /api/wallet/charges': ok(SUMMARY),
    'GET /api/payout-rules': ok(RULES),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
    'POST /api/wallet/verify_pin': okSpec({ pin_token: 'pin-token-1' }, M.pinVerified, { pin_token: 'pin-token-1' }),
    'POST /api/wallet/mobile-money-name': ok({ network: 'MTN', check: 'registered', masked_name: 'J*** OKELLO' }),
    'POST /api/yo/process_payout': ok(HELD, APPROVAL_MESSAGES.awaiting),
  });
  const { user, enter } = render(<TransferModal opened onClose={() => {}} withPayout={false} />, {
    path: '/settlements?transfer=1',
  });
  await waitFor(() => expect(api.sent('GET /api/payout-rules')).toHaveLength(1));
  await screen.findByRole('dialog', { name: 'Transfers' });
  const transfers = () => screen.getByRole('dialog', { name: 'Transfers' });
  await user.click(within(transfers()).getByRole('textbox', { name: 'Option' }));
  await user.click(await screen.findByRole('option', { name: TRANSFER_MENU_LABELS.payout }));
  await enter(within(transfers()).getByLabelText('Receiver phone'), '0772 000 011');
  await user.type(within(transfers()).getByLabelText('Amount'), amount);
  await enter(within(transfers()).getByLabelText('Reason'), 'Supplier');
  await user.click(within(transfers()).getByRole('button', { name: 'Continue' }));
  return { user, pinStep: await screen.findByRole('dialog', { name: 'Authenticate with PIN' }) };
}

describe('a movement above the approval threshold, before its PIN (decision 071)', () => {
  it('says on the PIN step that it will wait for a second member, and the toast that it awaits approval', async () => {
    const { user, pinStep } = await payoutOf('80000');
    expect(pinStep).toHaveTextContent(L.willBeHeld(formatMoney(50_000)));
    await user.type(within(pinStep).getByLabelText('Wallet PIN digit 1'), '24680');
    await user.click(within(pinStep).getByRole('button', { name: 'Verify' }));
    await expectToast(APPROVAL_MESSAGES.awaiting);
  });

  it('says nothing of it at or below the threshold', async () => {
    const { pinStep } = await payoutOf('50000');
    expect(pinStep).not.toHaveTextContent(L.willBeHeld(formatMoney(50_000)));
  });
});
