import type { StaffRole } from '@sente/contracts/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';

export type RemoveOutcome = 'removed' | 'not-found' | 'last-owner';

const live = (db: Kysely<Database>, accountId: string) =>
  db.selectFrom('account_members as m').where('m.account_id', '=', accountId).where('m.removed_at', 'is', null);

/**
 * What a caller may list: every live row, or only those who joined (an open invitation holds the e-mail of someone not
 * yet a member, which only the roles that manage the team may see).
 */
export type TeamScope = 'members-and-invitations' | 'members';

const listed = (db: Kysely<Database>, accountId: string, scope: TeamScope) =>
  scope === 'members' ? live(db, accountId).where('m.user_id', 'is not', null) : live(db, accountId);

/** Members (and, in that scope, open invitations) of the account, newest first (keyset on created_at, id). */
export function page(db: Kysely<Database>, accountId: string, scope: TeamScope, cursor: Cursor | null) {
  return listed(db, accountId, scope)
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.email',
      'm.staff_role',
      'm.creator_id',
      'm.user_id',
      'u.firstname',
      'u.lastname',
      sql<string>`m.created_at::text`.as('cursor_ts'),
    ])
    .where(
      cursor ? sql<boolean>`(m.created_at, m.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql<boolean>`true`,
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
}

export async function count(db: Kysely<Database>, accountId: string, scope: TeamScope): Promise<number> {
  const { n } = await listed(db, accountId, scope)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The live row of this e-mail on the account: a member (user_id set) or an invitation. */
export function findByEmail(db: Kysely<Database>, accountId: string, email: string) {
  return live(db, accountId).select(['m.id', 'm.user_id', 'm.invite_expires_at']).where('m.email', '=', email).executeTakeFirst();
}

/**
 * Adds an invitation, or renews one that ran out (a new token and expiry, the new role and creator). Answers
 * false when another request took the e-mail first (the unique index on live rows per account and e-mail).
 */
export async function invite(
  db: Kysely<Database>,
  values: {
    accountId: string;
    email: string;
    role: StaffRole;
    creatorId: string;
    tokenHash: string;
    expiresAt: Date;
    renewId?: string;
  },
): Promise<boolean> {
  const row = {
    staff_role: values.role,
    creator_id: values.creatorId,
    invite_token_hash: values.tokenHash,
    invite_expires_at: values.expiresAt,
  };
  if (values.renewId) {
    const renewed = await db
      .updateTable('account_members')
      .set(row)
      .where('id', '=', values.renewId)
      .where('user_id', 'is', null)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return renewed.numUpdatedRows > 0n;
  }
  const inserted = await db
    .insertInto('account_members')
    .values({ ...row, account_id: values.accountId, email: values.email })
    .onConflict((oc) => oc.columns(['account_id', 'email']).where(sql.ref('removed_at'), 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Joins the user to every open, unexpired invitation to their e-mail (skipping accounts they already belong to),
 * and makes the newest joined account current when they have none. Answers the joined account ids.
 */
export function joinOpenInvitations(db: Kysely<Database>, user: { id: string; email: string }) {
  return db.transaction().execute(async (trx) => {
    const joined = await trx
      .updateTable('account_members as m')
      .set({ user_id: user.id, joined_at: new Date() })
      .where('m.email', '=', user.email.toLowerCase())
      .where('m.user_id', 'is', null)
      .where('m.removed_at', 'is', null)
      .where('m.invite_expires_at', '>', new Date())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('account_members as other')
              .select('other.id')
              .whereRef('other.account_id', '=', 'm.account_id')
              .where('other.user_id', '=', user.id)
              .where('other.removed_at', 'is', null),
          ),
        ),
      )
      .returning(['m.account_id', 'm.created_at'])
      .execute();
    const newest = joined.sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at))[0];
    if (newest) {
      await trx
        .updateTable('users')
        .set({ current_account_id: newest.account_id })
        .where('id', '=', user.id)
        .where('current_account_id', 'is', null)
        .execute();
    }
    return joined.map((row) => row.account_id);
  });
}

/**
 * The live, unexpired invitation behind a token's hash, joined or not (a user who joined it by proving their
 * mailbox may still follow the link, to switch to the account).
 */
export function findByToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.id', 'm.account_id', 'm.email', 'm.staff_role', 'm.user_id', 'a.account_name'])
    .where('m.invite_token_hash', '=', tokenHash)
    .where('m.removed_at', 'is', null)
    .where('m.invite_expires_at', '>', new Date())
    .executeTakeFirst();
}

export function userEmail(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Joins the user to the invitation's account (unless they joined it already) and makes it their current account.
 * Answers false when the row was removed, or joined by someone else, in the meantime.
 */
export function accept(db: Kysely<Database>, memberId: string, accountId: string, userId: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('account_members')
      .select(['user_id'])
      .where('id', '=', memberId)
      .where('removed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (row.user_id !== null && row.user_id !== userId)) return false;
    if (row.user_id === null) {
      await trx
        .updateTable('account_members')
        .set({ user_id: userId, joined_at: new Date() })
        .where('id', '=', memberId)
        .execute();
    }
    await trx.updateTable('users').set({ current_account_id: accountId }).where('id', '=', userId).execute();
    return true;
  });
}

/**
 * Removes a member or cancels an invitation of the account. The account row is locked first, so two owners
 * removing each other at once cannot leave it without one. A removed member whose current account this was moves
 * to their oldest other account (or none).
 */
export function remove(db: Kysely<Database>, accountId: string, memberId: string) {
  return db.transaction().execute(async (trx): Promise<RemoveOutcome> => {
    await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();
    const member = await trx
      .selectFrom('account_members')
      .select(['id', 'user_id', 'staff_role'])
      .where('id', '=', memberId)
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!member) return 'not-found';
    if (member.user_id && member.staff_role === 'owner') {
      const { n } = await trx
        .selectFrom('account_members')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .where('staff_role', '=', 'owner')
        .where('user_id', 'is not', null)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1) return 'last-owner';
    }
    await trx
      .updateTable('account_members')
      .set({ removed_at: new Date(), invite_token_hash: null })
      .where('id', '=', member.id)
      .execute();
    if (member.user_id) {
      const next = await trx
        .selectFrom('account_members')
        .select('account_id')
        .where('user_id', '=', member.user_id)
        .where('removed_at', 'is', null)
        .orderBy('created_at')
        .executeTakeFirst();
      await trx
        .updateTable('users')
        .set({ current_account_id: next?.account_id ?? null })
        .where('id', '=', member.user_id)
        .where('current_account_id', '=', accountId)
        .execute();
    }
    return 'removed';
  });
}

export function accountName(db: Kysely<Database>, accountId: string) {
  return db.selectFrom('accounts').select('account_name').where('id', '=', accountId).executeTakeFirstOrThrow();
}
