// The benchmark's own server instance: the real app plus one bare route (an indexed point query,
// the floor of what any endpoint can do here) and one that announces new data (so a timed request
// computes its answer instead of reading the cache). Started by bench/ucube.ts as a child process.
import { ok } from '@fieldforce/contracts';
import { loadConfig } from '../apps/server/src/config/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { openSeededDatabase } from './seeded-db.js';

const config = loadConfig();
const db = await openSeededDatabase(config, 20);
const emails = (
  await db.query<{ email: string }>('SELECT email FROM users ORDER BY email LIMIT 500')
).rows.map((r) => r.email);
let next = 0;
const app = await buildApp({
  db,
  config,
  ownsDatabase: true,
  logger: false,
  extraRoutes: (scope) => {
    scope.get('/api/bench/baseline', { schema: { hide: true } }, async () => {
      const email = emails[next++ % emails.length];
      const { rows } = await db.query('SELECT id, email FROM users WHERE email = $1', [email]);
      return ok(rows[0] ?? null);
    });
    // A data load as far as the answer cache is concerned: the next UCube request computes afresh.
    scope.post('/api/bench/new-data', { schema: { hide: true } }, async () =>
      ok(await scope.dataVersion.bump()),
    );
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`running at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
