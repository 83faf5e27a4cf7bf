import { randomInt } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@sente/contracts/constants';
import { CODE_EMAILS, EMAIL_TEXTS as T } from '@sente/contracts/emails';
import { MESSAGES } from '@sente/contracts/messages';
import { CODE_TEXTS, PHONE_MESSAGES } from '@sente/contracts/phone-verification';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { badRequest, fieldError, HttpError } from '../../lib/http-error.ts';
import { escapeHtml } from '../../lib/rich-text.ts';
import { hmac, safeEqual } from '../../lib/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { maskedPhone, smsPhoneOf, verifiedSmsPhoneOf } from '../../sms/phone.ts';
import type { SmsSender } from '../../sms/sms.ts';
import type { UserRow } from '../users/tables.ts';
import { consumeCode, countFailedAttempt, latestCode, replaceCode } from './repository.ts';
import type { CodePurpose } from './tables.ts';
import { WrongSecretError } from './throttle.ts';

/** The codes that also go by SMS to a verified phone, beside the e-mail (decision 070). */
const TEXTED_TOO = ['login', 'password_reset', 'wallet_pin_reset'] as const;
const textedToo = (purpose: CodePurpose): purpose is (typeof TEXTED_TOO)[number] =>
  (TEXTED_TOO as readonly CodePurpose[]).includes(purpose);

/** A code sent: when, and the verified phone it went to by SMS too, masked as the code screens show it (or null). */
export type CodeSent = { at: Date; smsTo: string | null };

/**
 * One-time codes: 6 digits, stored as keyed hashes, 10 minutes, 5 tries, one per 50 seconds. Each goes by e-mail, but
 * a phone's own code (verify_phone) goes by SMS only, and the sign-in and reset codes go by SMS too when the member's
 * phone is verified: the same code, one row.
 */
export function createCodeService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  pepper: string;
  logger: Logger;
}) {
  const { db, mailer, sms, pepper, logger } = deps;
  /** A phone's own code is bound to the phone it went to: once the profile's phone changes, it no longer matches. */
  const hashCode = (user: UserRow, purpose: CodePurpose, code: string) =>
    hmac(pepper, `${user.id}:${purpose}:${code}${purpose === 'verify_phone' ? `:${user.phone}` : ''}`);

  async function mail(user: UserRow, purpose: Exclude<CodePurpose, 'verify_phone'>, code: string) {
    const { subject, intro } = CODE_EMAILS[purpose];
    await mailer.send({
      to: user.email,
      subject,
      text: `${T.hello(user.firstname)}\n\n${intro}\n\n${code}\n\n${T.codeExpiry}\n\n${T.signature}`,
      html: `<p>${T.hello(escapeHtml(user.firstname))}</p><p>${intro}</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>${T.codeExpiry}</p><p>${T.signature}</p>`,
    });
    // NOTE: in development (outbox mail) the code is logged so a newcomer can sign in without a mail client.
    if (mailer.transport === 'outbox')
      logger.info({ email: user.email, purpose, code }, `one-time code for ${user.email}: ${code}`);
  }

  /** Texts a code; a code is transactional, so quiet hours never hold it back. */
  async function text(to: string, purpose: keyof typeof CODE_TEXTS, code: string) {
    await sms.send({ to, text: CODE_TEXTS[purpose](code), purpose: 'transactional', accountId: null });
    if (sms.transport === 'outbox') logger.info({ phone: to, purpose, code }, `one-time code for +${to}: ${code}`);
  }

  return {
    /**
     * Milliseconds until a new code may be sent (0 when it may be sent now), and whether the last code can still
     * be used. A code already used holds nothing back: signing in again right after signing out mails a new one.
     */
    async cooldownLeft(
      userId: string,
      purpose: CodePurpose,
    ): Promise<{ waitMs: number; lastSentAt: Date | null; usable: boolean }> {
      const last = await latestCode(db, userId, purpose);
      if (!last || last.consumed_at) return { waitMs: 0, lastSentAt: null, usable: false };
      const waitMs = Math.max(0, new Date(last.created_at).getTime() + OTP_RESEND_COOLDOWN_MS - Date.now());
      const usable = last.attempts < OTP_MAX_ATTEMPTS && new Date(last.expires_at).getTime() > Date.now();
      return { waitMs, lastSentAt: new Date(last.created_at), usable };
    },

    /**
     * Sends a fresh code, refusing with 429 while the last one is under 50 seconds old. A phone's own code that no
     * route took is voided (so the member may ask again at once) and answered 503; a sign-in or reset code whose text
     * failed still went by e-mail, so the failure is logged and the request goes on.
     */
    async send(user: UserRow, purpose: CodePurpose): Promise<CodeSent> {
      const phoneToProve = smsPhoneOf(user.phone);
      if (purpose === 'verify_phone' && !phoneToProve) throw badRequest(PHONE_MESSAGES.notUgandanMobile);
      const { waitMs } = await this.cooldownLeft(user.id, purpose);
      if (waitMs > 0) throw new HttpError(429, MESSAGES.resendTooSoon(Math.ceil(waitMs / 1000)));
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const row = await replaceCode(db, user.id, purpose, hashCode(user, purpose, code), new Date(Date.now() + OTP_TTL_MS));
      if (purpose === 'verify_phone') {
        try {
          await text(phoneToProve!, purpose, code);
        } catch (error) {
          logger.warn({ err: error, userId: user.id, purpose }, 'phone code text not sent');
          await consumeCode(db, row.id);
          throw new HttpError(503, PHONE_MESSAGES.notSent);
        }
        return { at: new Date(row.created_at), smsTo: maskedPhone(phoneToProve!) };
      }
      await mail(user, purpose, code);
      const phone = verifiedSmsPhoneOf(user);
      let smsTo: string | null = null;
      if (phone && textedToo(purpose)) {
        smsTo = await text(phone, purpose, code).then(
          () => maskedPhone(phone),
          (error: unknown) => {
            logger.warn({ err: error, userId: user.id, purpose }, 'code text not sent; the e-mail went');
            return null;
          },
        );
      }
      return { at: new Date(row.created_at), smsTo };
    },

    /** Where the last code of `purpose` went by SMS too, as `send` says it: the verified phone, masked (or null). */
    smsToOf(user: UserRow, purpose: CodePurpose): string | null {
      const phone = verifiedSmsPhoneOf(user);
      return phone && textedToo(purpose) ? maskedPhone(phone) : null;
    },

    /**
     * Checks a code and uses it up; a wrong one counts towards the five tries. A wrong code (or any code for an
     * unknown address, which answers the same) is a WrongSecretError, counted by the account throttle.
     */
    async consume(user: UserRow | undefined, purpose: CodePurpose, code: string): Promise<void> {
      if (!user) throw new WrongSecretError(MESSAGES.codeWrong);
      const last = await latestCode(db, user.id, purpose);
      if (!last || last.consumed_at || new Date(last.expires_at).getTime() <= Date.now()) {
        throw badRequest(MESSAGES.codeExpired);
      }
      if (last.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(MESSAGES.codeTooManyAttempts);
      if (!safeEqual(hashCode(user, purpose, code), last.code_hash)) {
        const attempts = await countFailedAttempt(db, last.id);
        throw new WrongSecretError(attempts >= OTP_MAX_ATTEMPTS ? MESSAGES.codeTooManyAttempts : MESSAGES.codeWrong);
      }
      if (!(await consumeCode(db, last.id))) throw badRequest(MESSAGES.codeExpired);
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;

/**
 * A code the code service refuses (wrong, expired, used up) is a 400 about the body's `code`: it names that field, so
 * the form shows it under the code boxes. The account throttle's 429 stays as it is.
 */
export function codeFieldError(error: unknown): never {
  if (error instanceof HttpError && error.statusCode === 400) throw fieldError('code', error.message);
  throw error;
}
