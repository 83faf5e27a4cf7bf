import type { Environment } from '@sente/contracts/constants';
import {
  WALLET_MESSAGES as M,
  setPinInput,
  settlementInput,
  TRANSFER_OPTIONS,
  verifyPinInput,
  type WalletSummary,
} from '@sente/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, fail, ok, parsedWith, type RouteKey, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { TransferModal } from './transfer-modal.tsx';

const SUMMARY: WalletSummary = {
  charges: { settlement: 1_000, wallet_transfer: 500, payout: 750 },
  current_balance: 2_000_000,
  current_balance_sand_box: 100_000,
};
const RECEIVER = { sente_account_id: 'acc-receiver', account_name: 'Nakato Events', sente_account_number: '7700654321' };

type Setup = {
  pinExists?: boolean;
  environment?: Environment;
  withPayout?: boolean;
  replies?: Partial<Record<RouteKey, Answer>>;
};

async function renderTransfer({ pinExists = true, environment = 'test', withPayout = false, replies = {} }: Setup = {}) {
  const user0 = testUser({
    account: {
      userWallet: { current_balance: 2_000_000, current_balance_sand_box: 100_000 },
      api_keys: { active_environment: environment },
    },
  });
  const api = stubApi({
    'GET /api/user/profile': ok(user0),
    'GET /api/wallet/charges': ok(SUMMARY),
    'POST /api/wallet/pin_exists': ok({ pin_exists: pinExists }),
    'POST /api/wallet/set_pin': parsedWith(setPinInput, ok(null, M.pinCreated)),
    'POST /api/wallet/verify_pin': parsedWith(verifyPinInput, ok({ pin_token: 'pin-token-1' })),
    'POST /api/wallet/verify_sente_acc_number': ok({ sente_account_id: RECEIVER.sente_account_id }),
    'POST /api/wallet/user_with_sente': ok(RECEIVER),
    'POST /api/settlements/create': parsedWith(settlementInput, ok(null, M.requestSent)),
    ...replies,
  });
  const onClose = vi.fn();
  const view = render(<TransferModal opened onClose={onClose} withPayout={withPayout} />, { path: '/settlements?transfer=1' });
  await waitFor(() => expect(api.sent('POST /api/wallet/pin_exists')).toHaveLength(1));
  const { user } = view;
  const transfers = () => screen.getByRole('dialog', { name: 'Transfers' });
  const choose = async (option: string) => {
    await user.click(within(transfers()).getByRole('textbox', { name: 'Option' }));
    await user.click(await screen.findByRole('option', { name: option }));
  };
  const fill = async ({ amount = '50000', reason = 'Stock for December' } = {}) => {
    if (amount) await user.type(within(transfers()).getByLabelText('Amount'), amount);
    if (reason) await user.type(within(transfers()).getByLabelText('Reason'), reason);
  };
  const proceed = () => user.click(within(transfers()).getByRole('button', { name: 'Continue' }));
  const pinStep = () => screen.findByRole('dialog', { name: 'Authenticate with PIN' });
  const movements = () => api.requests.filter((request) => request.path === '/api/settlements/create');
  return { ...view, api, onClose, transfers, choose, fill, proceed, pinStep, movements };
}

describe('Transfers modal: the form (spec §2, §5)', () => {
  it('shows the test balance in test mode, and offers a request to the bank and a wallet transfer, not a payout', async () => {
    const { user, transfers } = await renderTransfer();
    expect(await within(transfers()).findByText('UGX 100,000')).toBeVisible();
    expect(within(transfers()).getByTestId('transfer-balance')).toHaveTextContent('Wallet balance (test): UGX 100,000');
    await user.click(within(transfers()).getByRole('textbox', { name: 'Option' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([TRANSFER_OPTIONS.settlement, TRANSFER_OPTIONS.wallet_transfer]);
  });

  it('shows the live balance in live mode', async () => {
    const { transfers } = await renderTransfer({ environment: 'production' });
    await waitFor(() =>
      expect(within(transfers()).getByTestId('transfer-balance')).toHaveTextContent('Wallet balance: UGX 2,000,000'),
    );
  });

  it('names the option, the amount and the reason when Continue is pressed on an empty form', async () => {
    const { api, transfers, proceed } = await renderTransfer();
    const before = api.requests.length;
    await proceed();
    await waitFor(() => expect(errorOf(within(transfers()).getByRole('textbox', { name: 'Option' }))).toBe(M.selectPayoutOption));
    expect(errorOf(within(transfers()).getByLabelText('Amount'))).toBe(M.invalidAmount);
    expect(errorOf(within(transfers()).getByLabelText('Reason'))).toBe(M.reasonMissing);
    expect(api.requests).toHaveLength(before);
  });

  it("says 'Invalid Amount' above the balance as soon as it is typed, and refuses it on Continue", async () => {
    const { transfers, choose, fill, proceed } = await renderTransfer();
    await within(transfers()).findByText('UGX 100,000');
    expect(within(transfers()).queryByRole('alert')).not.toBeInTheDocument();
    await choose(TRANSFER_OPTIONS.settlement);
    await fill({ amount: '100001' });
    expect(within(transfers()).getByRole('alert')).toHaveTextContent(M.invalidAmount);
    await proceed();
    await waitFor(() => expect(errorOf(within(transfers()).getByLabelText('Amount'))).toBe(M.invalidAmount));
    expect(screen.queryByRole('dialog', { name: 'Authenticate with PIN' })).not.toBeInTheDocument();
  });

  it('asks for the account number of a wallet transfer', async () => {
    const { api, transfers, choose, fill, proceed } = await renderTransfer();
    await choose(TRANSFER_OPTIONS.wallet_transfer);
    await fill();
    await proceed();
    await waitFor(() => expect(errorOf(within(transfers()).getByLabelText('Account number'))).toBe(M.accountNumberMissing));
    expect(api.sent('POST /api/wallet/verify_sente_acc_number')).toEqual([]);
  });

  it('checks the receiver phone of a mobile-money payout, offered only when asked for', async () => {
    const { user, transfers, fill, proceed } = await renderTransfer({ withPayout: true });
    expect(within(transfers()).getByRole('textbox', { name: 'Option' })).toHaveValue(TRANSFER_OPTIONS.payout);
    await fill();
    await proceed();
    await waitFor(() => expect(errorOf(within(transfers()).getByLabelText('Receiver phone'))).toBe(M.phoneEmpty));
    await user.type(within(transfers()).getByLabelText('Receiver phone'), '07721');
    await proceed();
    await waitFor(() => expect(errorOf(within(transfers()).getByLabelText('Receiver phone'))).toBe(M.phoneInvalid));
  });
});

describe('Transfers modal: the PIN step (spec §4 transfer flow)', () => {
  it('shows the charge and reason of a request to the bank, then moves the money with the PIN token once', async () => {
    const { user, api, onClose, choose, fill, proceed, pinStep, movements } = await renderTransfer();
    await choose(TRANSFER_OPTIONS.settlement);
    await fill();
    await proceed();
    const dialog = await pinStep();
    expect(within(dialog).getByText('UGX 50,000')).toBeVisible();
    expect(within(dialog).getByText('UGX 1,000')).toBeVisible();
    expect(within(dialog).getByText('Stock for December')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Wallet PIN digit 1'), '13579');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expectToast(M.requestSent);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('POST /api/wallet/verify_pin').map((request) => request.body)).toEqual([
      { sente_account_id: testUser().current_account!.id, pin: '13579' },
    ]);
    expect(movements().map((request) => request.body)).toEqual([
      { amount: 50_000, reason: 'Stock for December', pin_token: 'pin-token-1' },
    ]);
    expect(movements()[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('looks up the receiver of a wallet transfer and shows their name and account number', async () => {
    const { user, api, transfers, choose, fill, proceed, pinStep } = await renderTransfer();
    await choose(TRANSFER_OPTIONS.wallet_transfer);
    await user.type(within(transfers()).getByLabelText('Account number'), ' 7700654321 ');
    await fill();
    await proceed();
    const dialog = await pinStep();
    expect(within(dialog).getByText('Nakato Events')).toBeVisible();
    expect(within(dialog).getByText('7700654321')).toBeVisible();
    expect(api.sent('POST /api/wallet/verify_sente_acc_number').map((request) => request.body)).toEqual([
      { sente_account_number: '7700654321' },
    ]);
  });

  it("says the server's words when no account has that number, and stays on the form", async () => {
    const { user, transfers, choose, fill, proceed } = await renderTransfer({
      replies: { 'POST /api/wallet/verify_sente_acc_number': fail(404, M.noAccountFound) },
    });
    await choose(TRANSFER_OPTIONS.wallet_transfer);
    await user.type(within(transfers()).getByLabelText('Account number'), '1234');
    await fill();
    await proceed();
    await expectToast(M.noAccountFound);
    expect(transfers()).toBeVisible();
  });

  it('says a wrong PIN is invalid, empties the boxes and moves no money', async () => {
    const { user, onClose, choose, fill, proceed, pinStep, movements } = await renderTransfer({
      replies: { 'POST /api/wallet/verify_pin': fail(400, M.pinInvalid) },
    });
    await choose(TRANSFER_OPTIONS.settlement);
    await fill();
    await proceed();
    const dialog = await pinStep();
    await user.type(within(dialog).getByLabelText('Wallet PIN digit 1'), '11111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expectToast(M.pinInvalid);
    await waitFor(() => expect(within(dialog).getByLabelText('Wallet PIN digit 1')).toHaveValue(''));
    expect(movements()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Transfers modal: creating the PIN first (spec §4)', () => {
  it('asks for a new PIN when none exists, then shows the transfer form', async () => {
    const { user, api } = await renderTransfer({ pinExists: false });
    const dialog = await screen.findByRole('dialog', { name: 'Create wallet PIN' });
    expect(screen.queryByRole('dialog', { name: 'Transfers' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create PIN' }));
    expect(await within(dialog).findByText(M.pinEmpty)).toBeVisible();
    await user.type(within(dialog).getByLabelText('New wallet PIN digit 1'), '24');
    await user.click(within(dialog).getByRole('button', { name: 'Create PIN' }));
    expect(await within(dialog).findByText(M.pinLength)).toBeVisible();
    expect(api.sent('POST /api/wallet/set_pin')).toEqual([]);

    await user.type(within(dialog).getByLabelText('New wallet PIN digit 3'), '680');
    await user.click(within(dialog).getByRole('button', { name: 'Create PIN' }));
    await expectToast(M.pinCreated);
    expect(await screen.findByRole('dialog', { name: 'Transfers' })).toBeVisible();
    expect(api.sent('POST /api/wallet/set_pin')[0]?.body).toMatchObject({ pin: '24680', active_environment: 'test' });
  });

  it("says 'Failed to check wallet PIN.' when the check gets no answer", async () => {
    await renderTransfer({ replies: { 'POST /api/wallet/pin_exists': fail(500, 'Something went wrong') } });
    await expectToast(M.pinCheckFailed);
  });
});
