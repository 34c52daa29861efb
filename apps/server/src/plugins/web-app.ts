import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fail } from '@fieldforce/contracts';
import { contentSecurityPolicyWithGtm, GTM_ORIGIN } from './security-headers.js';

export interface WebAppOptions {
  /** The built web app; when missing, only the API is served. */
  distDir?: string;
}

/** A source map (`x.js.map`) or a request for one: never served in production (they publish the sources). */
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built web app and answers unknown paths: under /api with a 404 envelope, elsewhere
 * with index.html so the client router can take over (it sends unknown routes to /login).
 *
 * Files are sent as the build compressed them (`name.br`, `name.gz` beside `name`, written by
 * apps/web/vite-plugins.ts) to browsers that accept it, with `Vary: Accept-Encoding`; hashed
 * assets are cached for a year, everything else (index.html above all) is revalidated each time.
 * A missing file under /assets/ is a 404, not index.html (an old page asking for a chunk a new
 * build replaced must fail visibly, and its lazy loader offers a retry).
 */
/**
 * index.html with the tag manager's loader before </head>: both scripts carry `nonce`, the only
 * inline script the policy allows for that answer.
 */
export function withGtm(html: string, gtmId: string, nonce: string): string {
  const loader =
    `<script nonce="${nonce}">window.dataLayer=window.dataLayer||[];` +
    `window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});</script>` +
    `<script nonce="${nonce}" async src="${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}"></script>`;
  return html.replace('</head>', `${loader}</head>`);
}

export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const distDir =
    options.distDir && existsSync(path.join(options.distDir, 'index.html')) ? options.distDir : undefined;
  const production = app.config.NODE_ENV === 'production';
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are found beside their file, not served under their own names; in
      // production no source map gets a route, should a build have written any.
      globIgnore: ['**/*.br', '**/*.gz', ...(production ? ['**/*.map'] : [])],
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

  const gtmId = app.config.GTM_ID;
  const indexHtml = distDir && gtmId ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isFile = url.startsWith('/assets/') || (production && SOURCE_MAP.test(url));
    if (!isApi && !isFile && distDir && (request.method === 'GET' || request.method === 'HEAD')) {
      if (indexHtml && gtmId) {
        const nonce = randomBytes(16).toString('base64');
        return reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', contentSecurityPolicyWithGtm(nonce))
          .type('text/html; charset=utf-8')
          .send(withGtm(indexHtml, gtmId, nonce));
      }
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
