import { type Kysely, sql } from 'kysely';

/**
 * A member who forgot the wallet PIN resets it with a one-time code e-mailed to them (by the rules of sign-in
 * codes), kept in one_time_codes beside the sign-in codes under a purpose of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check
    check (purpose in ('verify_account', 'login', 'password_reset', 'wallet_pin_reset'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from one_time_codes where purpose = 'wallet_pin_reset'`.execute(db);
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check
    check (purpose in ('verify_account', 'login', 'password_reset'))`.execute(db);
}
