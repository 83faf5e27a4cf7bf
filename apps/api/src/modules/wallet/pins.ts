import { createHash, randomBytes } from 'node:crypto';
import { WALLET_MESSAGES as M, PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, PIN_TOKEN_TTL_SECONDS } from '@sente/contracts/wallet';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';

type Member = { accountId: string; userId: string };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 423 Locked: five wrong PINs in a row stop money movements for PIN_LOCK_MINUTES. */
const locked = () => new HttpError(423, M.pinLocked);

/**
 * DESIGN §6 wallet PIN: one per member of an account, stored as a scrypt hash. A right PIN gives a single-use
 * token that one money movement spends inside its own transaction, so a PIN check cannot be skipped or replayed.
 */
export function createPinService(db: Kysely<Database>, passwords: PasswordHasher) {
  const find = ({ accountId, userId }: Member) =>
    db.selectFrom('wallet_pins').selectAll().where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();

  /**
   * Checks the PIN. A wrong one counts towards the lock (the count is raised in one statement, so parallel guesses
   * cannot slip past it); a right one clears the count.
   */
  async function check(member: Member, pin: string, now: Date): Promise<void> {
    const row = await find(member);
    if (!row) throw badRequest(M.pinMissing);
    if (row.locked_until && row.locked_until > now) throw locked();
    if (!(await passwords.verify(pin, row.pin_hash))) {
      const lockUntil = new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000);
      const updated = await sql<{ failed_attempts: number; locked_until: Date | null }>`
        update wallet_pins set
          failed_attempts = case when locked_until is not null and locked_until <= ${now} then 1 else failed_attempts + 1 end,
          locked_until = case
            when (case when locked_until is not null and locked_until <= ${now} then 1 else failed_attempts + 1 end) >= ${PIN_MAX_ATTEMPTS}
              then ${lockUntil}::timestamptz
            when locked_until is not null and locked_until <= ${now} then null
            else locked_until end,
          updated_at = ${now}
        where account_id = ${member.accountId} and user_id = ${member.userId}
        returning failed_attempts, locked_until`.execute(db);
      const after = updated.rows[0];
      if (after?.locked_until && new Date(after.locked_until) > now) throw locked();
      throw badRequest(M.pinInvalid);
    }
    // Wrong guesses checked in parallel may have locked the PIN while this one was hashing: a right PIN
    // clears the count only while no lock stands, else it is refused like any other try during the lock.
    const cleared = await db
      .updateTable('wallet_pins')
      .set({ failed_attempts: 0, locked_until: null, updated_at: now })
      .where('account_id', '=', member.accountId)
      .where('user_id', '=', member.userId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning('user_id')
      .executeTakeFirst();
    if (!cleared) throw locked();
  }

  /**
   * Stores a new PIN (creating the row when there was none), clears the wrong-PIN count and lock, and spends every
   * unused PIN token of the member on the account, so that nothing confirmed with the old PIN can still move money.
   */
  async function replace(member: Member, pin: string, now: Date): Promise<void> {
    const pinHash = await passwords.hash(pin);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('wallet_pins')
        .values({ account_id: member.accountId, user_id: member.userId, pin_hash: pinHash, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'user_id'])
            .doUpdateSet({ pin_hash: pinHash, failed_attempts: 0, locked_until: null, updated_at: now }),
        )
        .execute();
      await trx
        .updateTable('pin_tokens')
        .set({ used_at: now })
        .where('account_id', '=', member.accountId)
        .where('user_id', '=', member.userId)
        .where('used_at', 'is', null)
        .execute();
    });
  }

  return {
    exists: async (member: Member) => (await find(member)) !== undefined,

    /** Creates the member's PIN; one that exists is not replaced here. */
    async set(member: Member, pin: string): Promise<void> {
      const inserted = await db
        .insertInto('wallet_pins')
        .values({
          account_id: member.accountId,
          user_id: member.userId,
          pin_hash: await passwords.hash(pin),
          updated_at: new Date(),
        })
        .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) throw badRequest(M.pinExists);
    },

    /** Checks the PIN and answers a token for one movement (see `check`). */
    async verify(member: Member, pin: string, now = new Date()): Promise<string> {
      await check(member, pin, now);
      const token = randomBytes(24).toString('base64url');
      await db
        .insertInto('pin_tokens')
        .values({
          token_hash: tokenHash(token),
          account_id: member.accountId,
          user_id: member.userId,
          expires_at: new Date(now.getTime() + PIN_TOKEN_TTL_SECONDS * 1000),
        })
        .execute();
      return token;
    },

    /**
     * Replaces the PIN after the current one was given, under the same lock as a transfer: a wrong current PIN counts
     * towards it, and a locked PIN cannot be changed (a reset by e-mailed code can).
     */
    async change(member: Member, oldPin: string, newPin: string, now = new Date()): Promise<void> {
      await check(member, oldPin, now);
      if (newPin === oldPin) throw badRequest(M.pinUnchanged);
      await replace(member, newPin, now);
    },

    /** Sets a new PIN once the member proved their mailbox (pin-reset.ts); it also ends a lock. */
    replace: (member: Member, pin: string) => replace(member, pin, new Date()),
    /** Operator: forgets a member's PINs (by e-mail), so they create a new one on their next transfer. */
    async reset(email: string): Promise<number> {
      const removed = await db
        .deleteFrom('wallet_pins')
        .where('user_id', 'in', db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = lower(${email.trim()})`))
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /** Spends a PIN token inside a money movement's transaction; an unknown, used or expired one is refused. */
    async spend(trx: Transaction<Database>, member: Member, token: string, now = new Date()): Promise<void> {
      const spent = await trx
        .updateTable('pin_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash(token))
        .where('account_id', '=', member.accountId)
        .where('user_id', '=', member.userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('token_hash')
        .executeTakeFirst();
      if (!spent) throw badRequest(M.pinTokenInvalid);
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;
