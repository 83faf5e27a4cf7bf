import { createHash, randomBytes } from 'node:crypto';
import { formatDateTimeWithZone } from '@sente/contracts/format';
import { WALLET_MESSAGES as M, PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, PIN_TOKEN_TTL_SECONDS } from '@sente/contracts/transfers';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, fieldError, HttpError } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import {
  clearWrongPins,
  countWrongPin,
  deletePinsOf,
  findPin,
  insertPin,
  insertPinToken,
  type Member,
  spendAllPinTokens,
  spendPinToken,
  upsertPin,
} from './pins-repository.ts';

/** How a PIN token is stored: its SHA-256, never the token. */
export const pinTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 423 Locked: five wrong PINs in a row stop money movements for PIN_LOCK_MINUTES; the message says until when. */
const locked = (until: Date | string | null | undefined) =>
  new HttpError(423, until ? M.pinLockedUntil(formatDateTimeWithZone(until)) : M.pinLocked);

/**
 * The wallet PIN: one per member of an account, stored as a scrypt hash. A right PIN gives a single-use
 * token that one money movement spends inside its own transaction, so a PIN check cannot be skipped or replayed.
 */
export function createPinService(db: Kysely<Database>, passwords: PasswordHasher) {
  const find = (member: Member) => findPin(db, member);

  /**
   * Checks the PIN. A wrong one counts towards the lock (the count is raised in one statement, so parallel guesses
   * cannot slip past it); a right one clears the count. A wrong PIN names the body's field it came in (`pin` to
   * verify, `old_pin` to change), so that a form shows it there.
   */
  async function check(member: Member, pin: string, now: Date, field: 'pin' | 'old_pin'): Promise<void> {
    const row = await find(member);
    if (!row) throw badRequest(M.pinMissing);
    if (row.locked_until && row.locked_until > now) throw locked(row.locked_until);
    if (!(await passwords.verify(pin, row.pin_hash))) {
      const after = await countWrongPin(db, member, now, new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000));
      if (after?.locked_until && new Date(after.locked_until) > now) throw locked(after.locked_until);
      throw fieldError(field, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - (after?.failed_attempts ?? 0)));
    }
    // Wrong guesses checked in parallel may have locked the PIN while this one was hashing: a right PIN
    // clears the count only while no lock stands, else it is refused like any other try during the lock.
    const cleared = await clearWrongPins(db, member, now);
    if (!cleared) throw locked((await find(member))?.locked_until);
  }

  /**
   * Stores a new PIN (creating the row when there was none), clears the wrong-PIN count and lock, and spends every
   * unused PIN token of the member on the account, so that nothing confirmed with the old PIN can still move money.
   */
  async function replace(member: Member, pin: string, now: Date): Promise<void> {
    const pinHash = await passwords.hash(pin);
    await db.transaction().execute(async (trx) => {
      await upsertPin(trx, member, pinHash, now);
      await spendAllPinTokens(trx, member, now);
    });
  }

  return {
    exists: async (member: Member) => (await find(member)) !== undefined,

    /** Creates the member's PIN; one that exists is not replaced here. */
    async set(member: Member, pin: string): Promise<void> {
      const inserted = await insertPin(db, member, await passwords.hash(pin), new Date());
      if (!inserted) throw badRequest(M.pinExists);
    },

    /** Checks the PIN and answers a token for one movement (see `check`). */
    async verify(member: Member, pin: string, now = new Date()): Promise<string> {
      await check(member, pin, now, 'pin');
      const token = randomBytes(24).toString('base64url');
      await insertPinToken(db, member, pinTokenHash(token), new Date(now.getTime() + PIN_TOKEN_TTL_SECONDS * 1000));
      return token;
    },

    /**
     * Replaces the PIN after the current one was given, under the same lock as a transfer: a wrong current PIN counts
     * towards it, and a locked PIN cannot be changed (a reset by e-mailed code can).
     */
    async change(member: Member, oldPin: string, newPin: string, now = new Date()): Promise<void> {
      await check(member, oldPin, now, 'old_pin');
      if (newPin === oldPin) throw fieldError('new_pin', M.pinUnchanged);
      await replace(member, newPin, now);
    },

    /** Sets a new PIN once the member proved their mailbox (pin-reset.ts); it also ends a lock. */
    replace: (member: Member, pin: string) => replace(member, pin, new Date()),
    /** Operator: forgets a member's PINs (by e-mail), so they create a new one on their next transfer. */
    async reset(email: string): Promise<number> {
      const removed = await deletePinsOf(db, email);
      return Number(removed.numDeletedRows);
    },

    /** Spends a PIN token inside a money movement's transaction; an unknown, used or expired one is refused. */
    async spend(trx: Transaction<Database>, member: Member, token: string, now = new Date()): Promise<void> {
      const spent = await spendPinToken(trx, member, pinTokenHash(token), now);
      if (!spent) throw badRequest(M.pinTokenInvalid);
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;
