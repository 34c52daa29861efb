import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';
import zlib from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves too little to be worth it. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Routes whose answers carry secrets (tokens, one-time codes, TOTP secrets) beside text a caller
 * may choose; compressing those over TLS would open them to BREACH-style length guessing. They are
 * small anyway.
 */
const SECRET_BEARING = ['/api/fb/accounts/', '/api/sessions/'];

/** JSON, CSV and other text; never event streams, and not binary files (XLSX is a zip already). */
const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|xml)|application\/javascript)(?:;|$)/i;

function routeCompression(route: RouteOptions): false | undefined {
  if (route.compress !== undefined) return undefined; // the route decided for itself
  // Outside /api only the web app's files are served: the build compressed them (web-app.ts).
  if (!route.url.startsWith('/api/')) return false;
  if (SECRET_BEARING.some((prefix) => route.url.startsWith(prefix))) return false;
  return undefined;
}

/**
 * On-the-fly compression (brotli, else gzip) of API answers from 1 kB up: report pages, UCube
 * answers, the OpenAPI document, and the streamed CSV exports. Streams are flushed at every chunk
 * the route writes, so a download starts at once and its progress moves as rows are written.
 * Request bodies are never inflated (no compressed uploads, no zip bombs through Content-Encoding).
 * Must be registered before the routes: it attaches itself to each route as it is added.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const decision = routeCompression(route);
    if (decision === false) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    brotliOptions: {
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        // Quality 4: most of the saving at a small part of the cost of 11 (the build uses 11).
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH, level: 6 },
  });
});
