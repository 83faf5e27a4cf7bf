// What a browser downloads for a page of the built web app, read from Vite's manifest: the entry chunk, the
// route's lazy chunks, and every chunk they import statically, gzipped. Shared by bundle.ts, checkout.ts and the
// benches and tests that weigh pages.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestEntry = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};

/** The manifest keys of the pages the benches and the budget test weigh: each page's entry and its route's chunks. */
export const PAGES = {
  pay: ['pay.html'],
  signIn: ['index.html', 'src/features/auth/routes/sign-in.tsx'],
  overview: ['index.html', 'src/app/shell/dashboard-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
} as const;

export type PageWeight = { js: string[]; css: string[]; jsBytes: number; cssBytes: number };

/** The build in the folder given as the first argument, else apps/web/dist; stops with a hint when there is none. */
export function loadBuild(dist = process.argv[2] ?? path.resolve(import.meta.dirname, '../apps/web/dist')) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`No build found in ${dist}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  /** A file of the build (relative to its folder) gzipped at level 9, as the build's own `.gz` copies are. */
  const gzipSize = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

  /**
   * A lazy route's chunk that Rollup also fills with modules for the chunks it loads later (the dashboard layout and
   * its lazy overlays) has no source key in the manifest, only `_<name>-<hash>.js`: found by its file's name then.
   */
  function lazyChunkOf(source: string): ManifestEntry | undefined {
    const name = path.basename(source, path.extname(source));
    const found = Object.values(manifest).filter((entry) => entry.isDynamicEntry && !entry.src && entry.name === name);
    if (found.length > 1) throw new Error(`${source}: ${found.length} lazy chunks are named ${name}`);
    return found[0];
  }

  /** The JS and CSS files that loading these manifest keys (entries or lazy routes) downloads. */
  function weigh(keys: readonly string[]): PageWeight {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const entry = manifest[key] ?? lazyChunkOf(key);
      if (!entry) throw new Error(`${key} is not in the manifest`);
      if (js.has(entry.file)) return;
      js.add(entry.file);
      for (const file of entry.css ?? []) css.add(file);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
    return { js: [...js], css: [...css], jsBytes: sum(js), cssBytes: sum(css) };
  }

  return { weigh, gzipSize };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printWeight(page: string, weight: PageWeight): void {
  console.log(
    `${page.padEnd(28)} JS ${kb(weight.jsBytes).padStart(9)} gzip in ${weight.js.length} files | CSS ${kb(weight.cssBytes).padStart(8)} gzip`,
  );
}
