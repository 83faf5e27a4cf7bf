import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = path.resolve(import.meta.dirname, '..');

/** The code that changes the state and emits its events (decision 082). */
const PRODUCERS = [
  'payments/settle.ts',
  'payments/refunds/service.ts',
  'transfers/disburse.ts',
  'transfers/completion.ts',
  'transfers/batches/work.ts',
  'transfers/batches/api-batches.ts',
  'transfers/approvals/batch.ts',
  'money/ledger.ts',
];

/**
 * What follows from an event, reached only through the registry (subscribers.ts): alerts, webhooks (developers), the
 * customers, the reports' roll-up, the payments' timeline and receipts, the event bodies of transfers and batches, and
 * the modules' subscriber files themselves. A folder ends with a slash.
 */
const CONSUMERS = [
  'alerts/',
  'developers/',
  'customers/',
  'reports/',
  'payments/timeline.ts',
  'payments/receipts/',
  'payments/payer-receipts.ts',
  'payments/refunds/refund-receipts.ts',
  'payments/subscribers.ts',
  'transfers/transfer-events.ts',
  'transfers/batches/events.ts',
  'transfers/subscribers.ts',
];

/** The files under modules/ a file imports, as paths relative to modules/ (packages and lib/ left out). */
function importsOf(producer: string): string[] {
  const file = path.join(modules, producer);
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s[^;]*?from\s+'(\.[^']+)';/gms)]
    .map((match) =>
      path
        .relative(modules, path.resolve(path.dirname(file), match[1]!))
        .split(path.sep)
        .join('/'),
    )
    .filter((target) => !target.startsWith('..'));
}

const isConsumer = (target: string) =>
  CONSUMERS.some((consumer) => (consumer.endsWith('/') ? target.startsWith(consumer) : target === consumer));

describe('the producers of domain events', () => {
  it('import none of their consumers: what follows an event is registered once, in subscribers.ts', () => {
    const found = PRODUCERS.flatMap((producer) =>
      importsOf(producer)
        .filter(isConsumer)
        .map((target) => `${producer} -> ${target}`),
    );
    expect(found).toEqual([]);
  });

  it('reads the imports it checks (each producer imports something of modules/)', () => {
    for (const producer of PRODUCERS) expect(importsOf(producer).length, producer).toBeGreaterThan(0);
  });
});
