import { type Kysely, sql } from 'kysely';

/**
 * The link lists' and the customers list's `totalItems` must not count an account's rows on every page.
 * As collections do (migration 015, decision 022), `link_counts` holds each account's number of visible links of each
 * kind (what the three link lists page through) and `customer_counts` each account's and environment's number of
 * customers, kept by triggers in the statement that changes the rows, so no code path can forget them. Filled here from
 * the rows already there; the triggers exist before the fill in this one transaction, and creating them locks the
 * tables against writes until it commits, so no row is counted twice or missed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_counts')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
    .addPrimaryKeyConstraint('link_counts_pkey', ['account_id', 'kind'])
    .execute();
  await db.schema
    .createTable('customer_counts')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
    .addPrimaryKeyConstraint('customer_counts_pkey', ['account_id', 'environment'])
    .execute();

  // Statement-level over transition tables (a bulk insert upserts each counter once, decision 022). Counter rows are
  // upserted in key order, so two statements touching the same accounts lock them in the same order.
  await sql`
    create function count_inserted_links() returns trigger language plpgsql as $$
    begin
      insert into link_counts (account_id, kind, total)
      select account_id, kind, count(*) from inserted where not is_hidden group by account_id, kind order by account_id, kind
      on conflict (account_id, kind) do update set total = link_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  // Hiding, showing again (and, should it ever happen, a change of kind or account) moves a link in or out of a list;
  // an edit moves nothing and writes no counter. A decrease is an update, not an upsert: PostgreSQL checks
  // `total >= 0` on the row an upsert proposes before it finds the conflict.
  await sql`
    create function count_updated_links() returns trigger language plpgsql as $$
    declare
      change record;
    begin
      for change in
        select account_id, kind, sum(moved) as total from (
          select account_id, kind, -1 as moved from old_links where not is_hidden
          union all
          select account_id, kind, 1 from new_links where not is_hidden
        ) moves
        group by account_id, kind having sum(moved) <> 0 order by account_id, kind
      loop
        if change.total > 0 then
          insert into link_counts (account_id, kind, total) values (change.account_id, change.kind, change.total)
          on conflict (account_id, kind) do update set total = link_counts.total + excluded.total;
        else
          update link_counts set total = total + change.total
          where account_id = change.account_id and kind = change.kind;
        end if;
      end loop;
      return null;
    end $$`.execute(db);
  // An update, not an upsert: when an account is deleted its counters go first (cascade), and nothing is left to keep.
  await sql`
    create function count_deleted_links() returns trigger language plpgsql as $$
    begin
      update link_counts set total = link_counts.total - deleted_counts.total
      from (select account_id, kind, count(*) as total from deleted where not is_hidden group by account_id, kind) deleted_counts
      where link_counts.account_id = deleted_counts.account_id and link_counts.kind = deleted_counts.kind;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger links_counted_insert after insert on links
    referencing new table as inserted for each statement execute function count_inserted_links()`.execute(db);
  await sql`
    create trigger links_counted_update after update on links
    referencing old table as old_links new table as new_links for each statement execute function count_updated_links()`.execute(
    db,
  );
  await sql`
    create trigger links_counted_delete after delete on links
    referencing old table as deleted for each statement execute function count_deleted_links()`.execute(db);

  await sql`
    create function count_inserted_customers() returns trigger language plpgsql as $$
    begin
      insert into customer_counts (account_id, environment, total)
      select account_id, environment, count(*) from inserted group by account_id, environment order by account_id, environment
      on conflict (account_id, environment) do update set total = customer_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create function count_deleted_customers() returns trigger language plpgsql as $$
    begin
      update customer_counts set total = customer_counts.total - deleted_counts.total
      from (select account_id, environment, count(*) as total from deleted group by account_id, environment) deleted_counts
      where customer_counts.account_id = deleted_counts.account_id and customer_counts.environment = deleted_counts.environment;
      return null;
    end $$`.execute(db);
  // Every successful payment updates its customer's totals: a statement trigger with transition tables would copy those
  // rows on the money path for nothing. A customer's account and environment never change today; this row trigger
  // fires only if one does.
  await sql`
    create function count_moved_customer() returns trigger language plpgsql as $$
    begin
      update customer_counts set total = total - 1 where account_id = old.account_id and environment = old.environment;
      insert into customer_counts (account_id, environment, total) values (new.account_id, new.environment, 1)
      on conflict (account_id, environment) do update set total = customer_counts.total + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger customers_counted_insert after insert on customers
    referencing new table as inserted for each statement execute function count_inserted_customers()`.execute(db);
  await sql`
    create trigger customers_counted_delete after delete on customers
    referencing old table as deleted for each statement execute function count_deleted_customers()`.execute(db);
  await sql`
    create trigger customers_counted_move after update of account_id, environment on customers for each row
    when (old.account_id is distinct from new.account_id or old.environment is distinct from new.environment)
    execute function count_moved_customer()`.execute(db);

  await sql`
    insert into link_counts (account_id, kind, total)
    select account_id, kind, count(*) from links where not is_hidden group by account_id, kind`.execute(db);
  await sql`
    insert into customer_counts (account_id, environment, total)
    select account_id, environment, count(*) from customers group by account_id, environment`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger customers_counted_move on customers`.execute(db);
  await sql`drop trigger customers_counted_delete on customers`.execute(db);
  await sql`drop trigger customers_counted_insert on customers`.execute(db);
  await sql`drop function count_moved_customer()`.execute(db);
  await sql`drop function count_deleted_customers()`.execute(db);
  await sql`drop function count_inserted_customers()`.execute(db);
  await sql`drop trigger links_counted_delete on links`.execute(db);
  await sql`drop trigger links_counted_update on links`.execute(db);
  await sql`drop trigger links_counted_insert on links`.execute(db);
  await sql`drop function count_deleted_links()`.execute(db);
  await sql`drop function count_updated_links()`.execute(db);
  await sql`drop function count_inserted_links()`.execute(db);
  await db.schema.dropTable('customer_counts').execute();
  await db.schema.dropTable('link_counts').execute();
}
