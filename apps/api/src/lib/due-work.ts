import type { Logger } from 'pino';

/** A claim's clock and the end of its lease: until then no other worker finds its rows due. */
export type ClaimTime = { now: Date; leaseUntil: Date };

/**
 * One kind of due work (decision 029): rows claimed with FOR UPDATE SKIP LOCKED and leased in one statement that
 * commits at once, so any number of processes share them without doing a row twice or waiting on each other's locks.
 */
export type DueWork<Row extends { id: string }> = {
  /** Names the work in log lines ("payment settlement failed; it is tried again later"). */
  what: string;
  /** The log field that carries a row's id (collectionId, transferId, webhookEventId). */
  idField: string;
  batchSize: number;
  leaseMs: number;
  /** Claims and leases up to `limit` due rows. */
  claim: (limit: number, time: ClaimTime) => Promise<Row[]>;
  /** Does one row's work and writes its result (or its next time) while the lease holds. */
  apply: (row: Row, time: ClaimTime) => Promise<void>;
  /**
   * After `apply` threw (already logged): writes when the row is tried again, with the backoff of its kind. Should this
   * fail too, it is logged and the lease runs out, so the row is claimed again.
   */
  retry: (row: Row, time: ClaimTime, error: unknown) => Promise<unknown>;
  /** What the failure's log line says besides the row's id (its attempts, when it is tried again). */
  failureLog?: (row: Row, time: ClaimTime) => Record<string, unknown>;
  /** 'one by one' (the default) applies a batch's rows in turn; 'together' at once (deliveries wait on receivers). */
  batch?: 'one by one' | 'together';
};

/**
 * The worker's one loop for due work: claims a batch, applies each row on its own (a row whose apply throws is
 * logged and retried later, and never holds up the others), and claims again while batches come full, until none is
 * due or `signal` says the server is stopping (the batch in hand is finished first). `now` fixes the clock (the demo
 * seeder and tests run a pass at a later time); otherwise each batch reads the present. Answers how many rows it
 * claimed.
 */
export async function drainDue<Row extends { id: string }>(
  work: DueWork<Row>,
  logger: Logger,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  let claimed = 0;
  const applyOne = async (row: Row, time: ClaimTime) => {
    try {
      await work.apply(row, time);
    } catch (error) {
      logger.error(
        { err: error, [work.idField]: row.id, ...work.failureLog?.(row, time) },
        `${work.what} failed; it is tried again later`,
      );
      await work
        .retry(row, time, error)
        .catch((writeError: unknown) =>
          logger.error({ err: writeError, [work.idField]: row.id }, `${work.what} not rescheduled; its lease runs out`),
        );
    }
  };
  while (!options.signal?.aborted) {
    const now = options.now ?? new Date();
    const time = { now, leaseUntil: new Date(now.getTime() + work.leaseMs) };
    const rows = await work.claim(work.batchSize, time);
    claimed += rows.length;
    if (work.batch === 'together') await Promise.all(rows.map((row) => applyOne(row, time)));
    else for (const row of rows) await applyOne(row, time);
    if (rows.length < work.batchSize) break;
  }
  return claimed;
}
