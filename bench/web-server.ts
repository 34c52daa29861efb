// The web benchmark's own server instance: the real app serving the built web app (apps/web/dist,
// or WEB_DIST), plus one bare page, /bench/blank, an empty HTML document answered by the same
// server (the floor of any page load here). Only this bench process has it; the production server
// does not. Started by bench/web.ts as a child process.
import { fileURLToPath } from 'node:url';
import { loadConfig, resolveWebDist } from '../apps/server/src/config/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { openSeededDatabase } from './seeded-db.js';

const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body></body></html>';

const config = loadConfig();
const db = await openSeededDatabase(config);
const app = await buildApp({
  db,
  config,
  ownsDatabase: true,
  logger: false,
  webDist: resolveWebDist(config, fileURLToPath(new URL('../', import.meta.url))),
  extraRoutes: (scope) => {
    scope.get('/bench/blank', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(BLANK_PAGE),
    );
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`running at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
