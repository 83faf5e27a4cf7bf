import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

/** The customer pages (DESIGN §5) are their own entry, pay.html, so they carry no dashboard code. */
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

export default defineConfig({
  plugins: [react(), customerPages()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/s/': 'http://localhost:3000',
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
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
      },
    },
  },
});
