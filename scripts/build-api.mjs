// The API as one ES module of compiled JavaScript (apps/api/dist/server.js), which `npm start` runs with plain `node`
// (decision 028), and the operator commands likewise (apps/api/dist/ops.js, which `npm run ops` runs, and
// apps/api/dist/seed-demo.js, which `npm run seed:demo` runs). esbuild bundles apps/api/src and @sente/contracts (TypeScript source, so it cannot stay external)
// and leaves every other package to node_modules, where `node` loads them as it would for tsx; dynamic `import()`s
// of packages stay dynamic, so the optional SDKs are still loaded at first use.
//   node scripts/build-api.mjs             builds (`npm run build`)
//   node scripts/build-api.mjs --if-stale  builds only when the bundle is missing or older than its sources
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const apiBundle = path.join(root, 'apps/api/dist/server.js');
export const opsBundle = path.join(root, 'apps/api/dist/ops.js');
export const seedDemoBundle = path.join(root, 'apps/api/dist/seed-demo.js');
const entryPoints = {
  server: path.join(root, 'apps/api/src/server.ts'),
  ops: path.join(root, 'scripts/ops.ts'),
  'seed-demo': path.join(root, 'scripts/seed-demo.ts'),
};
const sources = ['apps/api/src', 'packages/contracts/src', 'scripts/ops.ts', 'scripts/seed-demo.ts', 'scripts/build-api.mjs'];

/** The newest modification time of a file or of anything under a directory (0 when missing). */
export function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when a bundle is missing or a source file changed after it was written. */
export function apiBuildIsStale() {
  const builtAt = Math.min(
    ...[apiBundle, opsBundle, seedDemoBundle].map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0),
  );
  return builtAt < Math.max(...sources.map((entry) => newestMtime(path.join(root, entry))));
}

/** Every bare import is a package from node_modules, except the workspace's own TypeScript ones. */
const packagesExceptWorkspace = {
  name: 'packages-except-workspace',
  setup(build) {
    // esbuild's filters are Go regular expressions, without look-ahead: the workspace is let through here.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sente/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildApi() {
  const { build } = await import('esbuild');
  const outdir = path.dirname(apiBundle);
  // Written beside the bundles and renamed over them, so a server starting meanwhile never loads half a file.
  const partial = path.join(outdir, `.partial-${process.pid}`);
  try {
    await build({
      entryPoints,
      outdir: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      plugins: [packagesExceptWorkspace],
      logLevel: 'warning',
    });
    for (const entry of Object.keys(entryPoints)) {
      for (const name of [`${entry}.js.map`, `${entry}.js`]) fs.renameSync(path.join(partial, name), path.join(outdir, name));
    }
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** Builds unless the bundle is current; answers whether it built. */
export async function buildApiIfStale() {
  if (!apiBuildIsStale()) return false;
  await buildApi();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  if (process.argv.includes('--if-stale')) {
    if (!(await buildApiIfStale())) {
      console.log(`${path.relative(root, path.dirname(apiBundle))} is up to date`);
      process.exit(0);
    }
  } else await buildApi();
  console.log(`built ${path.relative(root, path.dirname(apiBundle))} in ${Date.now() - started} ms`);
}
