import type { Kysely } from 'kysely';

/**
 * Who acts, kept where it was lost: a session keeps the address it was signed in or last refreshed from, beside its
 * user agent; an account keeps who last changed its settings (bank details, business details, logo, SMS receipts), in
 * the actor's one-line form (`member:<user id>`, `operator:<name>`, lib/actor.ts). Null for rows written before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('settings_changed_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('settings_changed_by').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
}
