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
import { CHALLENGE_MAX_ATTEMPTS, type SignInChallenges } from './challenges.ts';
import type { CodeService } from './codes.ts';
import { createSecondFactors, secondFactorOf } from './factors.ts';
import { findUserByEmailOrPhone, findUserById, insertUser, markVerified, setPassword } from './repository.ts';
import type { SessionService } from './sessions.ts';
import type { CodePurpose } from './tables.ts';
import { createFailureThrottle, failureKeys, userFailureKeys, WrongSecretError } from './throttle.ts';

type Deps = {
  db: Kysely<Database>;
  codes: CodeService;
  challenges: SignInChallenges;
  sessions: SessionService;
  loadProfile: (userId: string) => Promise<User>;
  passwords: PasswordHasher;
};

/**
 * Runs once a user has proved their mailbox, e.g. to join the team invitations to it: its own event, raised by
 * verify-account and by a sign-in whose second factor went to the mailbox (the e-mailed code), never by a sign-in as such.
 */
export type MailboxProvenHook = (user: { id: string; email: string }) => Promise<void>;

export function createAuthService({ db, codes, challenges, sessions, loadProfile, passwords }: Deps) {
  const throttle = createFailureThrottle({ db });
  const factors = createSecondFactors({ codes });
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

    /**
     * Step one of a sign-in: the password. Once it is proven, the member's second factor is readied (the code is sent)
     * and a challenge is issued for it: the sign-in's answer and the challenge's secret, which step two needs.
     */
    async login({ emailOrPhone, password }: LoginInput): Promise<{ sent: LoginCodeSent; challenge: string }> {
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
      const factor = secondFactorOf(user);
      const started = await factors[factor].start(user);
      const challenge = await challenges.issue(user, factor, ['pwd']);
      return { sent: { email: user.email, ...started }, challenge };
    },

    /**
     * Step two: the second factor, checked against the challenge of step one, which alone says who signs in. No
     * challenge, or one never issued, is answered as a wrong code (as an unknown address is) and counted; a challenge
     * used or expired is answered as the code would be (the page's Resend starts again); one outlived by a password
     * change, or sent with an address that is not its user's, is a 400 saying to sign in again.
     */
    async loginWithCode(
      { emailOrPhone, code }: LoginOtpInput,
      challengeSecret: string | undefined,
      userAgent: string | null,
    ): Promise<LoginResult> {
      const challenge = await challenges.find(challengeSecret);
      const { user, amr, provedMailbox } = await throttle.attempt(
        'code',
        failureKeys(emailOrPhone, challenge?.user_id),
        async () => {
          if (!challenge) throw new WrongSecretError(MESSAGES.codeWrong);
          if (!challenges.isOpen(challenge)) throw badRequest(MESSAGES.codeExpired);
          const user = await findUserById(db, challenge.user_id);
          if (!challenges.provenFor(challenge, user, emailOrPhone)) throw badRequest(MESSAGES.signInAgain);
          if (challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) throw badRequest(MESSAGES.codeTooManyAttempts);
          const factor = challenge.factor;
          const proven = await factors[factor].verify(user, { code }).catch(async (error: unknown) => {
            if (error instanceof WrongSecretError && (await challenges.countWrongProof(challenge))) {
              throw new WrongSecretError(MESSAGES.codeTooManyAttempts);
            }
            throw error;
          });
          if (!(await challenges.consume(challenge))) throw badRequest(MESSAGES.codeExpired);
          return { user, amr: [...challenge.amr, factor], provedMailbox: proven.provedMailbox };
        },
      );
      if (provedMailbox) await mailboxProven(user);
      const tokens = await sessions.start(user.id, userAgent, amr);
      return { user: await loadProfile(user.id), ...tokens };
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
