import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;

/**
 * Where a sentence is not a message to a merchant, a member or a payer: tests and their helpers, the frozen migrations,
 * the operator's terminal (ops) and the demo's own data.
 */
const NOT_USER_FACING = ['testing', path.join('db', 'migrations'), path.join('modules', 'ops'), path.join('modules', 'demo')];

/**
 * A user-facing message written in place instead of imported from packages/contracts: an answer's
 * `message`, an HttpError's text, a transfer's reason, a fallback sentence, an
 * e-mail's subject or paragraph, or a module constant or messages object.
 */
const LITERAL_MESSAGES = [
  /\bmessage:\s*['"`][A-Z]/,
  /\b(badRequest|notFound|forbidden|unauthorized)\(\s*['"`]/,
  /\bnew HttpError\(\s*\d+,\s*['"`]/,
  /\breason(:|\s*=)\s*['"`][A-Z]/,
  /^export const [A-Z_]+ = ['"`][A-Z][a-z]+ [a-z]+/,
  /^export const [A-Z_]*MESSAGES\b/,
  /\bsubject:\s*['"`]/,
  /<p>[A-Z][a-z]+ [a-z]+/,
  /(\?\?|\?)\s*['"][A-Z][a-z]+ [a-z]+ [a-z]+/,
];

function literalMessages(): string[] {
  return fs
    .readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !NOT_USER_FACING.some((folder) => path.relative(src, file).startsWith(folder + path.sep)))
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          LITERAL_MESSAGES.some((pattern) => pattern.test(line))
            ? [`${path.relative(src, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
}

describe('user-facing strings', () => {
  it('come from packages/contracts, never written in a route, service or job', () => {
    expect(literalMessages()).toEqual([]);
  });
});
