import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Each refresh derives the next secret from the one presented, so a secret of any earlier generation
  // of a session is recognisable (reuse ends the session) while a made-up one is not (a plain 401). The count
  // bounds how far back a presented secret is followed.
  await db.schema
    .alterTable('sessions')
    .addColumn('refresh_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Wrong passwords and wrong codes per account (per identifier as typed, and per user), counted in a
  // window that starts at the first failure. Keys are hashes, never the address itself.
  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('password', 'code')`))
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('auth_failures_pk', ['key', 'kind'])
    .execute();
  await db.schema.createIndex('auth_failures_window_idx').on('auth_failures').column('window_ends_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_failures').execute();
  await db.schema.alterTable('sessions').dropColumn('refresh_generation').execute();
}
