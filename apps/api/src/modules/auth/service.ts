import type { LoginResult, User } from '@sente/contracts/accounts';
import type {
  ChangePasswordInput,
  EmailOrPhoneInput,
  LoginCodeSent,
  LoginInput,
  LoginOtpInput,
  SignUpInput,
  SignUpResult,
  VerifyAccountInput,
} from '@sente/contracts/auth';
import { ERROR_CODES } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, fieldError, HttpError } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { UserRow } from '../users/tables.ts';
import type { CodeService } from './codes.ts';
import { findUserByEmailOrPhone, insertUser, markVerified, setPassword } from './repository.ts';
import type { SessionService } from './sessions.ts';
import type { CodePurpose } from './tables.ts';
import { createFailureThrottle, failureKeys, userFailureKeys, WrongSecretError } from './throttle.ts';

type Deps = {
  db: Kysely<Database>;
  codes: CodeService;
  sessions: SessionService;
  loadProfile: (userId: string) => Promise<User>;
  passwords: PasswordHasher;
};

/** Runs once a user has proved their mailbox (a verify or sign-in code), e.g. to join the team invitations to it. */
export type MailboxProvenHook = (user: { id: string; email: string }) => Promise<void>;

export function createAuthService({ db, codes, sessions, loadProfile, passwords }: Deps) {
  const throttle = createFailureThrottle({ db });
  const mailboxProvenHooks: MailboxProvenHook[] = [];
  const mailboxProven = async (user: UserRow) => {
    for (const hook of mailboxProvenHooks) await hook({ id: user.id, email: user.email });
  };
  /** A code check, counted towards the account's wrong codes (throttle.ts). */
  const consumeCode = (emailOrPhone: string, user: UserRow | undefined, purpose: CodePurpose, code: string) =>
    throttle.attempt('code', failureKeys(emailOrPhone, user?.id), () => codes.consume(user, purpose, code));

  return {
    /** Team invitations (modules/team) join here: before the sign-in's profile is read, so it already lists them. */
    onMailboxProven(hook: MailboxProvenHook): void {
      mailboxProvenHooks.push(hook);
    },

    async signUp(input: SignUpInput): Promise<SignUpResult> {
      const user = await insertUser(db, {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        password_hash: await passwords.hash(input.password),
      });
      if (!user) throw fieldError('email', MESSAGES.emailTaken);
      const sentAt = (await codes.send(user, 'verify_account')).at;
      return {
        user_id: user.id,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        last_code_sent_at: sentAt.toISOString(),
      };
    },

    /** Unknown addresses answer like known ones, so the endpoint cannot be used to find accounts. */
    async resendVerificationCode({ email_or_phone }: EmailOrPhoneInput): Promise<{ last_code_sent_at: string }> {
      const user = await findUserByEmailOrPhone(db, email_or_phone);
      if (!user) return { last_code_sent_at: new Date().toISOString() };
      if (user.verified_at) throw badRequest(MESSAGES.accountAlreadyVerified);
      return { last_code_sent_at: (await codes.send(user, 'verify_account')).at.toISOString() };
    },

    async verifyAccount({ email_or_phone, code }: VerifyAccountInput): Promise<void> {
      const user = await findUserByEmailOrPhone(db, email_or_phone);
      if (user?.verified_at) throw badRequest(MESSAGES.accountAlreadyVerified);
      await consumeCode(email_or_phone, user, 'verify_account', code);
      await markVerified(db, user!.id);
      await mailboxProven(user!);
    },

    async login({ emailOrPhone, password }: LoginInput): Promise<LoginCodeSent> {
      const found = await findUserByEmailOrPhone(db, emailOrPhone);
      // An unknown address is hashed against a dummy and counted like a known one, so neither the time taken nor
      // the throttle tells them apart.
      const user = await throttle.attempt('password', failureKeys(emailOrPhone, found?.id), async () => {
        const valid = found ? await passwords.verify(password, found.password_hash) : await passwords.verifyDummy(password);
        if (!found || !valid) throw new WrongSecretError(MESSAGES.invalidCredentials);
        return found;
      });
      if (!user.verified_at) {
        const { waitMs } = await codes.cooldownLeft(user.id, 'verify_account');
        if (waitMs === 0) await codes.send(user, 'verify_account');
        throw new HttpError(403, MESSAGES.accountNotVerified, { code: ERROR_CODES.accountNotVerified });
      }
      // A second sign-in within the cooldown reuses the code already sent instead of failing, as long as that
      // code can still be used; one voided by wrong tries is not pointed at again (send answers 429 until the cooldown ends).
      const { waitMs, lastSentAt, usable } = await codes.cooldownLeft(user.id, 'login');
      // The code reused went by SMS too when it was sent if the phone was verified then, as it is now (a changed phone
      // is no longer verified).
      const sent =
        waitMs > 0 && lastSentAt && usable
          ? { at: lastSentAt, smsTo: codes.smsToOf(user, 'login') }
          : await codes.send(user, 'login');
      return { email: user.email, last_code_sent_at: sent.at.toISOString(), sms_to: sent.smsTo };
    },

    async loginWithCode({ emailOrPhone, code }: LoginOtpInput, userAgent: string | null): Promise<LoginResult> {
      const user = await findUserByEmailOrPhone(db, emailOrPhone);
      await consumeCode(emailOrPhone, user, 'login', code);
      await mailboxProven(user!);
      const tokens = await sessions.start(user!.id, userAgent);
      return { user: await loadProfile(user!.id), ...tokens };
    },

    /**
     * Answers the same for every address, known or not, and inside the cooldown sends nothing rather
     * than a 429 that would tell a known address from an unknown one.
     */
    async requestPasswordReset({ email_or_phone }: EmailOrPhoneInput): Promise<void> {
      const user = await findUserByEmailOrPhone(db, email_or_phone);
      if (user && (await codes.cooldownLeft(user.id, 'password_reset')).waitMs === 0) await codes.send(user, 'password_reset');
    },

    async changePassword({ email_or_phone, code, password }: ChangePasswordInput): Promise<void> {
      const user = await findUserByEmailOrPhone(db, email_or_phone);
      await consumeCode(email_or_phone, user, 'password_reset', code);
      await setPassword(db, user!.id, await passwords.hash(password));
      // A reset proves control of the mailbox: whoever held the old password is signed out, and the wrong
      // passwords tried before no longer hold the owner back (throttle.ts).
      await sessions.revokeAll(user!.id);
      await throttle.clear('password', userFailureKeys(user!));
      // Receiving the code also proves the address, so an unverified account becomes verified.
      await markVerified(db, user!.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
