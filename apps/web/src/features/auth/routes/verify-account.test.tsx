import { MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { expectToast } from '../../../testing/toasts.ts';
import { VerifyAccountRoute } from './verify-account.tsx';

const EMAIL = 'ada@example.com';

function renderVerify({
  path = `/verify-account?email=${encodeURIComponent(EMAIL)}`,
  verify = ok(),
}: {
  path?: string;
  verify?: Answer;
} = {}) {
  const api = stubApi({
    'POST /api/verify-account': verify,
    'POST /api/resend-account-verification-code': ok({ last_code_sent_at: new Date().toISOString() }),
  });
  const view = render(<VerifyAccountRoute />, { path });
  const pressVerify = () => view.user.click(screen.getByRole('button', { name: 'Verify account' }));
  return { ...view, api, pressVerify };
}

describe('verify account', () => {
  it("says 'OTP is Required' without a code, sending nothing", async () => {
    const { api, pressVerify } = renderVerify();
    expect(screen.getByText(`Enter the 6-digit code we sent to ${EMAIL}.`)).toBeVisible();
    await pressVerify();
    expect(await screen.findByText(MESSAGES.otpRequired)).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it('refuses a code shorter than 6 digits', async () => {
    const { api, user, pressVerify } = renderVerify();
    await user.type(screen.getByLabelText('Code digit 1'), '12345');
    await pressVerify();
    expect(await screen.findByText(MESSAGES.codeFormat)).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it('takes at most 6 digits', async () => {
    // Without the address, so that the sixth digit sends nothing and the boxes stay.
    const { user } = renderVerify({ path: '/verify-account' });
    expect(screen.getAllByLabelText(/^Code digit \d$/)).toHaveLength(6);
    await user.type(screen.getByLabelText('Code digit 1'), '12345678');
    const boxes = screen.getAllByLabelText(/^Code digit \d$/) as HTMLInputElement[];
    expect(boxes.map((box) => box.value).join('')).toMatch(/^12345\d$/);
  });

  it("fills every box from a pasted code, verifies it, says 'Account Verified' and goes to sign in with the address", async () => {
    const { api, user, location } = renderVerify();
    await user.click(screen.getByLabelText('Code digit 1'));
    await user.paste('482913');
    expect(screen.getByLabelText('Code digit 6')).toHaveValue('3');
    await expectToast(MESSAGES.accountVerified);
    await waitFor(() => expect(location().pathname).toBe('/'));
    // The sign-in form opens with the verified address filled in.
    expect(new URLSearchParams(location().search).get('email')).toBe(EMAIL);
    expect(api.sent('POST /api/verify-account').map((request) => request.body)).toEqual([
      { email_or_phone: EMAIL, code: '482913' },
    ]);
  });

  it('sends the code on its sixth digit, as sign-in does, without a press of Verify', async () => {
    const { api, user, location } = renderVerify();
    await user.type(screen.getByLabelText('Code digit 1'), '482913');
    await expectToast(MESSAGES.accountVerified);
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(api.sent('POST /api/verify-account').map((request) => request.body)).toEqual([
      { email_or_phone: EMAIL, code: '482913' },
    ]);
  });

  it("shows the server's message for an expired code and stays", async () => {
    const { user, location } = renderVerify({ verify: fail(400, MESSAGES.codeExpired) });
    await user.type(screen.getByLabelText('Code digit 1'), '482913');
    await expectToast(MESSAGES.codeExpired);
    expect(location().pathname).toBe('/verify-account');
  });

  it('empties the boxes after a refused code, so pressing Verify again sends nothing', async () => {
    const { api, user, pressVerify } = renderVerify({ verify: fail(400, MESSAGES.codeWrong) });
    await user.type(screen.getByLabelText('Code digit 1'), '482913');
    await expectToast(MESSAGES.codeWrong);
    const boxes = screen.getAllByLabelText(/^Code digit \d$/) as HTMLInputElement[];
    await waitFor(() => expect(boxes.map((box) => box.value)).toEqual(['', '', '', '', '', '']));
    expect(document.activeElement).toBe(boxes[0]);
    await pressVerify();
    expect(await screen.findByText(MESSAGES.otpRequired)).toBeVisible();
    expect(api.sent('POST /api/verify-account')).toHaveLength(1);
  });

  it("asks for the e-mail when the link did not carry it: 'Email is Required'", async () => {
    const { api, user, enter, pressVerify } = renderVerify({ path: '/verify-account' });
    expect(screen.getByText('Enter your email and the code we sent you.')).toBeVisible();
    await user.type(screen.getByLabelText('Code digit 1'), '482913');
    await pressVerify();
    await expectToast(MESSAGES.emailRequired);
    expect(api.requests).toEqual([]);

    await enter(screen.getByLabelText('Email'), EMAIL);
    await pressVerify();
    await waitFor(() => expect(api.sent('POST /api/verify-account')).toHaveLength(1));
  });

  it("resends the code when the countdown is over, says 'OTP Sent' and starts the countdown again", async () => {
    const { api, user } = renderVerify();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await expectToast(MESSAGES.otpSent);
    expect(await screen.findByRole('timer')).toHaveTextContent(/You can ask for a new code in (4\d|50) s/);
    expect(api.sent('POST /api/resend-account-verification-code').map((request) => request.body)).toEqual([
      { email_or_phone: EMAIL },
    ]);
  });
});
