import { randomInt } from 'node:crypto';
import type { Environment, StaffRole } from '@sente/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changedBy } from '../../lib/request-context.ts';

/** The accounts a user belongs to, oldest membership first. */
export function listMemberships(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.id as member_id', 'm.staff_role', 'a.id as account_id', 'a.account_name'])
    .where('m.user_id', '=', userId)
    .where('m.removed_at', 'is', null)
    .orderBy('m.created_at')
    .execute();
}

/** The account and the user's role on it, only if the user is a member. */
export function findMembership(db: Kysely<Database>, userId: string, accountId: string) {
  return db
    .selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .selectAll('a')
    .select('m.staff_role')
    .where('m.user_id', '=', userId)
    .where('m.account_id', '=', accountId)
    .where('m.removed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Creates the account with its creator as owner, and makes it their current account: the creator works in it next
 * (the dashboard reloads the profile into it, decision 037).
 */
export function createAccount(db: Kysely<Database>, owner: { id: string; email: string }, accountName: string) {
  return db.transaction().execute(async (trx) => {
    let account: { id: string } | undefined;
    while (!account) {
      account = await trx
        .insertInto('accounts')
        .values({ user_id: owner.id, account_name: accountName, account_number: String(randomInt(1e9, 1e10)) })
        .onConflict((oc) => oc.column('account_number').doNothing())
        .returning('id')
        .executeTakeFirst();
    }
    await trx
      .insertInto('account_members')
      .values({
        account_id: account.id,
        user_id: owner.id,
        email: owner.email,
        staff_role: 'owner' satisfies StaffRole,
        creator_id: owner.id,
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ current_account_id: account.id, updated_at: new Date() })
      .where('id', '=', owner.id)
      .execute();
    return account.id;
  });
}

export function setCurrentAccount(db: Kysely<Database>, userId: string, accountId: string) {
  return db
    .updateTable('users')
    .set({ current_account_id: accountId, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function setEnvironment(db: Kysely<Database>, accountId: string, environment: Environment) {
  return db
    .updateTable('accounts')
    .set({ active_environment: environment, updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}

/** Finds accounts by id, or every account owned by the user with that e-mail. */
export function findAccountsForOperator(db: Kysely<Database>, idOrEmail: string) {
  const query = db
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.account_name', 'a.is_approved', 'u.email']);
  return idOrEmail.includes('@')
    ? query.where('u.email', '=', idOrEmail.toLowerCase()).execute()
    : query.where('a.id', '=', /^[0-9a-f-]{36}$/i.test(idOrEmail) ? idOrEmail : '00000000-0000-0000-0000-000000000000').execute();
}

/** Sets the logo only to a public upload of this account's companylogos folder; answers whether it did. */
export async function setCompanyLogo(db: Kysely<Database>, accountId: string, path: string): Promise<boolean> {
  const updated = await db
    .updateTable('accounts')
    .set({ company_logo: path, settings_changed_by: changedBy(), updated_at: new Date() })
    .where('id', '=', accountId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('files')
          .select('files.id')
          .where('files.path', '=', path)
          .where('files.account_id', '=', accountId)
          .where('files.folder', '=', 'companylogos')
          .where('files.visibility', '=', 'public'),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Gives the user with this e-mail the role on the account, adding them as a member when they are not one,
 * and makes it their current account when they have none. The account's creator keeps the owner role.
 */
export function setMemberRole(db: Kysely<Database>, accountId: string, email: string, role: StaffRole) {
  return db.transaction().execute(async (trx): Promise<'set' | 'no-user' | 'creator' | 'last-owner'> => {
    // The account row is locked, as the team's remove does, so a removal and a demotion cannot both take an owner.
    const account = await trx
      .selectFrom('accounts')
      .select('user_id')
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const user = await trx.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
    if (!user) return 'no-user';
    if (user.id === account.user_id) return 'creator';
    if (role !== 'owner') {
      const owners = await trx
        .selectFrom('account_members')
        .select('user_id')
        .where('account_id', '=', accountId)
        .where('staff_role', '=', 'owner')
        .where('user_id', 'is not', null)
        .where('removed_at', 'is', null)
        .execute();
      if (owners.length === 1 && owners[0]?.user_id === user.id) return 'last-owner';
    }
    const changed = await trx
      .updateTable('account_members')
      .set({ staff_role: role })
      .where('account_id', '=', accountId)
      .where('user_id', '=', user.id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) {
      await trx
        .insertInto('account_members')
        .values({
          account_id: accountId,
          user_id: user.id,
          email: email.toLowerCase(),
          staff_role: role,
          creator_id: account.user_id,
        })
        .execute();
    }
    await trx
      .updateTable('users')
      .set({ current_account_id: accountId })
      .where('id', '=', user.id)
      .where('current_account_id', 'is', null)
      .execute();
    return 'set';
  });
}

export function approve(db: Kysely<Database>, accountId: string) {
  return db
    .updateTable('accounts')
    .set({ is_approved: true, approved_at: new Date(), updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}

/** Turns the account's SMS receipts on or off (migration 042). */
export async function setSmsReceipts(db: Kysely<Database>, accountId: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ sms_receipts: enabled, settings_changed_by: changedBy(), updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}
