import { randomInt } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@sente/contracts/constants';
import { CODE_EMAILS, EMAIL_TEXTS as T } from '@sente/contracts/emails';
import { MESSAGES } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { escapeHtml } from '../../lib/rich-text.ts';
import { hmac, safeEqual } from '../../lib/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { UserRow } from '../users/tables.ts';
import { consumeCode, countFailedAttempt, latestCode, replaceCode } from './repository.ts';
import type { CodePurpose } from './tables.ts';
import { WrongSecretError } from './throttle.ts';

/** One-time codes: 6 digits, stored as keyed hashes, 10 minutes, 5 tries, one per 50 seconds. */
export function createCodeService(deps: { db: Kysely<Database>; mailer: Mailer; pepper: string; logger: Logger }) {
  const { db, mailer, pepper, logger } = deps;
  const hashCode = (userId: string, purpose: CodePurpose, code: string) => hmac(pepper, `${userId}:${purpose}:${code}`);

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

    /** Sends a fresh code, refusing with 429 while the last one is under 50 seconds old. */
    async send(user: UserRow, purpose: CodePurpose): Promise<Date> {
      const { waitMs } = await this.cooldownLeft(user.id, purpose);
      if (waitMs > 0) throw new HttpError(429, MESSAGES.resendTooSoon(Math.ceil(waitMs / 1000)));
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const row = await replaceCode(db, user.id, purpose, hashCode(user.id, purpose, code), new Date(Date.now() + OTP_TTL_MS));
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
      return new Date(row.created_at);
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
      if (!safeEqual(hashCode(user.id, purpose, code), last.code_hash)) {
        const attempts = await countFailedAttempt(db, last.id);
        throw new WrongSecretError(attempts >= OTP_MAX_ATTEMPTS ? MESSAGES.codeTooManyAttempts : MESSAGES.codeWrong);
      }
      if (!(await consumeCode(db, last.id))) throw badRequest(MESSAGES.codeExpired);
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
