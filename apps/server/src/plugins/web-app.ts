import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fail } from '@fieldforce/contracts';

export interface WebAppOptions {
  /** The built web app; when missing, only the API is served. */
  distDir?: string;
}

/**
 * Serves the built web app and answers unknown paths: under /api with a 404 envelope, elsewhere
 * with index.html so the client router can take over (it sends unknown routes to /login).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const distDir =
    options.distDir && existsSync(path.join(options.distDir, 'index.html')) ? options.distDir : undefined;
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && distDir && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    const description = isApi
      ? `No API route ${request.method} ${url}.`
      : distDir
        ? `Nothing at ${request.method} ${url}.`
        : 'The web app is not built. Run `npm run build` (npm start does it for you).';
    return reply.status(404).send(fail(404, 'ROUTE_NOT_FOUND', description));
  });
});
