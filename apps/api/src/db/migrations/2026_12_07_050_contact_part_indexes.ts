import { type Kysely, sql } from 'kysely';

/**
 * Find by a part of a contact (decision 076): trigram indexes (pg_trgm, created by migration 031) on the customers'
 * phones and e-mails and on the collections' phones and e-mails, which serve `like '%111222%'` and
 * `ilike '%ruth@%'`. A null (a card payment's phone, a payer who gave no e-mail) is not indexed.
 */
const INDEXES = [
  ['customers_phone_trgm_idx', 'customers', 'phone'],
  ['customers_email_trgm_idx', 'customers', 'email'],
  ['collections_msisdn_trgm_idx', 'collections', 'msisdn'],
  ['collections_email_trgm_idx', 'collections', 'email'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
