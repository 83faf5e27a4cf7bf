import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * The row is the outbox (decision 041). A payment or payout of a live provider is committed first and
 * handed to its provider after, by its own request; a pending live row with no `provider_reference` has not been
 * handed over yet. It is written already leased to its request for this long (`settle_at` and `worker_next_attempt_at`),
 * so if the request dies before recording the provider's acceptance (a crash, a killed replica), the worker finds the
 * row due and hands it over within seconds instead of leaving it to expire.
 *
 * Handing a row over twice never pays or charges twice: every hand-over sends our own id as the provider's reference
 * (decision 032). MTN answers a second request with the same X-Reference-Id 409 `RESOURCE_ALREADY_EXIST` ("using an ID
 * of the previous request will result in this error response": MTN MoMo developer portal, API documentation, Common
 * Error Codes); Airtel answers a reused transaction id `ESB000041` / `DP00900001017` (rails/airtel.ts). Both adapters
 * read that as accepted. The claims below still keep a worker and a replay from sending the same row twice.
 */
export const HAND_OVER_GRACE_MS = 10_000;

/**
 * How long a replay that claimed a row's hand-over keeps everyone else off it: longer than one provider call with its
 * retries takes (about 25 s with the default PROVIDER_TIMEOUT_MS and PROVIDER_RETRIES, docs/providers.md).
 */
const HAND_OVER_LEASE_MS = 60_000;

/**
 * What a hand-over did: the provider was asked (`sent`, whatever it answered: a refusal is applied at once), the row
 * failed without asking (a card payment: its card details lived only in its own request), or nothing (`null`: the row
 * no longer waits for a hand-over, a payment expired, or its provider is not configured here).
 */
export type HandOverResult = 'sent' | 'failed' | null;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** The columns a new row is written with: a live provider's row is leased to its own request's hand-over. */
export function outboxColumns(provider: string, now = new Date()): { settle_at?: Date; worker_next_attempt_at?: Date } {
  if (provider === 'simulator') return {};
  const due = new Date(now.getTime() + HAND_OVER_GRACE_MS);
  return { settle_at: due, worker_next_attempt_at: due };
}

/**
 * Takes the hand-over of a live row that was never handed over, for a replayed Idempotency-Key: one conditional
 * update, which wins only while no one holds the row (its request's grace has passed, no worker's claim or other
 * replay's lease is running, and a transfer is not awaiting a second member's approval, decision 067), and leases it for
 * HAND_OVER_LEASE_MS. So of a worker and any number of replays, one hands
 * it over. Answers whether this caller took it.
 */
export async function claimHandOver(
  db: Kysely<Database>,
  table: 'collections' | 'transfers',
  id: string,
  now = new Date(),
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)}
       set worker_next_attempt_at = ${at(new Date(now.getTime() + HAND_OVER_LEASE_MS))}
     where id = ${id} and status = 'pending' and provider <> 'simulator' and provider_reference is null
       and (worker_next_attempt_at is null or worker_next_attempt_at <= ${at(now)})
       ${table === 'transfers' ? sql`and coalesce(approval_status, 'approved') = 'approved'` : sql``}
    returning id`.execute(db);
  return rows.length > 0;
}
