/**
 * Usage-event batches across app servers (issue 16): a batch is answered only once it is committed in the
 * shared inbox (nothing acknowledged lives only in a process's memory); any server's pass moves every
 * server's inbox rows; a server that shuts down (SIGTERM → app.close()) moves what it took in first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { usageWriterFor } from '../../src/modules/usage/writer.js';
import { signIn } from '../auth/helpers.js';
import { twoApps, type Pair } from './helpers.js';

let p: Pair;
let token: string;
beforeAll(async () => {
  p = await twoApps();
  token = (await signIn(p.a, 'tl.vn@demo.test')).idToken;
}, 180_000);
afterAll(() => p?.close());

const event = (screen: string) => ({
  event: 'homepage',
  at: '2026-11-20T09:00:00.000+07:00',
  screen,
  deviceType: 'mobile',
  browser: 'Chrome 140',
  os: 'Android',
  deviceModel: 'Pixel 8',
  properties: {},
});

const send = (app: FastifyInstance, screen: string) =>
  app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { customertoken: token, 'x-requested-with': 'XMLHttpRequest' },
    payload: { countryCode: 'vn', events: [event(screen)] },
  });

const where = async (screen: string) => {
  const { rows } = await p.db.query<{ inbox: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM usage_event_inbox WHERE events::text LIKE '%' || $1 || '%') AS inbox,
            (SELECT count(*)::int FROM usage_events_all WHERE screen = $1) AS events`,
    [screen],
  );
  return rows[0]!;
};

describe('usage events on two servers', () => {
  it('an answered batch is already in the database, and the other server’s pass moves it', async () => {
    expect((await send(p.a, '/cluster-a')).statusCode).toBe(200);
    // Answered: committed, in the inbox or already moved, never only in A's memory.
    const stored = await where('/cluster-a');
    expect(stored.inbox + stored.events).toBe(1);
    // B moves whatever is in the inbox, A's rows included (A might have died since answering).
    await usageWriterFor(p.dbB, p.b.clock).flush();
    expect(await where('/cluster-a')).toEqual({ inbox: 0, events: 1 });
  });

  it('a server shutting down moves what it took in before it closes', async () => {
    const c = await buildApp({ logger: false, db: p.dbB, clock: p.clock });
    await c.ready();
    expect((await send(c, '/cluster-c')).statusCode).toBe(200);
    await c.close();
    expect(await where('/cluster-c')).toEqual({ inbox: 0, events: 1 });
  });
});
