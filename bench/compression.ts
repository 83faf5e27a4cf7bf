// Prints the bytes the server sends for the sign-in page and a payer's page (the HTML entry, the favicon, and every
// script and style sheet the page loads, as bench/manifest.ts finds them) to a browser that accepts brotli, one that
// accepts only gzip, and one that accepts neither: the server's own SPA plugin answering each file, headers excluded.
// Run after `npm run build` (or pass another build folder as the first argument).
import path from 'node:path';
import Fastify from 'fastify';
import { spaPlugin } from '../apps/api/src/plugins/spa.ts';
import { loadBuild, PAGES } from './manifest.ts';
import { printSettings } from './settings.ts';

const dist = process.argv[2] ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const { weigh } = loadBuild(dist);
printSettings({ build: dist });
const app = Fastify();
// Every pay page is there: the bytes of its entry are what is weighed, not the look-up of its link.
await app.register(spaPlugin, { distDir: dist, findCustomerPage: async () => undefined });

const pages: Record<string, { url: string; keys: readonly string[] }> = {
  'sign-in (/)': { url: '/', keys: PAGES.signIn },
  'pay page (/pay/:ref)': { url: '/pay/abc123', keys: PAGES.pay },
};
const browsers = { brotli: 'gzip, deflate, br, zstd', gzip: 'gzip, deflate', none: 'identity' };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const [page, { url, keys }] of Object.entries(pages)) {
  const { js, css } = weigh(keys);
  const urls = [url, '/favicon.svg', ...[...js, ...css].map((file) => `/${file}`)];
  const moved: string[] = [];
  for (const [browser, acceptEncoding] of Object.entries(browsers)) {
    let bytes = 0;
    for (const one of urls) {
      const res = await app.inject({ method: 'GET', url: one, headers: { 'accept-encoding': acceptEncoding } });
      if (res.statusCode !== 200) throw new Error(`${one} answered ${res.statusCode}`);
      bytes += res.rawPayload.length;
    }
    moved.push(`${browser} ${kb(bytes).padStart(9)}`);
  }
  console.log(`${page.padEnd(22)} ${urls.length} files | ${moved.join(' | ')}`);
}
await app.close();
