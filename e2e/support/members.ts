import path from 'node:path';
import type { StaffRole } from '@sente/contracts/constants';
import { openDatabase } from '../../apps/api/src/db/connect.ts';
import type { RunningServer } from './server.ts';

type Tokens = { accessToken: string; refreshToken: string };

async function post(server: RunningServer, path: string, body: unknown): Promise<{ data: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: any };
}

/** A verified, signed-in user with no business account of their own, as someone about to be invited is. */
export async function createUser(server: RunningServer, email: string, password: string, firstname = 'Brian'): Promise<Tokens> {
  await post(server, '/api/sign-up', { firstname, lastname: 'Okello', email, password });
  await post(server, '/api/verify-account', { email_or_phone: email, code: server.codeFor(email) });
  await post(server, '/api/login', { emailOrPhone: email, password });
  const { data } = await post(server, '/api/login-otp', {
    emailOrPhone: email,
    code: server.codeFor(email, 'Your Sente sign-in code'),
  });
  return { accessToken: data.accessToken, refreshToken: data.refreshToken };
}

/**
 * Gives `memberEmail` the role on the account owned by `ownerEmail` and makes it the member's current
 * account, as an accepted invite will once the team API exists (apps/api/src/testing/users.ts addMember
 * does the same in the API tests). It writes straight into the embedded database of a stopped server
 * (`stop({ keepData: true })`): PGlite opens in one process at a time. The migrations have already run.
 */
export async function setMembership(
  dataDir: string,
  { ownerEmail, memberEmail, role }: { ownerEmail: string; memberEmail: string; role: StaffRole },
): Promise<void> {
  // apps/api/src/server.ts databaseTarget keeps the embedded database in DATA_DIR/db.
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    await database.db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.user_id', 'users.id')
        .select(['users.id as userId', 'accounts.id as accountId'])
        .where('users.email', '=', ownerEmail.toLowerCase())
        .executeTakeFirstOrThrow();
      const member = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', memberEmail.toLowerCase())
        .executeTakeFirstOrThrow();
      const changed = await trx
        .updateTable('account_members')
        .set({ staff_role: role })
        .where('account_id', '=', owner.accountId)
        .where('user_id', '=', member.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) {
        await trx
          .insertInto('account_members')
          .values({
            account_id: owner.accountId,
            user_id: member.id,
            email: memberEmail.toLowerCase(),
            staff_role: role,
            creator_id: owner.userId,
          })
          .execute();
      }
      await trx.updateTable('users').set({ current_account_id: owner.accountId }).where('id', '=', member.id).execute();
    });
  } finally {
    await database.close();
  }
}
