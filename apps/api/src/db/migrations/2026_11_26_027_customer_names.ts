import { type Kysely, sql } from 'kysely';

/**
 * Families share phones, so one customer can be paid for under several names. `names` stays the latest;
 * `other_names` holds every earlier name, the most recently used first, one spelling per name whatever its case or
 * spacing (the latest spelling). Until now each payment overwrote the customer's name, but each collection kept the
 * name it was paid with, so the earlier names are recovered from the customer's collections.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('other_names', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await sql`update customers c set other_names = s.other_names
    from (
      select customer_id, array_agg(names order by used_at desc, names) as other_names
      from (
        select distinct on (x.customer_id, lower(regexp_replace(trim(x.names), '\\s+', ' ', 'g')))
          x.customer_id, regexp_replace(trim(x.names), '\\s+', ' ', 'g') as names,
          coalesce(x.completed_at, x.created_at) as used_at
        from collections x join customers cu on cu.id = x.customer_id
        where lower(regexp_replace(trim(x.names), '\\s+', ' ', 'g')) <> lower(regexp_replace(trim(cu.names), '\\s+', ' ', 'g'))
        order by x.customer_id, lower(regexp_replace(trim(x.names), '\\s+', ' ', 'g')), coalesce(x.completed_at, x.created_at) desc
      ) earlier
      group by customer_id
    ) s
    where c.id = s.customer_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('other_names').execute();
}
