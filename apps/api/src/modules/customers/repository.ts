import type { Environment } from '@sente/contracts/constants';
import {
  containsPattern,
  FILTER_COUNT_CAP,
  searchedPhone,
  searchedPhonePart,
  TEXT_SEARCH_COUNT_CAP,
} from '@sente/contracts/filters';
import { normalizeUgandanPhone, OTHER_NAMES_SHOWN } from '@sente/contracts/payments';
import { type Kysely, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type MoneyScope, readCounter } from '../../lib/money-scope.ts';
import { nameHoldsWords } from '../../lib/name-search.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';
import type { CustomersTable } from './tables.ts';

/** What a successful payment tells about its payer. */
export type PaidBy = {
  id: string;
  account_id: string;
  environment: Environment;
  names: string;
  msisdn: string | null;
  email: string | null;
  amount: number | string;
};

/** A payer's contacts as customers are keyed: phones `2567XXXXXXXX`, e-mails trimmed and in lower case. */
export function payerContacts(payment: Pick<PaidBy, 'msisdn' | 'email'>): { phone: string | null; email: string | null } {
  const phone = payment.msisdn ? (normalizeUgandanPhone(payment.msisdn) ?? payment.msisdn) : null;
  return { phone, email: payment.email?.trim().toLowerCase() || null };
}

type CustomerRecord = Selectable<CustomersTable>;

const paidAt = (customer: CustomerRecord) => (customer.last_paid_at ? new Date(customer.last_paid_at).getTime() : 0);

function customersSharingContacts(
  trx: Transaction<Database>,
  scope: { account_id: string; environment: Environment },
  contacts: { phone: string | null; email: string | null },
) {
  return trx
    .selectFrom('customers')
    .selectAll()
    .where('account_id', '=', scope.account_id)
    .where('environment', '=', scope.environment)
    .where((eb) =>
      eb.or([
        ...(contacts.phone ? [eb('phone', '=', contacts.phone)] : []),
        ...(contacts.email ? [eb('email', '=', contacts.email)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** A name as names are compared: trimmed, inner spaces collapsed, in lower case. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The earlier names of a customer once `latest` is its name: every name in `used` (most recently used first) but the
 * latest, each once, in the spelling used last. Nothing is dropped: families share phones (decision 036).
 */
export function earlierNames(latest: string, used: string[]): string[] {
  const seen = new Set([nameKey(latest)]);
  const earlier: string[] = [];
  for (const name of used) {
    const key = nameKey(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    earlier.push(name.trim().replace(/\s+/g, ' '));
  }
  return earlier;
}

/** Every name a customer was paid under, the most recently used first. */
const namesOf = (customer: CustomerRecord) => [customer.names, ...customer.other_names];

/** Moves the other customers' payments and totals onto `keepId` and deletes them: one payment proved them one payer. */
async function mergeInto(trx: Transaction<Database>, keepId: string, otherIds: string[]): Promise<void> {
  await trx.updateTable('collections').set({ customer_id: keepId }).where('customer_id', 'in', otherIds).execute();
  await sql`update customers k set payments_count = k.payments_count + s.payments_count, total_paid = k.total_paid + s.total_paid,
      refund_pending = k.refund_pending + s.refund_pending
    from (select sum(payments_count) as payments_count, sum(total_paid) as total_paid, sum(refund_pending) as refund_pending
          from customers
          where id in (${sql.join(otherIds)})) s
    where k.id = ${keepId}`.execute(trx);
  await trx.deleteFrom('customers').where('id', 'in', otherIds).execute();
}

/**
 * Creates the payer's customer for the payment's account and environment, or adds the payment to it.
 * A payer is one customer however they pay: the same phone or the same e-mail finds them. When the payment's phone
 * and e-mail lead to two customers, they are one payer after all and are merged into the older one. The newest
 * payment's name and contacts are the customer's; every earlier name stays in `other_names` (decision 036), the names of
 * merged customers too, those paid with most recently first.
 *
 * NOTE: settle credits the merchant wallet first, and that row lock makes the payments of one account and
 * environment record their customers one at a time; the unique phone and e-mail indexes are the backstop.
 */
export async function recordCustomer(trx: Transaction<Database>, payment: PaidBy): Promise<string> {
  const scope = { account_id: payment.account_id, environment: payment.environment };
  const contacts = payerContacts(payment);
  let matches = await customersSharingContacts(trx, scope, contacts);
  if (matches.length === 0) {
    const created = await trx
      .insertInto('customers')
      .values({
        ...scope,
        ...contacts,
        names: payment.names,
        payments_count: 1,
        total_paid: payment.amount,
        last_paid_at: new Date(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) {
      await trx.updateTable('collections').set({ customer_id: created.id }).where('id', '=', payment.id).execute();
      return created.id;
    }
    // Another payment of this payer created the customer in the meantime.
    matches = await customersSharingContacts(trx, scope, contacts);
  }
  const [keep, ...others] = matches;
  if (!keep) throw new Error('customer vanished while recording a payment');
  if (others.length > 0)
    await mergeInto(
      trx,
      keep.id,
      others.map((other) => other.id),
    );
  const byRecency = [...matches].sort((a, b) => paidAt(b) - paidAt(a));
  await trx
    .updateTable('customers')
    .set({
      names: payment.names,
      other_names: earlierNames(payment.names, byRecency.flatMap(namesOf)),
      phone: contacts.phone ?? keep.phone,
      email: contacts.email ?? keep.email,
      payments_count: sql`payments_count + 1`,
      total_paid: sql`total_paid + ${String(payment.amount)}::bigint`,
      last_paid_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', keep.id)
    .execute();
  await trx.updateTable('collections').set({ customer_id: keep.id }).where('id', '=', payment.id).execute();
  return keep.id;
}

const after = (cursor: Cursor | null) =>
  cursor
    ? sql<boolean>`(${sql.ref('customers.created_at')}, ${sql.ref('customers.id')}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql<boolean>`true`;

const customerColumns = [
  'customers.id',
  'customers.names',
  sql<string[]>`customers.other_names[1:${sql.lit(OTHER_NAMES_SHOWN)}]`.as('other_names'),
  sql<number>`cardinality(customers.other_names)`.as('other_names_total'),
  'customers.email',
  'customers.phone',
  'customers.payments_count',
  'customers.total_paid',
  'customers.refund_pending',
  'customers.last_paid_at',
  'customers.created_at',
  sql<string>`customers.created_at::text`.as('cursor_ts'),
] as const;

/**
 * A customer that a search text finds (decisions 051 and 076): a phone however written is the customer's phone,
 * exactly; other digits (six or more) are a part of their phone (customers_phone_trgm_idx); other text is their name
 * holding its words in any order (customers_names_trgm_idx, lib/name-search.ts) or a part of their e-mail in any case
 * (customers_email_trgm_idx).
 */
export function customerFound(q: string | undefined): RawBuilder<boolean> {
  if (!q) return sql<boolean>`true`;
  const phone = searchedPhone(q);
  if (phone) return sql<boolean>`customers.phone = ${phone}`;
  const part = searchedPhonePart(q);
  if (part) return sql<boolean>`customers.phone like ${containsPattern(part)}`;
  return sql<boolean>`(${nameHoldsWords('customers.names', q)} or customers.email ilike ${containsPattern(q)})`;
}

/** Up to `limit` customers after the cursor that the search finds (all without one), newest first. */
export function customersPage(db: Kysely<Database>, scope: MoneyScope, cursor: Cursor | null, limit = PAGE_SIZE + 1, q?: string) {
  return db
    .selectFrom('customers')
    .select(customerColumns)
    .where('customers.account_id', '=', scope.accountId)
    .where('customers.environment', '=', scope.environment)
    .where(customerFound(q))
    .where(after(cursor))
    .orderBy('customers.created_at', 'desc')
    .orderBy('customers.id', 'desc')
    .limit(limit)
    .execute();
}

/** The header search's customers (decision 051): the first `limit` that the text finds, newest first. */
export const searchCustomers = (db: Kysely<Database>, scope: MoneyScope, q: string, limit: number) =>
  customersPage(db, scope, null, limit, q);

/**
 * How many customers a search finds, counted up to its cap + 1 as the collections' filters are (decision 051): a
 * phone's up to FILTER_COUNT_CAP, a name's up to TEXT_SEARCH_COUNT_CAP. `capped` when there are more.
 */
export async function countFoundCustomers(db: Kysely<Database>, scope: MoneyScope, q: string) {
  const cap = searchedPhone(q) ? FILTER_COUNT_CAP : TEXT_SEARCH_COUNT_CAP;
  const { rows } = await sql<{ total: string }>`select count(*) as total from (
      select 1 from customers
      where customers.account_id = ${scope.accountId} and customers.environment = ${scope.environment}
        and ${customerFound(q)}
      order by customers.created_at desc, customers.id desc
      limit ${cap + 1}) found`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  return { total: Math.min(total, cap), capped: total > cap };
}

export type CustomerListRecord = Awaited<ReturnType<typeof customersPage>>[number];

/** Read from `customer_counts` (kept by triggers, migration 020), not counted. */
export const countCustomers = (db: Kysely<Database>, scope: MoneyScope) => readCounter(db, 'customer_counts', scope);
