import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../testing/source-imports.ts';

/** The contract modules that import nothing at run time (format.ts only dates.ts, text-limits.ts and money-text.ts nothing; links.ts and the *-input modules carry zod). */
const LEAN_CONTRACTS = [
  '@sente/contracts/payments',
  '@sente/contracts/messages',
  '@sente/contracts/api',
  '@sente/contracts/format',
  '@sente/contracts/attachments',
  '@sente/contracts/text-limits',
  '@sente/contracts/money-text',
];

describe('the customer pages bundle', () => {
  it('imports only React, its own files and the lean contract modules at run time', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(import.meta.dirname)) {
      for (const { source, typeOnly } of importsOf(file)) {
        if (typeOnly) continue;
        const allowed =
          ['react', 'react-dom/client'].includes(source) ||
          LEAN_CONTRACTS.includes(source) ||
          (source.startsWith('.') && path.resolve(path.dirname(file), source).startsWith(import.meta.dirname));
        if (!allowed) offending.push(`${path.relative(import.meta.dirname, file)}: ${source}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
