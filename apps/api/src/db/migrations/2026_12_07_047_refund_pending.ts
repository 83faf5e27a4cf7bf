import { type Kysely, sql } from 'kysely';

/**
 * A refund counts as refunded once it is paid (decision 073): until then it is pending, kept apart.
 * - `collections.amount_refund_pending`: the payment's refunds that are pending (awaiting approval, or sent and not yet
 *   confirmed), summed; `collections.amount_refunded` keeps only the successful ones.
 * - `collections_refund_pending_idx`: the "Refund pending" filter, newest first, on the few payments with one.
 * - `customers.refund_pending`: the customer's payments' pending refunds, summed, shown beside what they paid.
 * - `customers.total_paid` and the reports' daily roll-up are lowered by a refund only once it is paid: the pending
 *   refunds migration 036 took off them are given back.
 */
const PENDING = sql`(select collection_id, sum(amount) as pending from transfers
  where kind = 'refund' and status = 'pending' group by collection_id)`;

async function moveBack(db: Kysely<any>, sign: '+' | '-'): Promise<void> {
  const op = sql.raw(sign);
  await sql`update customers k set total_paid = k.total_paid ${op} r.pending, refund_pending = k.refund_pending ${op} r.pending
    from (select customer_id, sum(amount_refund_pending) as pending from collections
          where amount_refund_pending > 0 and customer_id is not null group by customer_id) r
    where k.id = r.customer_id`.execute(db);
  await sql`update collection_daily_totals t set amount = t.amount ${op} r.pending
    from (select account_id, environment, ((coalesce(completed_at, updated_at, created_at) at time zone 'UTC') + interval '3 hours')::date as day,
                 channel, currency, sum(amount_refund_pending) as pending
          from collections where amount_refund_pending > 0 group by 1, 2, 3, 4, 5) r
    where (t.account_id, t.environment, t.day, t.channel, t.currency) = (r.account_id, r.environment, r.day, r.channel, r.currency)`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table collections add column amount_refund_pending bigint not null default 0`.execute(db);
  await sql`alter table customers add column refund_pending bigint not null default 0`.execute(db);
  await sql`update collections c set amount_refund_pending = r.pending, amount_refunded = c.amount_refunded - r.pending
    from ${PENDING} r where c.id = r.collection_id`.execute(db);
  await moveBack(db, '+');
  await sql`create index collections_refund_pending_idx on collections (account_id, environment, created_at desc, id desc)
            where amount_refund_pending > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index collections_refund_pending_idx`.execute(db);
  await moveBack(db, '-');
  await sql`update collections set amount_refunded = amount_refunded + amount_refund_pending
    where amount_refund_pending > 0`.execute(db);
  await sql`alter table customers drop column refund_pending`.execute(db);
  await sql`alter table collections drop column amount_refund_pending`.execute(db);
}
