import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

/** The customer pages (pay, donate, checkout, receipts) are their own entry, pay.html, so they carry no dashboard code. */
const CUSTOMER_PAGE = /^\/(pay|fund|checkout)\/[^/]/;

/** In `vite` and `vite preview`, /pay/*, /fund/* and /checkout/* load pay.html (the server's spa plugin does the same). */
function customerPages(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
    if (request.method === 'GET' && request.url && CUSTOMER_PAGE.test(request.url)) request.url = '/pay.html';
    next();
  };
  return {
    name: 'sente-customer-pages',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/** The customer pages' own source: their React imports resolve to Preact (below). */
const PAY_SOURCE = fileURLToPath(new URL('./src/pay/', import.meta.url));
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
};

/**
 * Builds the customer pages on Preact's React-compatible layer instead of React DOM (decision 049: 71 KB of their 82 KB
 * gzipped was React DOM, on the page customers open on slow phones). They import nothing but React, their own files
 * and lean contracts (biome.json's rule for src/pay), so only their own files' React imports need redirecting and the
 * dashboard keeps React. Build only: `vite` keeps React for its fast refresh; the e2e journeys run the Preact build.
 */
function preactForCustomerPages(): Plugin {
  return {
    name: 'sente-preact-for-customer-pages',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const target = PREACT_FOR[source];
      if (!target || !importer?.startsWith(PAY_SOURCE)) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/** The icon package's entry re-exports its 6,000 icons, one module each; a build that imports it parses them all. */
const TABLER_ICONS = /import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react';/g;
const ICON_NAME = /^Icon[A-Za-z0-9]+$/;

/**
 * In the build, `import { IconX, IconY } from '@tabler/icons-react'` becomes one import per icon from the icon's own
 * module (the package has no `exports` map, so its files can be reached): Rollup then loads the 52 icons the app uses
 * instead of the entry's 6,000 modules, which cost 7 of the build's 23 s of CPU. The bundle is the same, byte for
 * byte: the package says it has no side effects, so the entry contributed nothing but those icons. Any other form of
 * import from the package (a type, a namespace, a renamed icon) fails the build, so nothing is rewritten by guess
 * (decision 090).
 */
function tablerIconsByFile(): Plugin {
  return {
    name: 'sente-tabler-icons-by-file',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('@tabler/icons-react')) return null;
      const rewritten = code.replace(TABLER_ICONS, (_statement, list: string) =>
        list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            if (!ICON_NAME.test(name)) throw new Error(`${id}: import icons from @tabler/icons-react by name only (${name})`);
            return `import ${name} from '@tabler/icons-react/dist/esm/icons/${name}.mjs';`;
          })
          .join('\n'),
      );
      if (rewritten.includes("'@tabler/icons-react'"))
        throw new Error(`${id}: an import of @tabler/icons-react not of the form import { IconX } from '@tabler/icons-react'`);
      return { code: rewritten, map: null };
    },
  };
}

/** Text files worth compressing; images and fonts of the build are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text file of the build, so the server sends
 * them as they are (spa.ts, @fastify/static's preCompressed) instead of compressing on every request. A copy that is
 * not smaller than its file is not written, and the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sente-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        // Vite's own folder (.vite/manifest.json) is read by tools, never served.
        .filter((file) => !path.relative(outDir, file).startsWith('.'));
      await Promise.all(files.map(writeCompressed));
    },
  };
}

async function writeCompressed(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
}

export default defineConfig({
  plugins: [tablerIconsByFile(), preactForCustomerPages(), react(), customerPages(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/s/': 'http://localhost:3000',
      // A link's printable poster is a page the server renders.
      '/posters/': 'http://localhost:3000',
      // The merchant API and its reference are the server's own pages.
      '/v1': 'http://localhost:3000',
      '/docs': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Chunks under 8 KB merge into a chunk that loads with them: the sign-in page came in 35 files, the Overview in
      // 48, each a request of its own, which on a slow phone's 400 ms round trips cost more than their bytes.
      output: { experimentalMinChunkSize: 8_000 },
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
      },
    },
  },
});
