import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** JSON of any kind (`application/json`, `application/problem+json`), with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * Compresses answers of 1 KB and more on the fly, brotli or gzip by Accept-Encoding: JSON, and what mime-db calls
 * compressible (the reference's scripts and styles, a stored text file). Zip-based files (the xlsx exports), images,
 * archives and `application/octet-stream` go as they are: they are compressed already. The web app's own files are
 * compressed once at build time instead (spa.ts), and an answer that has a Content-Encoding is never touched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: 1024,
    // NOTE: the plugin's default list puts zstd first on Node >= 22.15, which older clients and proxies refuse.
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
    // Request bodies stay as clients send them today: no new way for a small body to expand on the server.
    globalDecompression: false,
  });
});
