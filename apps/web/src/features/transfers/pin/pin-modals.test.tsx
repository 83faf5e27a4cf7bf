import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { AuthenticatePinModal, CreatePinModal, type PinSummary } from './pin-modals.tsx';

const boxesOf = (label: string) => screen.getAllByLabelText(new RegExp(`^${label} digit \\d$`)) as HTMLInputElement[];
const valuesOf = (label: string) => boxesOf(label).map((box) => box.value);

function renderCreate(onCreate = vi.fn(async () => true)) {
  const view = render(<CreatePinModal opened busy={false} onClose={vi.fn()} onCreate={onCreate} />);
  const dialog = screen.getByRole('dialog', { name: 'Create wallet PIN' });
  const create = () => view.user.click(within(dialog).getByRole('button', { name: 'Create PIN' }));
  const type = (digits: string) => view.user.type(boxesOf('New wallet PIN')[0]!, digits);
  const confirm = (digits: string) => view.user.type(boxesOf('Confirm wallet PIN')[0]!, digits);
  return { ...view, dialog, onCreate, create, type, confirm };
}

const EMPTY = ['', '', '', '', ''];

describe('Create wallet PIN modal (typed twice)', () => {
  it("says 'Wallet PIN cannot be empty' under the empty boxes, creating nothing", async () => {
    const { onCreate, create } = renderCreate();
    await create();
    expect(await screen.findAllByText(WALLET_MESSAGES.pinEmpty)).toHaveLength(2);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("says 'Wallet PIN must be exactly 5 digits' for a short PIN", async () => {
    const { onCreate, create, type, confirm } = renderCreate();
    await type('123');
    await confirm('123');
    await create();
    expect(await screen.findAllByText(WALLET_MESSAGES.pinLength)).toHaveLength(2);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('asks for the PIN twice: a mismatch says so, empties the confirmation and creates nothing', async () => {
    const { onCreate, create, type, confirm } = renderCreate();
    await type('24680');
    await confirm('24681');
    await create();
    expect(await screen.findByText(WALLET_MESSAGES.pinsDoNotMatch)).toBeVisible();
    expect(valuesOf('Confirm wallet PIN')).toEqual(EMPTY);
    expect(valuesOf('New wallet PIN')).toEqual(['2', '4', '6', '8', '0']);
    expect(onCreate).not.toHaveBeenCalled();
    // Typing the confirmation again clears the message.
    await confirm('2');
    expect(screen.queryByText(WALLET_MESSAGES.pinsDoNotMatch)).not.toBeInTheDocument();
  });

  it('hands on the PIN once both match, and clears the messages', async () => {
    const { onCreate, create, type, confirm } = renderCreate();
    await create();
    await screen.findAllByText(WALLET_MESSAGES.pinEmpty);
    await type('24680');
    await confirm('24680');
    await create();
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(onCreate).toHaveBeenCalledWith('24680');
    expect(screen.queryByText(WALLET_MESSAGES.pinEmpty)).not.toBeInTheDocument();
  });

  it('empties both rows of boxes and the messages with Reset', async () => {
    const { user, dialog, create, type, confirm } = renderCreate();
    await type('123');
    await confirm('12345');
    await create();
    await screen.findByText(WALLET_MESSAGES.pinLength);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(valuesOf('New wallet PIN')).toEqual(EMPTY);
    expect(valuesOf('Confirm wallet PIN')).toEqual(EMPTY);
    expect(screen.queryByText(WALLET_MESSAGES.pinLength)).not.toBeInTheDocument();
  });

  it('empties the boxes when the PIN was not created', async () => {
    const { create, type, confirm } = renderCreate(vi.fn(async () => false));
    await type('24680');
    await confirm('24680');
    await create();
    await waitFor(() => expect(valuesOf('New wallet PIN')).toEqual(EMPTY));
    expect(valuesOf('Confirm wallet PIN')).toEqual(EMPTY);
  });
});

const TO_WALLET: PinSummary = {
  receiver: { name: 'Nakato Events', accountNumber: '7700654321' },
  bank: null,
  phone: null,
  amount: 50_000,
  charge: 500,
  reason: 'Stock for December',
};

function renderAuthenticate(summary: PinSummary = TO_WALLET, onVerify = vi.fn(async () => true)) {
  const view = render(<AuthenticatePinModal summary={summary} busy={false} onClose={vi.fn()} onVerify={onVerify} />);
  const dialog = screen.getByRole('dialog', { name: 'Authenticate with PIN' });
  const verify = () => view.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  const type = (digits: string) => view.user.type(boxesOf('Wallet PIN')[0]!, digits);
  return { ...view, dialog, onVerify, verify, type };
}

/** The value shown for a term of the summary (a <dl>). */
const detail = (dialog: HTMLElement, term: string) => within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('Authenticate with PIN modal', () => {
  it('shows the receiver, amount, transfer charge and reason before the PIN', () => {
    const { dialog } = renderAuthenticate();
    expect(detail(dialog, 'Receiver')).toHaveTextContent('Nakato Events');
    expect(detail(dialog, 'Account number')).toHaveTextContent('7700654321');
    expect(detail(dialog, 'Amount')).toHaveTextContent('UGX 50,000');
    expect(detail(dialog, 'Transfer charge')).toHaveTextContent('UGX 500');
    expect(detail(dialog, 'Reason')).toHaveTextContent('Stock for December');
  });

  it('shows the bank account of a Request Transfer: bank, masked account number and account name', () => {
    const bank = { bank_name: 'Centenary Bank', account_number: '3100456789', account_name: 'Kampala Crafts Ltd' };
    const { dialog } = renderAuthenticate({ ...TO_WALLET, receiver: null, bank });
    expect(detail(dialog, 'Bank')).toHaveTextContent('Centenary Bank');
    expect(detail(dialog, 'Account number')).toHaveTextContent('•••• 6789');
    expect(detail(dialog, 'Account name')).toHaveTextContent('Kampala Crafts Ltd');
    expect(within(dialog).queryByText('Receiver', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the receiver phone of a payout instead of an account, in the format of the transfers list', () => {
    const { dialog } = renderAuthenticate({ ...TO_WALLET, receiver: null, phone: '0772123456' });
    expect(detail(dialog, 'Receiver phone')).toHaveTextContent(/^\+256 772 123 456$/);
    expect(within(dialog).queryByText('Receiver', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows a receiver phone typed the international way in that same format', () => {
    const { dialog } = renderAuthenticate({ ...TO_WALLET, receiver: null, phone: '+256 772-555-123' });
    expect(detail(dialog, 'Receiver phone')).toHaveTextContent(/^\+256 772 555 123$/);
  });

  it("says 'Wallet PIN cannot be empty' and 'Wallet PIN must be exactly 5 digits', verifying nothing", async () => {
    const { onVerify, verify, type } = renderAuthenticate();
    await verify();
    expect(await screen.findByText(WALLET_MESSAGES.pinEmpty)).toBeVisible();
    await type('1234');
    await verify();
    expect(await screen.findByText(WALLET_MESSAGES.pinLength)).toBeVisible();
    expect(onVerify).not.toHaveBeenCalled();
  });

  it('hands on the PIN and empties the boxes when it was refused, for a clean next try', async () => {
    const { onVerify, verify, type } = renderAuthenticate(
      TO_WALLET,
      vi.fn(async () => false),
    );
    await type('13579');
    await verify();
    expect(onVerify).toHaveBeenCalledWith('13579');
    await waitFor(() => expect(valuesOf('Wallet PIN')).toEqual(['', '', '', '', '']));
  });
});
