import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, fail, ok, okSpec, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { WalletPinModal } from './wallet-pin-modal.tsx';

const user = testUser();
const ACCOUNT_ID = user.current_account!.id;

type Replies = Partial<Record<'change' | 'code' | 'reset' | 'create', Answer | ((request: { body: unknown }) => Answer)>>;

function renderModal(pinExists: boolean, replies: Replies = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(user),
    'POST /api/wallet/pin_exists': okSpec({ pin_exists: pinExists }, undefined, { pin_exists: pinExists }),
    'POST /api/wallet/change_pin': replies.change ?? okSpec(null, M.pinChanged),
    'POST /api/wallet/pin_reset_code':
      replies.code ?? okSpec({ email: user.email, last_code_sent_at: new Date().toISOString() }, M.pinResetCodeSent),
    'POST /api/wallet/reset_pin': replies.reset ?? okSpec(null, M.pinReset),
    'POST /api/wallet/set_pin': replies.create ?? okSpec(null, M.pinCreated),
  });
  const onClose = vi.fn();
  const view = render(<WalletPinModal opened onClose={onClose} />);
  /** Types digits into the boxes of the PIN or code field with this label. */
  const type = (label: string, digits: string) =>
    view.user.type(screen.getAllByLabelText(new RegExp(`^${label} digit \\d$`))[0]!, digits);
  return { ...view, api, onClose, type };
}

describe('Wallet PIN dialog (issue 17)', () => {
  it('changes the PIN: the current one, then the new one twice, checked here first', async () => {
    const { user: events, api, onClose, type } = renderModal(true);
    const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
    const change = () => events.click(within(dialog).getByRole('button', { name: 'Change PIN' }));

    await change();
    expect(within(dialog).getAllByText(M.pinEmpty)).toHaveLength(3);
    await type('Current PIN', '24680');
    await type('New PIN', '13579');
    await type('Confirm new PIN', '13570');
    await change();
    expect(within(dialog).getByText(M.pinsDoNotMatch)).toBeInTheDocument();
    expect(api.sent('POST /api/wallet/change_pin')).toHaveLength(0);
    // The mismatch empties the confirmation for a fresh try.
    const confirmation = screen.getAllByLabelText(/^Confirm new PIN digit \d$/) as HTMLInputElement[];
    expect(confirmation.map((box) => box.value)).toEqual(['', '', '', '', '']);

    await type('Confirm new PIN', '13579');
    await change();
    await expectToast(M.pinChanged);
    expect(api.sent('POST /api/wallet/change_pin')[0]!.body).toEqual({
      sente_account_id: ACCOUNT_ID,
      old_pin: '24680',
      new_pin: '13579',
      new_pin_confirmation: '13579',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a wrong current PIN under its boxes, and a lock in a toast', async () => {
    let calls = 0;
    const { user: events, type } = renderModal(true, {
      change: () => (++calls === 1 ? fail(400, M.pinInvalid) : fail(423, M.pinLocked)),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
    await type('Current PIN', '11111');
    await type('New PIN', '13579');
    await type('Confirm new PIN', '13579');
    await events.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    expect(await within(dialog).findByText(M.pinInvalid)).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    await expectToast(M.pinLocked);
  });

  it('resets a forgotten PIN: sends the code to the e-mail, waits 50 s to send another, then code and new PIN', async () => {
    const {
      user: events,
      api,
      onClose,
      type,
    } = renderModal(true, {
      reset: (request) =>
        (request.body as { code: string }).code === '123456' ? okSpec(null, M.pinReset) : fail(400, MESSAGES.codeWrong),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
    await events.click(within(dialog).getByRole('button', { name: 'Forgot your PIN?' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset wallet PIN' });
    expect(within(reset).getByText(user.email)).toBeInTheDocument();
    await events.click(within(reset).getByRole('button', { name: 'Send code' }));
    await expectToast(M.pinResetCodeSent);
    // Counting down from 50 s: a few seconds may pass before this line on a loaded machine.
    const wait = within(reset)
      .getByRole('timer')
      .textContent?.match(/^You can ask for a new code in (\d+) s$/)?.[1];
    expect(Number(wait)).toBeGreaterThan(40);
    expect(Number(wait)).toBeLessThanOrEqual(50);
    expect(within(reset).queryByRole('button', { name: 'Send a new code' })).toBeNull();

    await type('Code', '654321');
    await type('New PIN', '13579');
    await type('Confirm new PIN', '13579');
    await events.click(within(reset).getByRole('button', { name: 'Reset PIN' }));
    expect(await within(reset).findByText(MESSAGES.codeWrong)).toBeInTheDocument();

    for (let i = 0; i < 6; i++) await events.type(screen.getByLabelText('Code digit 6'), '{backspace}');
    await type('Code', '123456');
    await events.click(within(reset).getByRole('button', { name: 'Reset PIN' }));
    await expectToast(M.pinReset);
    expect(api.sent('POST /api/wallet/reset_pin').at(-1)!.body).toEqual({
      sente_account_id: ACCOUNT_ID,
      code: '123456',
      new_pin: '13579',
      new_pin_confirmation: '13579',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('creates the first PIN when there is none', async () => {
    const { user: events, api, type } = renderModal(false);
    const dialog = await screen.findByRole('dialog', { name: 'Create wallet PIN' });
    await type('New PIN', '13579');
    await type('Confirm new PIN', '13579');
    await events.click(within(dialog).getByRole('button', { name: 'Create PIN' }));
    await expectToast(M.pinCreated);
    expect(api.sent('POST /api/wallet/set_pin')[0]!.body).toMatchObject({ sente_account_id: ACCOUNT_ID, pin: '13579' });
  });
});
