import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { BACKOFF, backoffMs } from '../../lib/backoff.ts';
import { type ClaimTime, type DueWork, drainDue } from '../../lib/due-work.ts';
import type { EventType, OutboxedEvent } from './events.ts';

/** What one process does with an outbox row of a type (send a receipt through its mailer, its SMS gateway). */
export type OutboxSubscriber = (event: OutboxedEvent) => Promise<void>;
export type OutboxSubscribers = { [T in EventType]?: readonly OutboxSubscriber[] };

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

type Row = { id: string; type: EventType; subject_id: string; attempts: number };

/**
 * The outbox of domain events (decision 082), run like all due work (decision 029): a row is claimed with FOR UPDATE
 * SKIP LOCKED and leased (its `due_at` set to the lease's end), its subscribers run, and it is deleted while the lease
 * holds, so two workers never run one row and a row whose process died is taken again when its lease runs out. A
 * subscriber that throws defers the row with the worker's backoff. The process that emitted an event runs its row as
 * soon as the transaction commits (`dispatch`); the worker's pass takes any left behind.
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

  async function claim(limit: number, { now, leaseUntil }: ClaimTime, of?: OutboxedEvent): Promise<Row[]> {
    const { rows } = await sql<Row>`
      update domain_events set due_at = ${at(leaseUntil)}
       where id in (select id from domain_events
                     where due_at <= ${at(now)}
                       ${of ? sql`and subject_id = ${of.subjectId} and type = ${of.type}` : sql``}
                     order by due_at limit ${limit} for update skip locked)
      returning id, type, subject_id, attempts`.execute(db);
    return rows;
  }

  const retryAt = (row: Row, { now }: ClaimTime) => new Date(now.getTime() + backoffMs(BACKOFF.workerRetry, row.attempts + 1));

  const work: DueWork<Row> = {
    what: 'domain event',
    idField: 'domainEventId',
    batchSize,
    leaseMs,
    claim,
    apply: async (row, { leaseUntil }) => {
      for (const subscriber of subscribers()[row.type] ?? []) await subscriber({ type: row.type, subjectId: row.subject_id });
      await sql`delete from domain_events where id = ${row.id} and due_at = ${at(leaseUntil)}`.execute(db);
    },
    retry: (row, time) =>
      sql`
        update domain_events set attempts = attempts + 1, due_at = ${at(retryAt(row, time))}
         where id = ${row.id} and due_at = ${at(time.leaseUntil)}`.execute(db),
    failureLog: (row, time) => ({ type: row.type, attempts: row.attempts + 1, retryAt: retryAt(row, time) }),
  };

  return {
    /** The worker's pass: every due row, batch after batch. Answers how many it claimed. */
    runDue: (options: { now?: Date; signal?: AbortSignal } = {}) => drainDue(work, logger, options),

    /**
     * After the commit of a transaction that emitted `event`: claims its row at once (so another process leaves it) and
     * runs it in the background; `settled` waits for it. A failed claim leaves the row to the worker.
     */
    async dispatch(event: OutboxedEvent): Promise<void> {
      const now = new Date();
      let rows: Row[];
      try {
        rows = await claim(batchSize, { now, leaseUntil: new Date(now.getTime() + leaseMs) }, event);
      } catch (error) {
        logger.error({ err: error, ...event }, 'domain event not claimed; the worker runs it');
        return;
      }
      if (rows.length === 0) return;
      const claimed = [rows];
      const running = drainDue({ ...work, claim: async () => claimed.pop() ?? [] }, logger, { now });
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
    },

    /** Waits for the rows this process is running after their commit. */
    settled: () => Promise.all([...inFlight]).then(() => undefined),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
