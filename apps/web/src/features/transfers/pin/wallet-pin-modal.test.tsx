import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, fail, ok, okSpec, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
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
      replies.code ??
      okSpec({ email: user.email, last_code_sent_at: new Date().toISOString(), sms_to: null }, M.pinResetCodeSent),
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

/** A refusal naming the field of the body it is about, as the server's `fieldError` answers it. */
const refusedField = (field: string, message: string) => fail(400, message, [message], { [field]: message });
/** The message under a row of boxes (each box is described by it). */
const errorUnder = (label: string) => errorOf(screen.getByLabelText(`${label} digit 1`));

describe('Wallet PIN dialog', () => {
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

  it('refuses a trivial new PIN under its boxes before asking the server', async () => {
    const { user: events, api, type } = renderModal(true);
    const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
    await type('Current PIN', '24680');
    await type('New PIN', '12345');
    await type('Confirm new PIN', '12345');
    await events.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    await waitFor(() => expect(errorUnder('New PIN')).toBe(M.pinTooSimple));
    expect(api.sent('POST /api/wallet/change_pin')).toHaveLength(0);
  });

  it('puts a refusal under the field the server names (a wrong current PIN, an unchanged one), and a lock in a toast', async () => {
    const replies = [refusedField('old_pin', M.pinInvalid), refusedField('new_pin', M.pinUnchanged), fail(423, M.pinLocked)];
    const { user: events, type } = renderModal(true, { change: () => replies.shift()! });
    const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
    const change = () => events.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    await type('Current PIN', '11111');
    await type('New PIN', '13579');
    await type('Confirm new PIN', '13579');
    await change();
    await waitFor(() => expect(errorUnder('Current PIN')).toBe(M.pinInvalid));
    expect(errorUnder('New PIN')).toBeNull();
    await change();
    await waitFor(() => expect(errorUnder('New PIN')).toBe(M.pinUnchanged));
    expect(errorUnder('Current PIN')).toBeNull();
    await change();
    await expectToast(M.pinLocked);
    expect(errorUnder('New PIN')).toBeNull();
  });

  it('resets a forgotten PIN: sends the code to the e-mail, waits 50 s to send another, then code and new PIN', async () => {
    const {
      user: events,
      api,
      onClose,
      type,
    } = renderModal(true, {
      reset: (request) =>
        (request.body as { code: string }).code === '123456'
          ? okSpec(null, M.pinReset)
          : refusedField('code', MESSAGES.codeWrong),
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
    await waitFor(() => expect(errorOf(screen.getByLabelText('Code digit 1'))).toBe(MESSAGES.codeWrong));

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

  it('says the reset code went by SMS too when the server texted it to the verified phone (decision 070)', async () => {
    const { user: events } = renderModal(true, {
      code: okSpec(
        { email: user.email, last_code_sent_at: new Date().toISOString(), sms_to: '+256 7•• ••• 222' },
        M.pinResetCodeSent,
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
    await events.click(within(dialog).getByRole('button', { name: 'Forgot your PIN?' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset wallet PIN' });
    await events.click(within(reset).getByRole('button', { name: 'Send code' }));
    expect(
      await within(reset).findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            `Enter the code we sent to ${user.email}. It works for 10 minutes. We also sent it by SMS to +256 7•• ••• 222.`,
      ),
    ).toBeVisible();
  });

  it('creates the first PIN when there is none', async () => {
    const { user: events, api, type } = renderModal(false);
    const dialog = await screen.findByRole('dialog', { name: 'Create wallet PIN' });
    await type('New PIN', '13579');
    await type('Confirm new PIN', '13579');
    await events.click(within(dialog).getByRole('button', { name: 'Create PIN' }));
    await expectToast(M.pinCreated);
    expect(api.sent('POST /api/wallet/set_pin')[0]!.body).toEqual({
      user_id: expect.any(String),
      sente_account_id: ACCOUNT_ID,
      active_environment: 'test',
      pin: '13579',
    });
  });
});
