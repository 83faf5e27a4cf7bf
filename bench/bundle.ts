// Prints what a browser downloads (gzipped) to show a page of the built web app: the entry chunk, the
// route's lazy chunk, and every chunk they import statically. Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestEntry = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || js.has(entry.file)) return;
    js.add(entry.file);
    for (const file of entry.css ?? []) css.add(file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const pages: Record<string, string[]> = {
  'sign-in (/)': ['src/features/auth/routes/sign-in.tsx'],
  'dashboard (/dashboard)': ['src/app/shell/dashboard-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [page, routeKeys] of Object.entries(pages)) {
  const { js, css } = closure([entryKey, ...routeKeys]);
  const jsBytes = [...js].reduce((sum, file) => sum + gzipSize(file), 0);
  const cssBytes = [...css].reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`${page.padEnd(24)} JS ${kb(jsBytes).padStart(9)} gzip in ${js.size} files | CSS ${kb(cssBytes).padStart(8)} gzip`);
}
