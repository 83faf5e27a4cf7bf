import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { DISBURSEMENT_KINDS_SQL } from '../modules/money/disbursements.ts';

/**
 * When a pending row falls due for the worker: the later of when it is next to be looked at (`settle_at`: the
 * simulator's decision falls due, or a live provider is next asked for its status; or `expires_at`, whichever comes
 * first) and `worker_next_attempt_at` (a claim's lease, the backoff after a failure, or a poll put off past the expiry).
 * Written exactly as the partial indexes of migration 023 are, so the claims scan them.
 */
const DUE_AT = sql`greatest(least(settle_at, expires_at), worker_next_attempt_at)`;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** A row claimed by one worker: what it needs to pick its outcome or ask its provider, and how often applying it failed. */
type Claimed = {
  id: string;
  provider: string | null;
  /** Null on a live row never handed to its provider (decision 041: the row is the outbox). */
  provider_reference: string | null;
  simulated_outcome: 'successful' | 'failed' | null;
  settle_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  worker_attempts: number;
  /** What the provider is told to compare its status answer with (decision 040). */
  amount: string;
  currency: string;
};
export type ClaimedPayment = Claimed & { transaction_id: string; simulated_message: string | null };
export type ClaimedPayout = Claimed;

/**
 * The claim of up to `limit` due pending payments, in one statement that commits at once: the due rows are locked
 * FOR UPDATE SKIP LOCKED (rows another worker is claiming at that instant are passed over, not waited for) and leased
 * until `leaseUntil`, so no other worker finds them due while this one applies them, each in a transaction of its own.
 */
export function paymentClaim(now: Date, limit: number, leaseUntil: Date): RawBuilder<ClaimedPayment> {
  return sql<ClaimedPayment>`
    with due as (
      select id from collections
       where status = 'pending' and ${DUE_AT} <= ${at(now)} and provider_mismatch is null
       order by ${DUE_AT}
       limit ${limit}
       for update skip locked
    )
    update collections c
       set worker_next_attempt_at = ${at(leaseUntil)}
      from due
     where c.id = due.id
    returning c.id, c.provider, c.provider_reference, c.transaction_id, c.simulated_outcome, c.simulated_message,
              c.settle_at, c.expires_at, c.created_at, c.worker_attempts, c.amount, c.currency`;
}

/** The claim of up to `limit` due pending payouts and refunds (the payout's machinery carries both), as `paymentClaim`. */
export function payoutClaim(now: Date, limit: number, leaseUntil: Date): RawBuilder<ClaimedPayout> {
  return sql<ClaimedPayout>`
    with due as (
      select id from transfers
       where kind in ${DISBURSEMENT_KINDS_SQL} and status = 'pending' and ${DUE_AT} <= ${at(now)} and provider_mismatch is null
         and coalesce(approval_status, 'approved') = 'approved'
       order by ${DUE_AT}
       limit ${limit}
       for update skip locked
    )
    update transfers t
       set worker_next_attempt_at = ${at(leaseUntil)}
      from due
     where t.id = due.id
    returning t.id, t.provider, t.provider_reference, t.simulated_outcome, t.settle_at, t.expires_at, t.created_at,
              t.worker_attempts, t.amount, t.currency`;
}

export async function claimDuePayments(db: Kysely<Database>, now: Date, limit: number, leaseUntil: Date) {
  return (await paymentClaim(now, limit, leaseUntil).execute(db)).rows;
}

export async function claimDuePayouts(db: Kysely<Database>, now: Date, limit: number, leaseUntil: Date) {
  return (await payoutClaim(now, limit, leaseUntil).execute(db)).rows;
}

/**
 * After applying a claimed row failed: one more failed attempt, and not taken again before `retryAt`. Written only while
 * the claim still holds (still pending, still under this claim's lease), so a claim that outlived its lease does not
 * overwrite a later one. Answers whether it was written.
 */
export async function deferClaimed(
  db: Kysely<Database>,
  table: 'collections' | 'transfers',
  id: string,
  leaseUntil: Date,
  retryAt: Date,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)}
       set worker_attempts = worker_attempts + 1, worker_next_attempt_at = ${at(retryAt)}
     where id = ${id} and status = 'pending' and worker_next_attempt_at = ${at(leaseUntil)}
    returning id`.execute(db);
  return rows.length > 0;
}

/**
 * A live row the provider still reports pending: looked at again at `next` (both its poll time and its earliest next
 * claim, so a payout kept past its expiry waits too), its failure count cleared. Written only while the claim holds.
 */
export async function scheduleNextCheck(
  db: Kysely<Database>,
  table: 'collections' | 'transfers',
  id: string,
  leaseUntil: Date,
  next: Date,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)}
       set settle_at = ${at(next)}, worker_next_attempt_at = ${at(next)}, worker_attempts = 0
     where id = ${id} and status = 'pending' and worker_next_attempt_at = ${at(leaseUntil)}
    returning id`.execute(db);
  return rows.length > 0;
}

/** A failed live payment due for its late check (decision 033): what asking its provider needs. */
export type LateCheck = {
  id: string;
  provider: string;
  transaction_id: string;
  created_at: Date;
  expires_at: Date | null;
  amount: string;
  currency: string;
};

/**
 * The claim of up to `limit` failed live payments whose late check is due, as `paymentClaim`: locked FOR UPDATE SKIP
 * LOCKED and leased by moving `late_check_at` to `leaseUntil`, so no other worker asks about them meanwhile.
 */
export function lateCheckClaim(now: Date, limit: number, leaseUntil: Date): RawBuilder<LateCheck> {
  return sql<LateCheck>`
    with due as (
      select id from collections
       where late_check_at is not null and late_check_at <= ${at(now)} and provider_mismatch is null
       order by late_check_at
       limit ${limit}
       for update skip locked
    )
    update collections c
       set late_check_at = ${at(leaseUntil)}
      from due
     where c.id = due.id
    returning c.id, c.provider, c.transaction_id, c.created_at, c.expires_at, c.amount, c.currency`;
}

export async function claimLateChecks(db: Kysely<Database>, now: Date, limit: number, leaseUntil: Date) {
  return (await lateCheckClaim(now, limit, leaseUntil).execute(db)).rows;
}

/** After a late check: asked again at `next`, or no more (null). Written only while this claim's lease holds. */
export async function scheduleLateCheck(db: Kysely<Database>, id: string, leaseUntil: Date, next: Date | null) {
  await sql`
    update collections set late_check_at = ${next ? at(next) : null}
     where id = ${id} and late_check_at = ${at(leaseUntil)}`.execute(db);
}

/**
 * The deletion of up to `limit` PIN tokens used or expired before `before` (a token stops being usable at the first of
 * the two), passing over rows another worker is deleting; it answers how many it deleted.
 */
export function spentPinTokensPurge(before: Date, limit: number): RawBuilder<{ purged: number }> {
  return sql<{ purged: number }>`
    with spent as (
      select token_hash from pin_tokens
       where least(used_at, expires_at) < ${at(before)}
       limit ${limit}
       for update skip locked
    ), gone as (
      delete from pin_tokens p using spent where p.token_hash = spent.token_hash returning 1
    )
    select count(*)::int as purged from gone`;
}

export async function purgeSpentPinTokens(db: Kysely<Database>, before: Date, limit: number): Promise<number> {
  const { rows } = await spentPinTokensPurge(before, limit).execute(db);
  return rows[0]?.purged ?? 0;
}
