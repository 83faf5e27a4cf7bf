import { type Kysely, sql } from 'kysely';

/**
 * A phone the member has proved (decision 070): `users.phone_verified_at` is set when a code texted to the profile's
 * phone comes back, and cleared when the phone changes. Those codes are one_time_codes under a purpose of their own.
 * Phones saved before stay unproved: nothing ever showed they belong to their member.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column phone_verified_at timestamptz null`.execute(db);
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check
    check (purpose in ('verify_account', 'login', 'password_reset', 'wallet_pin_reset', 'verify_phone'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from one_time_codes where purpose = 'verify_phone'`.execute(db);
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check
    check (purpose in ('verify_account', 'login', 'password_reset', 'wallet_pin_reset'))`.execute(db);
  await sql`alter table users drop column phone_verified_at`.execute(db);
}
