import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { BACKOFF, backoffMs } from '../../lib/backoff.ts';
import { type ClaimTime, type DueWork, drainDue } from '../../lib/due-work.ts';
import type { EmittedRow, EventType, OutboxedEvent } from './events.ts';
import { type ClaimedEvent, claimEvents, deferEvent, deleteEvent } from './repository.ts';

/** What one process does with an outbox row of a type (send a receipt through its mailer, its SMS gateway). */
export type OutboxSubscriber = (event: OutboxedEvent) => Promise<void>;
export type OutboxSubscribers = { [T in EventType]?: readonly OutboxSubscriber[] };

/**
 * The outbox of domain events (decision 082), run like all due work (decision 029): a row is claimed with FOR UPDATE
 * SKIP LOCKED and leased (its `due_at` set to the lease's end), its subscribers run, and it is deleted while the lease
 * holds, so two workers never run one row and a row whose process died is taken again when its lease runs out. A
 * subscriber that throws defers the row with the worker's backoff. The process that emitted an event runs its row as
 * soon as the transaction commits (`dispatch`), under the lease the row was written with; the worker's pass takes any
 * left behind.
 */
export function createOutbox({
  db,
  logger,
  subscribers,
  batchSize,
  leaseMs,
}: {
  db: Kysely<Database>;
  logger: Logger;
  /** Read when a row runs: the services that send (the payments' receipts) are put together after the outbox. */
  subscribers: () => OutboxSubscribers;
  batchSize: number;
  leaseMs: number;
}) {
  const inFlight = new Set<Promise<unknown>>();

  const retryAt = (row: ClaimedEvent, { now }: ClaimTime) =>
    new Date(now.getTime() + backoffMs(BACKOFF.workerRetry, row.attempts + 1));

  const work: DueWork<ClaimedEvent> = {
    what: 'domain event',
    idField: 'domainEventId',
    batchSize,
    leaseMs,
    claim: (limit, time) => claimEvents(db, limit, time),
    apply: async (row, { leaseUntil }) => {
      for (const subscriber of subscribers()[row.type] ?? []) await subscriber({ type: row.type, subjectId: row.subject_id });
      await deleteEvent(db, row.id, leaseUntil);
    },
    retry: (row, time) => deferEvent(db, row.id, time.leaseUntil, retryAt(row, time)),
    failureLog: (row, time) => ({ type: row.type, attempts: row.attempts + 1, retryAt: retryAt(row, time) }),
  };

  return {
    /** The worker's pass: every due row, batch after batch. Answers how many it claimed. */
    runDue: (options: { now?: Date; signal?: AbortSignal } = {}) => drainDue(work, logger, options),

    /**
     * After the commit of a transaction that emitted an event: runs its row (written leased to this process) in the
     * background, no claim needed; `settled` waits for it. Should this process die first, the lease runs out and the
     * worker's pass takes the row.
     */
    dispatch(row: EmittedRow): void {
      const claimed = [[{ id: row.id, type: row.type, subject_id: row.subjectId, attempts: 0 }]];
      const now = new Date();
      const lease = { leaseMs: row.leaseUntil.getTime() - now.getTime(), claim: async () => claimed.pop() ?? [] };
      const running = drainDue({ ...work, ...lease }, logger, { now });
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
    },

    /** Waits for the rows this process is running after their commit. */
    settled: () => Promise.all([...inFlight]).then(() => undefined),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
