import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ClaimTime } from '../../lib/due-work.ts';
import type { EventType, OutboxedEvent } from './events.ts';

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** An outbox row claimed by one process: what its subscribers are told, and how often running it failed. */
export type ClaimedEvent = { id: string; type: EventType; subject_id: string; attempts: number };

/**
 * Writes an event's outbox row in the transaction that emitted it, leased to the emitting process until `leaseUntil`;
 * answers its id.
 */
export async function insertEvent(trx: Transaction<Database>, event: OutboxedEvent, leaseUntil: Date): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into domain_events (type, subject_id, due_at)
    values (${event.type}, ${event.subjectId}, ${at(leaseUntil)})
    returning id`.execute(trx);
  return rows[0]!.id;
}

/**
 * Claims up to `limit` due rows and leases them: their `due_at` becomes the lease's end, so no other process finds them
 * due before it; FOR UPDATE SKIP LOCKED lets claims run side by side.
 */
export async function claimEvents(db: Kysely<Database>, limit: number, { now, leaseUntil }: ClaimTime): Promise<ClaimedEvent[]> {
  const { rows } = await sql<ClaimedEvent>`
    update domain_events set due_at = ${at(leaseUntil)}
     where id in (select id from domain_events where due_at <= ${at(now)}
                   order by due_at limit ${limit} for update skip locked)
    returning id, type, subject_id, attempts`.execute(db);
  return rows;
}

/** A row whose subscribers ran, deleted while this claim's lease holds (a later claim's row is not this one's). */
export async function deleteEvent(db: Kysely<Database>, id: string, leaseUntil: Date): Promise<void> {
  await sql`delete from domain_events where id = ${id} and due_at = ${at(leaseUntil)}`.execute(db);
}

/** After a subscriber threw: one more failed attempt, and not taken again before `retryAt`, while the lease holds. */
export async function deferEvent(db: Kysely<Database>, id: string, leaseUntil: Date, retryAt: Date): Promise<void> {
  await sql`
    update domain_events set attempts = attempts + 1, due_at = ${at(retryAt)}
     where id = ${id} and due_at = ${at(leaseUntil)}`.execute(db);
}
