import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The contract modules that import nothing at run time (links.ts and the *-input modules carry zod). */
const LEAN_CONTRACTS = ['@sente/contracts/payments', '@sente/contracts/messages', '@sente/contracts/api'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the customer pages bundle', () => {
  it('imports only React, its own files and the lean contract modules at run time', () => {
    const offending: string[] = [];
    for (const file of sources(import.meta.dirname)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
        if (match[1]) continue;
        const source = match[2] ?? match[3]!;
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
