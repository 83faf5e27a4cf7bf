import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type DueWork, drainDue } from './due-work.ts';

type Row = { id: string };
const logger = pino({ level: 'silent' });

/** Work over a queue of `count` rows: claims take from its front; applying `failing` throws. */
function queueWork(count: number, overrides: Partial<DueWork<Row>> & { failing?: string[] } = {}) {
  const queue = Array.from({ length: count }, (_, i) => ({ id: `r${i + 1}` }));
  const seen = { claims: [] as number[], applied: [] as string[], retried: [] as string[] };
  const work: DueWork<Row> = {
    what: 'test work',
    idField: 'rowId',
    batchSize: 2,
    leaseMs: 1_000,
    claim: async (limit) => {
      const batch = queue.splice(0, limit);
      seen.claims.push(batch.length);
      return batch;
    },
    apply: async (row) => {
      if (overrides.failing?.includes(row.id)) throw new Error(`${row.id} broke`);
      seen.applied.push(row.id);
    },
    retry: async (row) => {
      seen.retried.push(row.id);
    },
    ...overrides,
  };
  return { work, seen };
}

describe('the due-work loop', () => {
  it('claims batch after batch while they come full, and answers how many rows it claimed', async () => {
    const { work, seen } = queueWork(5);
    expect(await drainDue(work, logger)).toBe(5);
    expect(seen.claims).toEqual([2, 2, 1]);
    expect(seen.applied).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('claims once more after an exactly full last batch, and stops at an empty one', async () => {
    const { work, seen } = queueWork(4);
    await drainDue(work, logger);
    expect(seen.claims).toEqual([2, 2, 0]);
  });

  it('retries a row whose apply throws and goes on with the others', async () => {
    const { work, seen } = queueWork(3, { failing: ['r2'] });
    await drainDue(work, logger);
    expect(seen.applied).toEqual(['r1', 'r3']);
    expect(seen.retried).toEqual(['r2']);
  });

  it('survives a retry that fails too (the lease runs out and the row is claimed again)', async () => {
    const { work, seen } = queueWork(2, {
      failing: ['r1'],
      retry: async () => {
        throw new Error('database gone');
      },
    });
    await expect(drainDue(work, logger)).resolves.toBe(2);
    expect(seen.applied).toEqual(['r2']);
  });

  it('leases each batch from its clock, the fixed one when given', async () => {
    const times: string[] = [];
    const { work } = queueWork(1, {
      claim: async (_limit, { now, leaseUntil }) => {
        times.push(`${now.toISOString()} ${leaseUntil.toISOString()}`);
        return [];
      },
    });
    await drainDue(work, logger, { now: new Date('2026-01-01T00:00:00Z') });
    expect(times).toEqual(['2026-01-01T00:00:00.000Z 2026-01-01T00:00:01.000Z']);
  });

  it('claims nothing once the server is stopping', async () => {
    const { work, seen } = queueWork(3);
    const stopping = new AbortController();
    stopping.abort();
    expect(await drainDue(work, logger, { signal: stopping.signal })).toBe(0);
    expect(seen.claims).toEqual([]);
  });

  it('applies a batch together when asked: all of it is in flight at once', async () => {
    let inFlight = 0;
    let most = 0;
    const { work } = queueWork(4, {
      batch: 'together',
      batchSize: 4,
      apply: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
      },
    });
    await drainDue(work, logger);
    expect(most).toBe(4);
  });
});
