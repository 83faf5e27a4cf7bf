import { describe, expect, it } from 'vitest';
import { changePasswordInput, isStrongPassword, loginInput, signUpForm, signUpInput } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { issueMessages } from './validation.ts';

const messagesOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : issueMessages(result.error as Parameters<typeof issueMessages>[0]);

describe('sign-up rules', () => {
  const valid = { firstname: 'Ada', lastname: 'Nakato', email: 'Ada@Example.com', password: 'Sente#2026' };

  it('accepts a complete form and lower-cases the e-mail', () => {
    expect(signUpInput.parse(valid).email).toBe('ada@example.com');
  });

  it("answers 'All Fields are required' once when fields are missing", () => {
    expect(messagesOf(signUpInput.safeParse({ ...valid, firstname: ' ', lastname: '' }))).toEqual([MESSAGES.allFieldsRequired]);
    expect(messagesOf(signUpInput.safeParse({}))).toEqual([MESSAGES.allFieldsRequired]);
  });

  it('needs a number, a special character, a capital letter and 8 characters', () => {
    for (const weak of ['sente#2026', 'Sente2026', 'Sente#abc', 'Se#1']) {
      expect(isStrongPassword(weak)).toBe(false);
      expect(messagesOf(signUpInput.safeParse({ ...valid, password: weak }))).toEqual([MESSAGES.passwordWeak]);
    }
  });

  it('needs the terms ticked in the form', () => {
    expect(messagesOf(signUpForm.safeParse({ ...valid, terms: false }))).toEqual([MESSAGES.acceptTerms]);
  });
});

describe('sign-in and reset rules', () => {
  it('names the missing field', () => {
    expect(messagesOf(loginInput.safeParse({ emailOrPhone: '', password: '' }))).toEqual([
      MESSAGES.emailRequired,
      MESSAGES.passwordRequired,
    ]);
  });

  it('needs a six-digit code and a strong new password', () => {
    expect(messagesOf(changePasswordInput.safeParse({ email_or_phone: 'a@b.co', code: '', password: 'Sente#2026' }))).toEqual([
      MESSAGES.otpRequired,
    ]);
    expect(messagesOf(changePasswordInput.safeParse({ email_or_phone: 'a@b.co', code: '123456', password: 'weak' }))).toEqual([
      MESSAGES.resetPasswordWeak,
    ]);
  });
});
