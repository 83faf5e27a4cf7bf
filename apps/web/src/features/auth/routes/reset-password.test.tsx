import { CODE_SENT_TEXT, MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { expectToast } from '../../../testing/toasts.ts';
import { ResetPasswordRoute } from './reset-password.tsx';

const EMAIL = 'ada@example.com';
const CODE = '482913';
const NEW_PASSWORD = 'Kampala#2027';

function renderReset({ change = ok(null, MESSAGES.passwordChanged) }: { change?: Answer } = {}) {
  const api = stubApi({
    'POST /api/password-reset-code': ok(null, MESSAGES.resetCodeSent),
    'POST /api/change-password': change,
  });
  const view = render(<ResetPasswordRoute />, { path: '/reset-password' });
  const { user, enter } = view;
  const toCodeStage = async () => {
    await enter(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The answer is alike for every address, so the screen says when the code went by SMS too (decision 070).
    await screen.findByText(`Enter the code we sent to ${EMAIL}. ${CODE_SENT_TEXT.resetBySmsToo}`);
  };
  const toPasswordStage = async () => {
    await toCodeStage();
    await user.type(screen.getByLabelText('Code digit 1'), CODE);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('New password');
  };
  const setPasswords = async (password: string, confirmation: string) => {
    await enter(screen.getByLabelText('New password'), password);
    await enter(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
  };
  return { ...view, api, toCodeStage, toPasswordStage, setPasswords };
}

describe('reset password, stage 1: the e-mail', () => {
  it("says 'Email is Required' under the empty field, sending nothing", async () => {
    const { api, user } = renderReset();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(api.requests).toEqual([]);
  });

  it("asks for a code for the e-mail and says 'OTP Sent'", async () => {
    const { api, toCodeStage } = renderReset();
    await toCodeStage();
    await expectToast(MESSAGES.otpSent);
    expect(api.sent('POST /api/password-reset-code').map((request) => request.body)).toEqual([{ email_or_phone: EMAIL }]);
  });
});

describe('reset password, stage 2: the code', () => {
  it("says 'Invalid OTP' for a code under 6 characters and stays", async () => {
    const { user, toCodeStage } = renderReset();
    await toCodeStage();
    await user.type(screen.getByLabelText('Code digit 1'), '4829');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.invalidOtp)).toBeVisible();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('moves on to the new password with 6 digits, without sending the code yet', async () => {
    const { api, toPasswordStage } = renderReset();
    await toPasswordStage();
    expect(screen.getByLabelText('Confirm new password')).toBeVisible();
    expect(api.sent('POST /api/change-password')).toEqual([]);
  });
});

describe('reset password, stage 3: the new password', () => {
  it("says 'Password confirmation does not match' under the confirmation, sending nothing", async () => {
    const { api, toPasswordStage, setPasswords } = renderReset();
    await toPasswordStage();
    await setPasswords(NEW_PASSWORD, 'Kampala#2028');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeVisible();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(MESSAGES.passwordMismatch);
    expect(api.sent('POST /api/change-password')).toEqual([]);
  });

  it('refuses a weak password with the spec words under it', async () => {
    const { api, toPasswordStage, setPasswords } = renderReset();
    await toPasswordStage();
    await setPasswords('kampala', 'kampala');
    expect(await screen.findByText(MESSAGES.resetPasswordWeak)).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(MESSAGES.resetPasswordWeak);
    expect(api.sent('POST /api/change-password')).toEqual([]);
  });

  it("sends e-mail, code and password, says 'Your password has been reset' and goes to sign in", async () => {
    const { api, toPasswordStage, setPasswords, location } = renderReset();
    await toPasswordStage();
    await setPasswords(NEW_PASSWORD, NEW_PASSWORD);
    await expectToast(MESSAGES.passwordHasBeenReset);
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(api.sent('POST /api/change-password').map((request) => request.body)).toEqual([
      { email_or_phone: EMAIL, code: CODE, password: NEW_PASSWORD },
    ]);
  });

  it("shows the server's message for a wrong code and goes back to an empty code", async () => {
    const { toPasswordStage, setPasswords } = renderReset({ change: fail(400, MESSAGES.codeWrong) });
    await toPasswordStage();
    await setPasswords(NEW_PASSWORD, NEW_PASSWORD);
    await expectToast(MESSAGES.codeWrong);
    expect(await screen.findByLabelText('Code digit 1')).toHaveValue('');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
