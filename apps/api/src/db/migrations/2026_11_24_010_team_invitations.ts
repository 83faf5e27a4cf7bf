import { type Kysely, sql } from 'kysely';

/**
 * Team: an invitation is a member row without a user (a staff member whose `user` is null while the invitee
 * has not joined), with the SHA-256 of the token its e-mail carries and when it runs out. One live row per e-mail and
 * account, so the same address cannot be invited twice or invited while a member.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('account_members')
    .addColumn('invite_token_hash', 'text')
    .addColumn('invite_expires_at', 'timestamptz')
    .addColumn('joined_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('account_members_active_email_idx')
    .on('account_members')
    .columns(['account_id', 'email'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('account_members_open_invite_idx')
    .on('account_members')
    .column('email')
    .where(sql<boolean>`user_id is null and removed_at is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('account_members_open_invite_idx').execute();
  await db.schema.dropIndex('account_members_active_email_idx').execute();
  await db.schema
    .alterTable('account_members')
    .dropColumn('invite_token_hash')
    .dropColumn('invite_expires_at')
    .dropColumn('joined_at')
    .execute();
}
