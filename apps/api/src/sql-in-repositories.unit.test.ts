import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

/**
 * Services hold rules and repositories hold SQL (decision 083): a statement is written only in a module's
 * `repository.ts` or `<name>-repository.ts`. A statement is a Kysely query builder's start (`selectFrom`, `insertInto`,
 * `updateTable`, `deleteFrom`, ...), a raw `sql` template that begins with a statement's verb, or a compiled raw query.
 * A fragment (`sql` of a condition, a list or a column) is not a statement: a service may build one for its repository.
 */
const STATEMENTS = [
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\s*\(/g,
  /\bsql(?:<[^`]*?>)?`\s*(?:select|insert|update|delete|with|merge)\b/gi,
  /\bCompiledQuery\.raw\s*\(/g,
];

/**
 * The files that still write SQL outside a repository, each to move into its module's repository; the list only
 * shrinks. The ledger and the wallet transfer's one statement wait while money becomes a producer of domain events; the
 * demo seeder is leaving the service graph; the two lib/ helpers are shared by modules that may not import each other.
 */
const NOT_YET_MOVED = [
  'lib/hand-over.ts',
  'lib/money-scope.ts',
  'modules/demo/seed.ts',
  'modules/money/ledger.ts',
  'modules/money/wallet-transfer.ts',
];

const isRepository = (file: string) => /(?:^|[/-])repository\.ts$/.test(path.basename(file));

/** Where a statement is never a repository's: the connection and migrations (db/) and the tests' own helpers (testing/). */
const OUTSIDE_THE_RULE = ['db/', 'testing/'];

/** Every non-test TypeScript file of apps/api/src but those, relative to it, with its text. */
function sources(): { file: string; text: string }[] {
  return fs
    .readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file: path.relative(src, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }))
    .filter(({ file }) => !OUTSIDE_THE_RULE.some((folder) => file.startsWith(folder)));
}

/** 'line: text' of each statement a file's text writes. */
function statementsIn(text: string): string[] {
  return STATEMENTS.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      return `${line}: ${text.split('\n')[line - 1]!.trim()}`;
    }),
  );
}

describe('SQL lives in repositories', () => {
  const withSql = sources()
    .filter(({ file }) => !isRepository(file))
    .map(({ file, text }) => ({ file, statements: statementsIn(text) }))
    .filter(({ statements }) => statements.length > 0);

  it('finds statements where they are written (the detector itself)', () => {
    expect(statementsIn("const a = await db\n  .selectFrom('users')")).toEqual(["2: .selectFrom('users')"]);
    expect(statementsIn('await sql<{ id: string }>`\n  update transfers set x = 1`.execute(trx);')).toHaveLength(1);
    expect(statementsIn("const where = sql<boolean>`collections.status = 'failed'`;")).toEqual([]);
    expect(isRepository('modules/payments/list-repository.ts')).toBe(true);
    expect(isRepository('modules/alerts/repository.ts')).toBe(true);
    expect(isRepository('modules/alerts/queue.ts')).toBe(false);
  });

  it('writes no statement outside a repository but in the files not yet moved', () => {
    const outside = withSql
      .filter(({ file }) => !NOT_YET_MOVED.includes(file))
      .map(({ file, statements }) => `${file}\n  ${statements.join('\n  ')}`);
    expect(outside, 'move these statements into the module’s repository').toEqual([]);
  });

  it('lists only files that still write SQL, so the list shrinks as they move', () => {
    const still = new Set(withSql.map(({ file }) => file));
    expect(NOT_YET_MOVED.filter((file) => !still.has(file))).toEqual([]);
  });
});
