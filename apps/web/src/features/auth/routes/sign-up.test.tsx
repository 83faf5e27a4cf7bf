import { MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { expectToast, toastMessages } from '../../../testing/toasts.ts';
import { SignUpRoute } from './sign-up.tsx';

const STRONG = 'Sente#2026';
const SIGNED_UP = {
  user_id: 'u1',
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Nakato',
  last_code_sent_at: '2026-11-22T08:00:00.000Z',
};

function renderSignUp(answer: Answer = ok(SIGNED_UP)) {
  const api = stubApi({ 'POST /api/sign-up': answer });
  const view = render(<SignUpRoute />, { path: '/signup' });
  const { user, enter } = view;
  const fill = async ({ firstname = 'Ada', lastname = 'Nakato', email = 'Ada@Example.com', password = STRONG } = {}) => {
    if (firstname) await enter(screen.getByLabelText('First name'), firstname);
    if (lastname) await enter(screen.getByLabelText('Last name'), lastname);
    if (email) await enter(screen.getByLabelText('Email'), email);
    if (password) await enter(screen.getByLabelText('Password'), password);
  };
  const acceptTerms = () => user.click(screen.getByLabelText('I accept the terms and conditions'));
  const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));
  return { ...view, api, fill, acceptTerms, submit };
}

describe('sign up: each error a toast at the bottom-left', () => {
  it("says 'All Fields are required' and asks for the terms on an empty form, sending nothing", async () => {
    const { api, submit } = renderSignUp();
    await submit();
    await expectToast(MESSAGES.allFieldsRequired, 'bottom-left');
    await expectToast(MESSAGES.acceptTerms, 'bottom-left');
    expect(toastMessages('top-right')).toEqual([]);
    expect(api.requests).toEqual([]);
  });

  it('keeps its errors in the toasts, none under a field', async () => {
    const { fill, submit } = renderSignUp();
    await fill({ lastname: '', email: 'ada@example', password: 'weak' });
    await submit();
    await expectToast(MESSAGES.passwordWeak, 'bottom-left');
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).not.toBe('true');
    }
  });

  it("says 'All Fields are required' when one field is left empty", async () => {
    const { api, fill, acceptTerms, submit } = renderSignUp();
    await fill({ lastname: '' });
    await acceptTerms();
    await submit();
    await expectToast(MESSAGES.allFieldsRequired, 'bottom-left');
    expect(toastMessages()).toEqual([MESSAGES.allFieldsRequired]);
    expect(api.requests).toEqual([]);
  });

  it('refuses a weak password with the spec words', async () => {
    const { api, fill, acceptTerms, submit } = renderSignUp();
    await fill({ password: 'weak' });
    await acceptTerms();
    await submit();
    await expectToast(MESSAGES.passwordWeak, 'bottom-left');
    expect(toastMessages()).toEqual([MESSAGES.passwordWeak]);
    expect(api.requests).toEqual([]);
  });

  it('refuses an email that is not one', async () => {
    const { api, fill, acceptTerms, submit } = renderSignUp();
    await fill({ email: 'ada@example' });
    await acceptTerms();
    await submit();
    await expectToast(MESSAGES.invalidEmail, 'bottom-left');
    expect(api.requests).toEqual([]);
  });

  it('asks for the terms when everything else is right', async () => {
    const { api, fill, submit } = renderSignUp();
    await fill();
    await submit();
    await expectToast(MESSAGES.acceptTerms, 'bottom-left');
    expect(toastMessages()).toEqual([MESSAGES.acceptTerms]);
    expect(api.requests).toEqual([]);
  });

  it('shows each message once when Continue is pressed again', async () => {
    const { fill, submit } = renderSignUp();
    await fill({ password: 'weak' });
    await submit();
    await expectToast(MESSAGES.acceptTerms, 'bottom-left');
    await submit();
    // The first round's toasts leave as the second round's arrive.
    await waitFor(() =>
      expect(toastMessages('bottom-left').sort()).toEqual([MESSAGES.acceptTerms, MESSAGES.passwordWeak].sort()),
    );
  });

  it('sends the four fields without the terms, then goes to verify the e-mail', async () => {
    const { api, fill, acceptTerms, submit, location } = renderSignUp();
    await fill();
    await acceptTerms();
    await submit();
    await waitFor(() => expect(location().pathname).toBe('/verify-account'));
    expect(location().search).toBe('?email=ada%40example.com');
    expect(api.sent('POST /api/sign-up').map((request) => request.body)).toEqual([
      { firstname: 'Ada', lastname: 'Nakato', email: 'ada@example.com', password: STRONG },
    ]);
    expect(localStorage.getItem('sente.lastCodeSentAt')).toBe(String(Date.parse(SIGNED_UP.last_code_sent_at)));
    expect(toastMessages()).toEqual([]);
  });

  it("says the server's refusal of a field under that field, its other errors at the bottom-left, and stays", async () => {
    const { api, fill, acceptTerms, submit, location } = renderSignUp(
      fail(400, MESSAGES.emailTaken, [MESSAGES.emailTaken, MESSAGES.tooManyRequests], { email: MESSAGES.emailTaken }),
    );
    await fill();
    await acceptTerms();
    await submit();
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email'))).toBe(MESSAGES.emailTaken));
    await expectToast(MESSAGES.tooManyRequests, 'bottom-left');
    expect(toastMessages('bottom-left')).not.toContain(MESSAGES.emailTaken);
    expect(location().pathname).toBe('/signup');
    expect(api.sent('POST /api/sign-up')).toHaveLength(1);
  });

  it('links the terms and conditions, opening them in a new tab so the form keeps what was typed', () => {
    renderSignUp();
    const link = screen.getByRole('link', { name: 'terms and conditions' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
