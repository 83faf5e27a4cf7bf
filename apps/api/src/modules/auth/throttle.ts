import { createHash } from 'node:crypto';
import { internationalPhone } from '@sente/contracts/accounts';
import { MESSAGES } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { TooManyRequestsError } from '../../plugins/rate-limit.ts';
import { clearFailures, countAttempt, deleteEndedFailureWindows, uncountAttempt } from './repository.ts';
import type { FailureKind } from './tables.ts';

/**
 * Decision 015: wrong passwords and wrong codes are limited per account, beside the per-IP limit on the routes, so
 * one account cannot be tried from many addresses. 10 failures of a kind within 15 minutes (the window starts at
 * the first) refuse every further attempt of that kind with 429 until the window ends, the right password
 * included: otherwise the lock would tell the attacker when a guess was right.
 */
export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** A wrong password or code: it counts towards the account's failures (every other outcome does not). */
export class WrongSecretError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/** The 429 of a throttled account: a 429 of the rate limits' own kind, so it gets their Retry-After header. */
class AccountThrottledError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, MESSAGES.tooManyFailedAttempts(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  }
}

/** The identifier as the user look-up reads it: an e-mail in lower case, or a phone number in its `+256...` format. */
export function normaliseIdentifier(emailOrPhone: string): string {
  const value = emailOrPhone.trim();
  return (value.includes('@') ? null : internationalPhone(value)) ?? value.toLowerCase();
}

const hashKey = (key: string) => createHash('sha256').update(`sente-auth-failures:${key}`).digest('base64url');

/**
 * What an attempt counts against: the identifier as typed, known or not (so an unknown address is throttled
 * exactly like a known one and the 429 tells nothing), and the user it names, so that alternating the user's
 * e-mail and phone number does not double the tries.
 */
export function failureKeys(emailOrPhone: string, userId?: string): string[] {
  const keys = [hashKey(`id:${normaliseIdentifier(emailOrPhone)}`)];
  if (userId) keys.push(hashKey(`user:${userId}`));
  return keys;
}

/** Every key of a user: the user and the identifiers it can sign in with. */
export function userFailureKeys(user: { id: string; email: string; phone: string | null }): string[] {
  return [...failureKeys(user.email, user.id), ...(user.phone ? [hashKey(`id:${normaliseIdentifier(user.phone)}`)] : [])];
}

/**
 * Counts are kept in the database (table auth_failures): every replica sees the same count whether or not Redis is
 * configured, counts survive a restart, and the cost (one upsert per attempt) is small beside the scrypt hash a
 * password check already costs.
 */
export function createFailureThrottle({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Runs one attempt at a password or code. The attempt is counted before `check` runs, atomically, so a burst of
     * parallel guesses cannot all pass before the first is counted; when that makes more than FAILURE_LIMIT the
     * attempt is refused (and not counted). It stays counted only when `check` throws a WrongSecretError: a right
     * secret takes back its own count but clears no earlier failure, so the owner signing in does not hand an
     * attacker a fresh set of tries.
     */
    async attempt<T>(kind: FailureKind, keys: string[], check: () => Promise<T>): Promise<T> {
      const unique = [...new Set(keys)];
      const counts = await countAttempt(db, kind, unique, FAILURE_WINDOW_MS);
      const over = counts.filter((count) => count.failures > FAILURE_LIMIT);
      if (over.length > 0) {
        await uncountAttempt(db, kind, unique);
        throw new AccountThrottledError(Math.max(...over.map((count) => count.seconds_left)));
      }
      try {
        const result = await check();
        await uncountAttempt(db, kind, unique);
        return result;
      } catch (error) {
        if (error instanceof WrongSecretError) await deleteEndedFailureWindows(db);
        else await uncountAttempt(db, kind, unique);
        throw error;
      }
    },

    /** Forgets the failures of these keys (a completed password reset proved the mailbox). */
    clear: (kind: FailureKind, keys: string[]) => clearFailures(db, kind, keys),
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
