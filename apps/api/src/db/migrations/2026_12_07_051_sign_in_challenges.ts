import { type Kysely, sql } from 'kysely';

/**
 * Decision 080: a sign-in is two steps bound by a challenge. Step one (the password) stores a challenge, by the keyed
 * hash of its secret only, naming the user, the password it proved (a keyed hash of the password's hash, so a changed
 * password ends it), the second factor asked for and the methods proven so far; it lasts
 * 10 minutes, takes a few tries and is used once. Each session now records how it was proven (`amr`, RFC 8176
 * values); every session before this one was proven by the password and an e-mailed or texted code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('password_proof', 'text', (c) => c.notNull())
    .addColumn('factor', 'text', (c) => c.notNull().check(sql`factor in ('otp')`))
    .addColumn('amr', sql`text[]`, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sign_in_challenges_user_idx').on('sign_in_challenges').column('user_id').execute();
  await sql`alter table sessions add column amr text[] not null default '{pwd,otp}'`.execute(db);
  await sql`alter table sessions alter column amr drop default`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop column amr`.execute(db);
  await db.schema.dropTable('sign_in_challenges').execute();
}
