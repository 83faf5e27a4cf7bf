import { type Kysely, sql } from 'kysely';

/**
 * Refunds where money is counted (decision 057): what is refunded of each payment, kept beside it,
 * and taken off the totals that say what was paid.
 * - `collections.amount_refunded`: the payment's refunds that are pending or successful, summed (the /v1 collection's
 *   `amount_refunded`); kept by the refund's transaction and the failed refund's completion (wallet/refunded-totals.ts).
 * - `collections_refunded_idx`: the refunded and partly refunded filters, newest first, on the few payments refunded.
 * - `customers.total_paid` and the reports' daily roll-up are net of those refunds: what is refunded of a payment is
 *   taken off its customer and off the day, channel and currency its payment was counted on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table collections add column amount_refunded bigint not null default 0`.execute(db);
  await sql`update collections c set amount_refunded = r.refunded
    from (select collection_id, sum(amount) as refunded from transfers
          where kind = 'refund' and status <> 'rejected' group by collection_id) r
    where c.id = r.collection_id`.execute(db);
  await sql`create index collections_refunded_idx on collections (account_id, environment, created_at desc, id desc)
            where amount_refunded > 0`.execute(db);
  await sql`update customers k set total_paid = k.total_paid - r.refunded
    from (select customer_id, sum(amount_refunded) as refunded from collections
          where amount_refunded > 0 and customer_id is not null group by customer_id) r
    where k.id = r.customer_id`.execute(db);
  await sql`update collection_daily_totals t set amount = t.amount - r.refunded
    from (select account_id, environment, ((coalesce(completed_at, updated_at, created_at) at time zone 'UTC') + interval '3 hours')::date as day,
                 channel, currency, sum(amount_refunded) as refunded
          from collections where amount_refunded > 0 group by 1, 2, 3, 4, 5) r
    where (t.account_id, t.environment, t.day, t.channel, t.currency) = (r.account_id, r.environment, r.day, r.channel, r.currency)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update collection_daily_totals t set amount = t.amount + r.refunded
    from (select account_id, environment, ((coalesce(completed_at, updated_at, created_at) at time zone 'UTC') + interval '3 hours')::date as day,
                 channel, currency, sum(amount_refunded) as refunded
          from collections where amount_refunded > 0 group by 1, 2, 3, 4, 5) r
    where (t.account_id, t.environment, t.day, t.channel, t.currency) = (r.account_id, r.environment, r.day, r.channel, r.currency)`.execute(
    db,
  );
  await sql`update customers k set total_paid = k.total_paid + r.refunded
    from (select customer_id, sum(amount_refunded) as refunded from collections
          where amount_refunded > 0 and customer_id is not null group by customer_id) r
    where k.id = r.customer_id`.execute(db);
  await sql`drop index collections_refunded_idx`.execute(db);
  await sql`alter table collections drop column amount_refunded`.execute(db);
}
