import { type Kysely, sql } from 'kysely';

/**
 * A user's phone is saved in one format, international with a plus (`+256772123456`); the profile kept the
 * digits as typed (`0772123456` or `256772123456`), so one number could be two users' and signed in only as typed.
 * Digits that read as a number become that format; the rest are left as they are (the profile refuses them until
 * they are corrected). Where two users held one number in two forms, the user created first keeps it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    with converted as (
      select id, created_at, case
          when regexp_replace(phone, '\\D', '', 'g') ~ '^0\\d{9}$' then '+256' || substr(regexp_replace(phone, '\\D', '', 'g'), 2)
          when regexp_replace(phone, '\\D', '', 'g') ~ '^[1-9]\\d{9,14}$' then '+' || regexp_replace(phone, '\\D', '', 'g')
          else phone end as phone
      from users where phone is not null
    ), ranked as (
      select id, phone, row_number() over (partition by phone order by created_at, id) as holder from converted
    )
    update users u set phone = case when r.holder = 1 then r.phone else null end
    from ranked r
    where u.id = r.id and u.phone is distinct from (case when r.holder = 1 then r.phone else null end)`.execute(db);
}

/** Back to digits only, as the profile saved them before. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update users set phone = regexp_replace(phone, '\\D', '', 'g') where phone like '+%'`.execute(db);
}
