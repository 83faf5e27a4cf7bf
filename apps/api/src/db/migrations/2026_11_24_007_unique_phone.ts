import { type Kysely, sql } from 'kysely';

/**
 * A phone number signs in (login by e-mail or phone), so two users may not hold the same one: a member
 * who typed another user's phone into the profile took over that user's sign-in by phone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_phone_idx').execute();
  await db.schema
    .createIndex('users_phone_unique')
    .unique()
    .on('users')
    .column('phone')
    .where(sql.ref('phone'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_phone_unique').execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone').execute();
}
