import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const money = import.meta.dirname;
const migrations = path.join(src, 'db', 'migrations');

type Source = { file: string; text: string };

/** Every TypeScript file under apps/api/src, tests included, with its text. */
function sourcesUnder(folder: string): Source[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
}

/** The body of every database function the migrations create, by its name (a later definition after an earlier one). */
function functionBodies(): [string, string][] {
  return sourcesUnder(migrations).flatMap(({ text }) =>
    text
      .split(/\bcreate\s+(?:or\s+replace\s+)?function\s+/i)
      .slice(1)
      .map((definition): [string, string] => [/^\w+/.exec(definition)?.[0] ?? '', definition.split('$$')[1] ?? '']),
  );
}

/**
 * The database's posting functions: post_movement, and every function whose body calls it (the wallet transfer's,
 * decision 030). Calling one writes postings as surely as `postings:` does.
 */
function postingFunctions(): string[] {
  const callers = functionBodies()
    .filter(([, body]) => /\bpost_movement\s*\(/.test(body))
    .map(([name]) => name);
  return [...new Set(['post_movement', ...callers])].sort();
}

/**
 * What only the money module may write (decision 042): ledger postings (`postings:`), a call of the database's posting
 * functions, and a movement made by hand (`as Movement`) rather than by a builder of money/movements.ts.
 */
const POSTING_WRITES = [
  /\bpostings\s*:/,
  /\bas\s+Movement\b/,
  ...postingFunctions().map((name) => new RegExp(`\\b${name}\\s*\\(`)),
];

/** 'file:line: text' for every line outside the money module (and the frozen migrations) that writes postings. */
function postingsWrittenOutsideMoney(sources: Source[]): string[] {
  return sources
    .filter(({ file }) => !file.startsWith(money + path.sep) && !file.startsWith(migrations + path.sep))
    .flatMap(({ file, text }) =>
      text
        .split('\n')
        .flatMap((line, index) =>
          POSTING_WRITES.some((pattern) => pattern.test(line))
            ? [`${path.relative(src, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
}

describe('money has one home', () => {
  it('no code outside modules/money writes ledger postings or makes a movement by hand', () => {
    expect(postingsWrittenOutsideMoney(sourcesUnder(src))).toEqual([]);
  });

  it('finds a movement written by hand outside modules/money, and none inside it', () => {
    const text = "const m = { kind: 'collection', postings: [] } as Movement;\n";
    const sources = [
      { file: path.join(src, 'modules', 'transfers', 'stray.ts'), text },
      { file: path.join(money, 'movements.ts'), text },
    ];
    expect(postingsWrittenOutsideMoney(sources)).toEqual([`modules/transfers/stray.ts:1: ${text.trim()}`]);
  });

  it('sees the wallet transfer function as a posting path, and finds a call of it outside modules/money', () => {
    expect(postingFunctions()).toEqual(['post_movement', 'wallet_transfer']);
    const text = "const WALLET_TRANSFER = 'select * from wallet_transfer($1, $2)';\n";
    const sources = [
      { file: path.join(src, 'modules', 'transfers', 'stray.ts'), text },
      { file: path.join(money, 'wallet-transfer.ts'), text },
    ];
    expect(postingsWrittenOutsideMoney(sources)).toEqual([`modules/transfers/stray.ts:1: ${text.trim()}`]);
  });
});
