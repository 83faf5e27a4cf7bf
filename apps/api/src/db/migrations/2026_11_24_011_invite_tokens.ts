import { type Kysely, sql } from 'kysely';

/**
 * The invitation link's token is looked up (the sign-up page names the account and role, and a signed-in
 * user accepts it), so its hash gets a unique index. Tokens stay until the invitation runs out or is removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('account_members_invite_token_idx')
    .on('account_members')
    .column('invite_token_hash')
    .unique()
    .where(sql.ref('invite_token_hash'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_members_invite_token_idx').execute();
}
