import { PIN_MAX_ATTEMPTS } from '@sente/contracts/transfers';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
/** A member of an account: whose PIN and tokens these are. */
export type Member = { accountId: string; userId: string };

/** The member's PIN on the account, if they have one. */
export const findPin = (db: Db, { accountId, userId }: Member) =>
  db.selectFrom('wallet_pins').selectAll().where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();

/**
 * Counts a wrong PIN in one statement, so parallel guesses cannot slip past the limit: a lock that has run out starts
 * the count again, and the PIN_MAX_ATTEMPTS-th wrong try locks it until `lockUntil`. Answers the count and lock.
 */
export async function countWrongPin(db: Db, member: Member, now: Date, lockUntil: Date) {
  const { rows } = await sql<{ failed_attempts: number; locked_until: Date | null }>`
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
  return rows[0];
}

/** Clears the wrong-PIN count while no lock stands; undefined when one does. */
export const clearWrongPins = (db: Db, member: Member, now: Date) =>
  db
    .updateTable('wallet_pins')
    .set({ failed_attempts: 0, locked_until: null, updated_at: now })
    .where('account_id', '=', member.accountId)
    .where('user_id', '=', member.userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('user_id')
    .executeTakeFirst();

/** Creates the member's PIN; undefined when they already have one. */
export const insertPin = (db: Db, member: Member, pinHash: string, now: Date) =>
  db
    .insertInto('wallet_pins')
    .values({ account_id: member.accountId, user_id: member.userId, pin_hash: pinHash, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();

/** Stores a PIN, creating the row or replacing the old one with its count and lock cleared. */
export const upsertPin = (db: Db, member: Member, pinHash: string, now: Date) =>
  db
    .insertInto('wallet_pins')
    .values({ account_id: member.accountId, user_id: member.userId, pin_hash: pinHash, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'user_id'])
        .doUpdateSet({ pin_hash: pinHash, failed_attempts: 0, locked_until: null, updated_at: now }),
    )
    .execute();

/** Spends every unused PIN token of the member on the account. */
export const spendAllPinTokens = (db: Db, member: Member, now: Date) =>
  db
    .updateTable('pin_tokens')
    .set({ used_at: now })
    .where('account_id', '=', member.accountId)
    .where('user_id', '=', member.userId)
    .where('used_at', 'is', null)
    .execute();

export const insertPinToken = (db: Db, member: Member, tokenHash: string, expiresAt: Date) =>
  db
    .insertInto('pin_tokens')
    .values({ token_hash: tokenHash, account_id: member.accountId, user_id: member.userId, expires_at: expiresAt })
    .execute();

/** Spends one unused, unexpired PIN token of the member; undefined when there is none such. */
export const spendPinToken = (db: Db, member: Member, tokenHash: string, now: Date) =>
  db
    .updateTable('pin_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('account_id', '=', member.accountId)
    .where('user_id', '=', member.userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();

/** Operator: removes the PINs of the user with this e-mail (any case). */
export const deletePinsOf = (db: Db, email: string) =>
  db
    .deleteFrom('wallet_pins')
    .where('user_id', 'in', db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = lower(${email.trim()})`))
    .executeTakeFirst();
