import { type Kysely, sql } from 'kysely';

/**
 * A payer is one customer per account and environment, recognised by the same phone or the same e-mail.
 * Before, the key was the phone for mobile money and the e-mail for cards, so a payer who paid both ways (or with
 * two phones and one e-mail) was two or three customers. Contacts are normalised (phones `2567XXXXXXXX`, e-mails
 * lower case), duplicates are merged into the oldest of them, and two unique indexes replace the `identity` key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update customers set email = nullif(lower(trim(email)), '') where email is distinct from nullif(lower(trim(email)), '')`.execute(
    db,
  );
  await sql`update customers set phone = case
      when regexp_replace(phone, '\\D', '', 'g') ~ '^07\\d{8}$' then '256' || substr(regexp_replace(phone, '\\D', '', 'g'), 2)
      else nullif(regexp_replace(phone, '\\D', '', 'g'), '') end
    where phone is not null`.execute(db);
  await mergeDuplicateCustomers(db);
  await db.schema.alterTable('customers').dropConstraint('customers_identity_unique').execute();
  await db.schema.alterTable('customers').dropColumn('identity').execute();
  await db.schema
    .createIndex('customers_phone_unique')
    .unique()
    .on('customers')
    .columns(['account_id', 'environment', 'phone'])
    .where(sql.ref('phone'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('customers_email_unique')
    .unique()
    .on('customers')
    .columns(['account_id', 'environment', 'email'])
    .where(sql.ref('email'), 'is not', null)
    .execute();
}

/**
 * Merges every group of customers joined by a shared phone or e-mail (directly or through a chain) into its oldest.
 * Each round merges each customer into the oldest customer it shares a contact with, when that one is not merged
 * away itself in the same round; chains take a round per link. The oldest keeps its own contacts and fills the ones
 * it lacks from the others, takes the name of the latest payment, and adds up their payments.
 */
export async function mergeDuplicateCustomers(db: Kysely<any>): Promise<void> {
  for (;;) {
    await sql`create temp table customer_merges as
      with pairs as (
        select b.id as dup, a.id as keep, a.created_at as keep_created_at
        from customers a join customers b on a.account_id = b.account_id and a.environment = b.environment
          and a.phone = b.phone and (a.created_at, a.id) < (b.created_at, b.id)
        union all
        select b.id, a.id, a.created_at
        from customers a join customers b on a.account_id = b.account_id and a.environment = b.environment
          and a.email = b.email and (a.created_at, a.id) < (b.created_at, b.id)
      ), oldest as (
        select distinct on (dup) dup, keep from pairs order by dup, keep_created_at, keep
      )
      select dup, keep from oldest where keep not in (select dup from oldest)`.execute(db);
    const { rows } = await sql<{ count: string }>`select count(*) as count from customer_merges`.execute(db);
    if (Number(rows[0]?.count ?? 0) > 0) {
      await sql`update collections c set customer_id = m.keep from customer_merges m where c.customer_id = m.dup`.execute(db);
      await sql`update customers k set
          payments_count = k.payments_count + s.payments_count,
          total_paid = k.total_paid + s.total_paid,
          last_paid_at = greatest(k.last_paid_at, s.last_paid_at),
          names = case when s.last_paid_at > coalesce(k.last_paid_at, '-infinity') then s.names else k.names end,
          phone = coalesce(k.phone, s.phone),
          email = coalesce(k.email, s.email),
          updated_at = now()
        from (
          select m.keep, sum(d.payments_count) as payments_count, sum(d.total_paid) as total_paid,
            max(d.last_paid_at) as last_paid_at,
            (array_agg(d.names order by d.last_paid_at desc nulls last))[1] as names,
            (array_agg(d.phone order by d.last_paid_at desc nulls last) filter (where d.phone is not null))[1] as phone,
            (array_agg(d.email order by d.last_paid_at desc nulls last) filter (where d.email is not null))[1] as email
          from customer_merges m join customers d on d.id = m.dup
          group by m.keep
        ) s
        where k.id = s.keep`.execute(db);
      await sql`delete from customers where id in (select dup from customer_merges)`.execute(db);
    }
    await sql`drop table customer_merges`.execute(db);
    if (Number(rows[0]?.count ?? 0) === 0) return;
  }
}

/** Merged customers stay merged; the old key is rebuilt from what each customer holds. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customers_email_unique').execute();
  await db.schema.dropIndex('customers_phone_unique').execute();
  await db.schema.alterTable('customers').addColumn('identity', 'text').execute();
  await sql`update customers set identity = coalesce('phone:' || phone, 'email:' || email, 'id:' || id)`.execute(db);
  await db.schema
    .alterTable('customers')
    .alterColumn('identity', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('customers')
    .addUniqueConstraint('customers_identity_unique', ['account_id', 'environment', 'identity'])
    .execute();
}
