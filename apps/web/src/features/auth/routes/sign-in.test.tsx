import { ERROR_CODES } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast, toastMessages } from '../../../testing/toasts.ts';
import { SignInRoute } from './sign-in.tsx';

const EMAIL = 'ada@example.com';
const PASSWORD = 'Sente#2026';
/** The code was sent `secondsAgo` before the server answers, by e-mail, and by SMS to `smsTo` when given. */
const codeSent =
  (secondsAgo = 0, smsTo: string | null = null) =>
  () =>
    ok({ email: EMAIL, last_code_sent_at: new Date(Date.now() - secondsAgo * 1000).toISOString(), sms_to: smsTo });
const signedIn = ok({ user: testUser(), accessToken: 'access-1', refreshToken: 'refresh-1' });

function renderSignIn({
  login = codeSent(),
  loginOtp = signedIn,
}: {
  login?: Answer | (() => Answer);
  loginOtp?: Answer | (() => Answer);
} = {}) {
  const api = stubApi({
    'POST /api/login': login,
    'POST /api/login-otp': loginOtp,
  });
  const view = render(<SignInRoute />);
  const signIn = async () => {
    await view.enter(screen.getByLabelText('Email'), EMAIL);
    await view.enter(screen.getByLabelText('Password'), PASSWORD);
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
  };
  return { ...view, api, signIn };
}

describe('sign in', () => {
  it("says 'Email is Required' and 'Password is Required' under the empty fields, sending nothing", async () => {
    const { api, user } = renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordRequired);
    expect(api.requests).toEqual([]);
  });

  it('says the code went by SMS too when the server texted it to the verified phone (decision 070)', async () => {
    const { signIn } = renderSignIn({ login: codeSent(0, '+256 7•• ••• 222') });
    await signIn();
    expect(screen.getByText(`We sent a 6-digit code to ${EMAIL} and by SMS to +256 7•• ••• 222.`)).toBeVisible();
  });

  it('sends the credentials, then asks for the code with a 50-second countdown and no Resend yet', async () => {
    const { api, signIn } = renderSignIn();
    await signIn();
    expect(screen.getByText(`We sent a 6-digit code to ${EMAIL}.`)).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/You can ask for a new code in (4\d|50) s/);
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(api.sent('POST /api/login').map((request) => request.body)).toEqual([{ emailOrPhone: EMAIL, password: PASSWORD }]);
  });

  it("shows the server's message for wrong credentials and stays on the first step", async () => {
    const { user, enter } = renderSignIn({ login: fail(401, MESSAGES.invalidCredentials) });
    await enter(screen.getByLabelText('Email'), EMAIL);
    await enter(screen.getByLabelText('Password'), 'Wrong#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectToast(MESSAGES.invalidCredentials);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it('sends an unverified account to verify its e-mail', async () => {
    const notVerified: Answer = {
      status: 403,
      body: { status: 'error', message: MESSAGES.accountNotVerified, code: ERROR_CODES.accountNotVerified },
    };
    const { user, enter, location } = renderSignIn({ login: notVerified });
    await enter(screen.getByLabelText('Email'), EMAIL);
    await enter(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectToast(MESSAGES.accountNotVerified);
    await waitFor(() => expect(location().pathname).toBe('/verify-account'));
    expect(location().search).toBe(`?email=${encodeURIComponent(EMAIL)}`);
  });

  it("says 'OTP is Required' when Verify is pressed without a code", async () => {
    const { api, user, signIn } = renderSignIn();
    await signIn();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.otpRequired)).toBeVisible();
    expect(api.sent('POST /api/login-otp')).toEqual([]);
  });

  it('refuses a code shorter than 6 digits', async () => {
    const { api, user, signIn } = renderSignIn();
    await signIn();
    await user.type(screen.getByLabelText('Code digit 1'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.codeFormat)).toBeVisible();
    expect(api.sent('POST /api/login-otp')).toEqual([]);
  });

  it('signs in once the sixth digit is typed, keeps both tokens and goes to the dashboard', async () => {
    const { api, user, signIn, location } = renderSignIn();
    await signIn();
    await user.type(screen.getByLabelText('Code digit 1'), '482913');
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(api.sent('POST /api/login-otp').map((request) => request.body)).toEqual([{ emailOrPhone: EMAIL, code: '482913' }]);
    expect(localStorage.getItem('sente.accessToken')).toBe('access-1');
    expect(localStorage.getItem('sente.refreshToken')).toBe('refresh-1');
  });

  it("shows the server's message for a wrong code, then empties the boxes", async () => {
    const { user, signIn, location } = renderSignIn({ loginOtp: fail(400, MESSAGES.codeWrong) });
    await signIn();
    await user.type(screen.getByLabelText('Code digit 1'), '000000');
    await expectToast(MESSAGES.codeWrong);
    expect(location().pathname).toBe('/');
    expect(localStorage.getItem('sente.accessToken')).toBeNull();
    // The boxes empty and the focus waits in the first, for the next code.
    await waitFor(() => expect(screen.getByLabelText('Code digit 6')).toHaveValue(''));
    expect(document.activeElement).toBe(screen.getByLabelText('Code digit 1'));
  });

  it('sends a code once when the sixth digit and Verify both submit it; a wrong one empties the boxes', async () => {
    const { api, user, signIn } = renderSignIn({ loginOtp: fail(400, MESSAGES.codeWrong) });
    await signIn();
    await user.type(screen.getByLabelText('Code digit 1'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast(MESSAGES.codeWrong);
    expect(api.sent('POST /api/login-otp')).toHaveLength(1);
    expect(toastMessages()).toEqual([MESSAGES.codeWrong]);
    const boxes = screen.getAllByLabelText(/^Code digit \d$/) as HTMLInputElement[];
    await waitFor(() => expect(boxes.map((box) => box.value)).toEqual(['', '', '', '', '', '']));

    // A code typed afresh is a new attempt.
    await user.type(boxes[0]!, '111111');
    await waitFor(() => expect(api.sent('POST /api/login-otp')).toHaveLength(2));
  });

  it("dismisses a wrong code's message when the next code is sent, so the dashboard opens without it", async () => {
    let tries = 0;
    const { user, signIn, location } = renderSignIn({
      loginOtp: () => (++tries === 1 ? fail(400, MESSAGES.codeWrong) : signedIn),
    });
    await signIn();
    await user.type(screen.getByLabelText('Code digit 1'), '000000');
    await expectToast(MESSAGES.codeWrong);
    await waitFor(() => expect(screen.getByLabelText('Code digit 6')).toHaveValue(''));
    await user.type(screen.getByLabelText('Code digit 1'), '482913');
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    // Gone at once, well before a toast's own 5 s.
    await waitFor(() => expect(toastMessages()).not.toContain(MESSAGES.codeWrong), { timeout: 1000 });
  });

  it('ignores Verify while the code sent on the sixth digit is still being checked', async () => {
    let answer: (reply: Answer) => void = () => {};
    const api = stubApi({
      'POST /api/login': codeSent(),
      'POST /api/login-otp': () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    const { user, enter, location } = render(<SignInRoute />);
    await enter(screen.getByLabelText('Email'), EMAIL);
    await enter(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Code digit 1'), '482913');
    await waitFor(() => expect(api.sent('POST /api/login-otp')).toHaveLength(1));
    // The form submitted again (Verify, or Enter in a box) while the first answer is awaited.
    fireEvent.submit(screen.getByRole('button', { name: 'Verify' }).closest('form')!);
    fireEvent.submit(screen.getByRole('button', { name: 'Verify' }).closest('form')!);
    answer(signedIn);
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(api.sent('POST /api/login-otp')).toHaveLength(1);
  });

  it("offers Resend once the countdown is over, and says 'OTP Sent' after sending a new code", async () => {
    const { api, user, signIn } = renderSignIn({ login: codeSent(60) });
    await signIn();
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    await expectToast(MESSAGES.otpSent);
    expect(api.sent('POST /api/login')).toHaveLength(2);
  });
});
