import { APPROVAL_MESSAGES } from '@sente/contracts/movement-approvals';
import { NAME_CHECK_MESSAGES } from '@sente/contracts/name-check';
import { type PayoutAllowance, PAYOUT_RULE_MESSAGES as R } from '@sente/contracts/payout-rules';
import { WALLET_MESSAGES as M, TRANSFER_MENU_LABELS, type TransferRow, type WalletSummary } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, okSpec, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { TransferModal } from './transfer-modal.tsx';

const SUMMARY: WalletSummary = {
  charges: { settlement: 1_000, wallet_transfer: 500, payout: 750 },
  current_balance: 0,
  current_balance_sand_box: 100_000,
};
const PAID: TransferRow = {
  id: 'c0ffee00-0000-4000-8000-000000000002',
  created_at: '2026-03-02T09:30:00.000Z',
  kind: 'payout',
  direction: 'out',
  amount: 20_000,
  charge: 750,
  currency: 'UGX',
  creator: { firstname: 'Grace', lastname: 'Namutebi' },
  reason: 'Teacher salary',
  status: 'pending',
  counterparty: '256772000011',
  failure_reason: null,
  collection_id: null,
};

const holder = (check: string, masked_name: string | null = null) => ok({ network: 'MTN', check, masked_name });

const NO_CAPS: PayoutAllowance = {
  per_payout_cap: null,
  daily_cap: null,
  member_daily_cap: null,
  sent_today: 0,
  sent_today_by_you: 0,
  most: null,
};
/** Caps of 50,000 a payout and 100,000 a day for the account, 70,000 of which went today: 30,000 may still go. */
const CAPPED: PayoutAllowance = {
  per_payout_cap: 50_000,
  daily_cap: 100_000,
  member_daily_cap: 60_000,
  sent_today: 70_000,
  sent_today_by_you: 10_000,
  most: 30_000,
};

/** The Transfers modal at "Send to mobile money", chosen from the dropdown, with the name step answering `name`. */
async function payout(name: Answer, paid: Answer = ok(PAID, M.payoutStarted), allowance: Answer = ok(NO_CAPS)) {
  const api = stubApi({
    'GET /api/payout-rules/allowance': allowance,
    'GET /api/user/profile': ok(testUser({ account: { userWallet: { current_balance: 0, current_balance_sand_box: 100_000 } } })),
    'GET /api/wallet/charges': ok(SUMMARY),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
    'POST /api/wallet/verify_pin': okSpec({ pin_token: 'pin-token-1' }, M.pinVerified, { pin_token: 'pin-token-1' }),
    'POST /api/wallet/mobile-money-name': name,
    'POST /api/yo/process_payout': paid,
  });
  const { user, enter } = render(<TransferModal opened onClose={() => {}} withPayout={false} />, {
    path: '/settlements?transfer=1',
  });
  await waitFor(() => expect(api.sent('POST /api/wallet/pin_exists')).toHaveLength(1));
  const transfers = () => screen.getByRole('dialog', { name: 'Transfers' });
  await user.click(within(transfers()).getByRole('textbox', { name: 'Option' }));
  await user.click(await screen.findByRole('option', { name: TRANSFER_MENU_LABELS.payout }));
  await enter(within(transfers()).getByLabelText('Receiver phone'), '0772 000 011');
  await user.type(within(transfers()).getByLabelText('Amount'), '20000');
  await enter(within(transfers()).getByLabelText('Reason'), 'Teacher salary');
  await user.click(within(transfers()).getByRole('button', { name: 'Continue' }));
  const phoneError = () => errorOf(within(transfers()).getByLabelText('Receiver phone'));
  return { api, user, transfers, phoneError };
}

describe('Transfers modal: "Send to mobile money" and its name step (decision 064)', () => {
  it('asks who holds the number, then shows the registered name masked before the PIN', async () => {
    const { api, user } = await payout(holder('registered', 'J*** OKELLO'));
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(api.sent('POST /api/wallet/mobile-money-name')[0]?.body).toEqual({ phone: '0772 000 011' });
    expect(within(dialog).getByText(`${NAME_CHECK_MESSAGES.registeredName}:`, { exact: false })).toHaveTextContent(
      'Registered name: J*** OKELLO',
    );
    expect(within(dialog).queryByText(NAME_CHECK_MESSAGES.unavailable)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Wallet PIN digit 1'), '24680');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.sent('POST /api/yo/process_payout')).toHaveLength(1));
    expect(api.sent('POST /api/yo/process_payout')[0]?.body).toMatchObject({ account: '0772 000 011', amount: 20_000 });
  });

  it.each([
    ['not_registered', NAME_CHECK_MESSAGES.notRegistered],
    ['barred', NAME_CHECK_MESSAGES.barred],
  ])('says a number %s under the phone and goes no further', async (check, message) => {
    const { api, phoneError } = await payout(holder(check));
    await waitFor(() => expect(phoneError()).toBe(message));
    expect(screen.queryByRole('dialog', { name: 'Authenticate with PIN' })).not.toBeInTheDocument();
    expect(api.sent('POST /api/yo/process_payout')).toEqual([]);
  });

  it('lets a payout whose name could not be checked go on, with a warning at the PIN step', async () => {
    await payout(holder('unavailable'));
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(within(dialog).getByText(NAME_CHECK_MESSAGES.unavailable)).toBeVisible();
    expect(within(dialog).queryByText(/Registered name/)).not.toBeInTheDocument();
  });

  it("puts the server's refusal of the number under the phone", async () => {
    const { phoneError } = await payout(fail(400, M.payoutNetworkUnsupported));
    await waitFor(() => expect(phoneError()).toBe(M.payoutNetworkUnsupported));
    expect(screen.queryByRole('dialog', { name: 'Authenticate with PIN' })).not.toBeInTheDocument();
  });

  it("says a payout above the approval threshold waits for a second member, in the API's words", async () => {
    const approval = { status: 'awaiting', expires_at: '2026-03-05T09:30:00.000Z', requested_by: testUser().user_id } as const;
    const { user } = await payout(holder('registered', 'J*** OKELLO'), ok({ ...PAID, approval }, APPROVAL_MESSAGES.awaiting));
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    await user.type(within(dialog).getByLabelText('Wallet PIN digit 1'), '24680');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expectToast(APPROVAL_MESSAGES.awaiting);
  });
});

describe('Transfers modal: the payout rules before the PIN (decision 065)', () => {
  /** The details step at "Send to mobile money" under CAPPED, with `amount` typed; Continue pressed. */
  async function capped(amount: string) {
    const api = stubApi({
      'GET /api/user/profile': ok(
        testUser({ account: { userWallet: { current_balance: 0, current_balance_sand_box: 100_000 } } }),
      ),
      'GET /api/wallet/charges': ok(SUMMARY),
      'GET /api/payout-rules/allowance': ok(CAPPED),
      'POST /api/wallet/pin_exists': okSpec({ pin_exists: true }, undefined, { pin_exists: true }),
      'POST /api/wallet/mobile-money-name': holder('registered', 'J*** OKELLO'),
    });
    const { user, enter } = render(<TransferModal opened onClose={() => {}} withPayout />, {
      path: '/settlements?option=payout',
    });
    const transfers = await screen.findByRole('dialog', { name: 'Transfers' });
    expect(await within(transfers).findByTestId('transfer-allowance')).toHaveTextContent(
      "You can send up to UGX 30,000 today under the account's payout rules.",
    );
    await enter(within(transfers).getByLabelText('Receiver phone'), '0772 000 011');
    await user.type(within(transfers).getByLabelText('Amount'), amount);
    await enter(within(transfers).getByLabelText('Reason'), 'Teacher salary');
    const amountError = () => errorOf(within(transfers).getByLabelText('Amount'));
    return { api, user, transfers, amountError };
  }

  it.each([
    ['the cap per payout', '60000', R.overPerPayoutCap(50_000)],
    ["the account's cap per day", '40000', R.overDailyCap(100_000)],
  ])('refuses an amount over %s under the amount, and Continue goes no further', async (_rule, amount, message) => {
    const { api, user, transfers, amountError } = await capped(amount);
    expect(amountError()).toBe(message);
    await user.click(within(transfers).getByRole('button', { name: 'Continue' }));
    expect(amountError()).toBe(message);
    expect(api.sent('POST /api/wallet/mobile-money-name')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Authenticate with PIN' })).not.toBeInTheDocument();
  });

  it('lets the most that may still go today on to the name check and the PIN', async () => {
    const { api, user, transfers, amountError } = await capped('30000');
    expect(amountError()).toBeNull();
    await user.click(within(transfers).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Authenticate with PIN' });
    expect(api.sent('POST /api/wallet/mobile-money-name')).toHaveLength(1);
  });
});
