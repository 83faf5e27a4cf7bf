import { containsPattern, kampalaDayEnd, kampalaDayStart, searchedPhone, searchedPhonePart } from '@sente/contracts/filters';
import type { PaymentState } from '@sente/contracts/payment-states';
import type { PaymentChannel } from '@sente/contracts/payments';
import { type RawBuilder, sql } from 'kysely';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { nameHoldsWords } from '../../lib/name-search.ts';

/** What the collections list and its export are narrowed by (contracts `collectionsFilterQuery`, without the cursor). */
export type CollectionsWhere = {
  status?: PaymentState | undefined;
  channel?: PaymentChannel | undefined;
  link?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
};

export const isFiltered = (where: CollectionsWhere) => Object.values(where).some((value) => value !== undefined);

/**
 * The search text as one condition on `collections`: a phone however written is its stored msisdn, exactly (on
 * collections_msisdn_idx); other digits (six or more) are a part of the payer's phone (collections_msisdn_trgm_idx,
 * decision 076) or the API's reference, exactly; any other text is the payer's name holding its words in any order and
 * case (collections_names_trgm_idx, lib/name-search.ts), a part of the payer's e-mail in any case
 * (collections_email_trgm_idx), the transaction ID (as typed or in capitals: IDs are) or the API's reference, exactly.
 */
function textCondition(q: string): RawBuilder<boolean> {
  const phone = searchedPhone(q);
  if (phone) return sql<boolean>`collections.msisdn = ${phone}`;
  const part = searchedPhonePart(q);
  if (part) return sql<boolean>`(collections.msisdn like ${containsPattern(part)} or collections.reference = ${q})`;
  return sql<boolean>`(${nameHoldsWords('collections.names', q)} or collections.email ilike ${containsPattern(q)}
    or collections.transaction_id in (${q}, ${q.toUpperCase()}) or collections.reference = ${q})`;
}

/**
 * A payment's state as the dashboard shows it (decisions 057 and 073): a status on collections_status_idx; refunded or
 * partly refunded on collections_refunded_idx, whose predicate (`amount_refunded > 0`, a literal) they repeat; refund
 * pending on collections_refund_pending_idx, whose predicate (`amount_refund_pending > 0`) it is. A payment with a refund
 * pending reads as refund pending whatever was paid back before, so it is neither of the other two.
 */
function stateCondition(state: PaymentState): RawBuilder<unknown> {
  if (state === 'refund_pending') return sql`collections.amount_refund_pending > 0`;
  if (state === 'refunded') return sql`(collections.amount_refunded > 0 and collections.amount_refunded >= collections.amount)`;
  if (state === 'partly_refunded')
    return sql`(collections.amount_refunded > 0 and collections.amount_refunded < collections.amount
      and collections.amount_refund_pending = 0)`;
  return sql`collections.status = ${state}`;
}

/** Every filter given, as one condition on `collections` (the account and environment are the caller's). */
export function collectionsCondition(scope: MoneyScope, where: CollectionsWhere): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [];
  if (where.status) parts.push(stateCondition(where.status));
  if (where.channel) parts.push(sql`collections.channel = ${where.channel}`);
  // A ref the account does not have (or another account's) reads as no link: no rows, not an error.
  if (where.link)
    parts.push(
      sql`collections.link_id = (select l.id from links l where l.account_id = ${scope.accountId} and l.ref = ${where.link})`,
    );
  if (where.from) parts.push(sql`collections.created_at >= ${kampalaDayStart(where.from).toISOString()}::timestamptz`);
  if (where.to) parts.push(sql`collections.created_at < ${kampalaDayEnd(where.to).toISOString()}::timestamptz`);
  if (where.q) parts.push(textCondition(where.q));
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
}
