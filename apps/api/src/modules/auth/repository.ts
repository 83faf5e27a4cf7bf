import { internationalPhone } from '@sente/contracts/accounts';
import { CompiledQuery, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { currentContext } from '../../lib/request-context.ts';
import type { AccountRow } from '../accounts/tables.ts';
import type { AuthMethod, CodePurpose, FailureKind, SignInChallengesTable } from './tables.ts';

/**
 * An authenticated request's one query: the session when it is live and the user's, joined to the user's current account
 * and role when the user is still a member of it (those columns null otherwise). Written out once rather than built on
 * every request: the query builder cost more CPU than PostgreSQL spent answering it (decision 027).
 */
const LIVE_SESSION_WITH_MEMBERSHIP = `
  select a.*, s.id as session_id, s.amr as session_amr, m.staff_role
    from sessions s
    join users u on u.id = s.user_id
    left join account_members m on m.user_id = u.id and m.account_id = u.current_account_id and m.removed_at is null
    left join accounts a on a.id = m.account_id
   where s.id = $1 and s.user_id = $2 and s.revoked_at is null`;

type LiveSessionRow = { [K in keyof AccountRow]: AccountRow[K] | null } & {
  session_id: string;
  session_amr: AuthMethod[];
  staff_role: Selectable<Database['account_members']>['staff_role'] | null;
};

/** A phone is read in the one format profiles save it in (`+256...`), however it is typed. */
export function findUserByEmailOrPhone(db: Kysely<Database>, emailOrPhone: string) {
  const value = emailOrPhone.trim();
  const phone = value.includes('@') ? null : internationalPhone(value);
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      phone ? eb.or([eb('email', '=', value.toLowerCase()), eb('phone', '=', phone)]) : eb('email', '=', value.toLowerCase()),
    )
    .orderBy('created_at')
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user unless the email is taken; answers undefined when it is. */
export function insertUser(
  db: Kysely<Database>,
  user: { firstname: string; lastname: string; email: string; password_hash: string },
) {
  return db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function markVerified(db: Kysely<Database>, userId: string) {
  return db
    .updateTable('users')
    .set({ verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .where('verified_at', 'is', null)
    .execute();
}

export function setPassword(db: Kysely<Database>, userId: string, passwordHash: string) {
  return db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function latestCode(db: Kysely<Database>, userId: string, purpose: CodePurpose) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Voids every open code of this purpose and stores the new one, in one transaction. */
export function replaceCode(db: Kysely<Database>, userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('one_time_codes')
      .set({ consumed_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    return trx
      .insertInto('one_time_codes')
      .values({ user_id: userId, purpose, code_hash: codeHash, expires_at: expiresAt })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function countFailedAttempt(db: Kysely<Database>, codeId: string): Promise<number> {
  const row = await db
    .updateTable('one_time_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', codeId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks a code used; answers false when another request used it first. */
export async function consumeCode(db: Kysely<Database>, codeId: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function insertSession(
  db: Kysely<Database>,
  session: { user_id: string; refresh_hash: string; expires_at: Date; user_agent: string | null; amr: AuthMethod[] },
) {
  // The address comes from the request signing in (its context), as the user agent does.
  const ip = currentContext()?.ip ?? null;
  return db
    .insertInto('sessions')
    .values({ ...session, ip })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function insertChallenge(db: Kysely<Database>, challenge: Insertable<SignInChallengesTable>) {
  return db.insertInto('sign_in_challenges').values(challenge).returning('id').executeTakeFirstOrThrow();
}

export function findChallenge(db: Kysely<Database>, secretHash: string) {
  return db.selectFrom('sign_in_challenges').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

export async function countChallengeAttempt(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .updateTable('sign_in_challenges')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Uses a challenge up while it is still open; answers false when another request used it first or it ran out. */
export async function consumeChallenge(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_challenges')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Drops a user's expired challenges; a used one is kept until it expires, so that using it again says so. */
export function deleteExpiredChallenges(db: Kysely<Database>, userId: string) {
  return db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).where('expires_at', '<=', sql<Date>`now()`).execute();
}

export function findSession(db: Kysely<Database>, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The live session with the caller's current membership (LIVE_SESSION_WITH_MEMBERSHIP above). */
export async function findLiveSessionWithMembership(db: Kysely<Database>, sessionId: string, userId: string) {
  const { rows } = await db.executeQuery<LiveSessionRow>(CompiledQuery.raw(LIVE_SESSION_WITH_MEMBERSHIP, [sessionId, userId]));
  return rows[0];
}

/** Swaps the refresh hash only if it is still the one presented, so a token rotates once. */
export async function rotateSession(
  db: Kysely<Database>,
  id: string,
  fromHash: string,
  toHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const ip = currentContext()?.ip;
  const result = await db
    .updateTable('sessions')
    .set({
      refresh_hash: toHash,
      refresh_generation: sql`refresh_generation + 1`,
      rotated_at: new Date(),
      expires_at: expiresAt,
      // The address of the refresh, when it came through a request: the session's latest.
      ...(ip ? { ip } : {}),
    })
    .where('id', '=', id)
    .where('refresh_hash', '=', fromHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function revokeSession(db: Kysely<Database>, id: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeAllSessions(db: Kysely<Database>, userId: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Counts one attempt against each key, in one statement, so parallel attempts are counted one after another.
 * A window starts at a key's first attempt and lasts `windowMs`; an attempt after it starts a new one.
 * Answers each key's count and the seconds left in its window.
 */
export async function countAttempt(db: Kysely<Database>, kind: FailureKind, keys: string[], windowMs: number) {
  // Keys in one order (byte order, as `collate "C"` below), so counting and uncounting never wait on each other in a cycle.
  const rows = [...keys].sort().map((key) => sql`(${key}, ${kind}, 1, now() + ${windowMs} * interval '1 millisecond')`);
  const { rows: counts } = await sql<{ failures: number; seconds_left: number }>`
        insert into auth_failures as f (key, kind, failures, window_ends_at) values ${sql.join(rows)}
        on conflict (key, kind) do update set
          failures = case when f.window_ends_at <= now() then 1 else f.failures + 1 end,
          window_ends_at = case when f.window_ends_at <= now() then excluded.window_ends_at else f.window_ends_at end
        returning f.failures, ceil(extract(epoch from f.window_ends_at - now()))::integer as seconds_left`.execute(db);
  return counts;
}

/** Takes back one counted attempt from each key (one that turned out not to be a failure). */
export async function uncountAttempt(db: Kysely<Database>, kind: FailureKind, keys: string[]): Promise<void> {
  // The rows are locked in the order countAttempt takes them: parallel attempts on one account met in a deadlock.
  const locked = sql`select key from auth_failures
        where kind = ${kind} and key in (${sql.join(keys)}) order by key collate "C" for update`;
  await sql`with locked as (${locked})
        update auth_failures f set failures = f.failures - 1
        from locked where f.kind = ${kind} and f.key = locked.key and f.failures > 0`.execute(db);
  await sql`with locked as (${locked})
        delete from auth_failures f using locked where f.kind = ${kind} and f.key = locked.key and f.failures <= 0`.execute(db);
}

export function clearFailures(db: Kysely<Database>, kind: FailureKind, keys: string[]) {
  return db.deleteFrom('auth_failures').where('kind', '=', kind).where('key', 'in', keys).execute();
}

/** Drops the counts whose window is over (they would restart at 1 anyway). */
export function deleteEndedFailureWindows(db: Kysely<Database>) {
  return db.deleteFrom('auth_failures').where('window_ends_at', '<=', sql<Date>`now()`).execute();
}
