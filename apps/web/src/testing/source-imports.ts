import fs from 'node:fs';
import path from 'node:path';

/** Every TypeScript source below `dir`, tests left out. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

export type SourceImport = { source: string; typeOnly: boolean };

/** What a source file imports or re-exports, statically or with import(). */
export function importsOf(file: string): SourceImport[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: SourceImport[] = [];
  for (const match of text.matchAll(
    /^(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm,
  )) {
    found.push({ source: (match[2] ?? match[3] ?? match[4])!, typeOnly: Boolean(match[1]) });
  }
  return found;
}
