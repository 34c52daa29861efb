/**
 * Per-user export slots across app servers (issue 16; lib/export-limits.ts SharedExportSlots, table
 * export_slots): a user's running exports are counted on every server together, a slot is given back
 * when its export ends, and the slots of a process that died expire with their lease. On PGlite both
 * apps share one instance; in the PostgreSQL pass each has its own pool, as two processes would.
 */
import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_LIMIT_MESSAGES, EXPORT_LIMITS, type Envelope } from '@fieldforce/contracts';
import { SharedExportSlots } from '../../src/lib/export-limits.js';
import { signIn, withToken } from '../auth/helpers.js';
import { twoApps, type Pair } from './helpers.js';

let p: Pair;
let slotsA: SharedExportSlots;
let slotsB: SharedExportSlots;
beforeAll(async () => {
  p = await twoApps();
  slotsA = new SharedExportSlots({ db: p.db, clock: p.clock, perUser: 2, holder: 'A' });
  slotsB = new SharedExportSlots({ db: p.dbB, clock: p.clock, perUser: 2, holder: 'B' });
}, 180_000);
afterAll(async () => {
  await slotsA?.close();
  await slotsB?.close();
  await p?.close();
});

const SMALL_EXPORT_URL = '/api/reports/order-loss/export?countryCode=vn&from=2026-11-20&to=2026-11-20';

describe('export slots shared by two servers', () => {
  it("counts a user's slots on both servers together, and frees one when it is released", async () => {
    const first = await slotsA.acquire('u1');
    const second = await slotsB.acquire('u1');
    expect([first, second].every((id) => typeof id === 'string')).toBe(true);
    expect(await slotsA.acquire('u1')).toBeNull();
    expect(await slotsB.acquire('u1')).toBeNull();
    // Another user is not held back.
    const other = await slotsB.acquire('u2');
    expect(other).not.toBeNull();

    slotsA.release(first!);
    slotsA.release(first!); // twice: still one slot
    // A's delete may commit a moment after: B sees it once it has.
    let third: string | null = null;
    await vi.waitFor(async () => expect((third = await slotsB.acquire('u1'))).not.toBeNull());
    expect(await slotsA.acquire('u1')).toBeNull();
    for (const id of [second!, third!]) slotsB.release(id);
    slotsB.release(other!);
    await slotsB.close();
  });

  it('never hands out more than the limit when both servers take slots at once', async () => {
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? slotsA : slotsB).acquire('u3')),
    );
    expect(tries.filter((id) => id !== null)).toHaveLength(2);
    await slotsA.close();
    await slotsB.close();
  });

  it('lets the slots of a process that died expire with their lease', async () => {
    // What a killed process leaves behind: its two slots, no longer renewed.
    const now = p.clock.now();
    await p.db.query(
      `INSERT INTO export_slots (id, user_id, holder, started_at, expires_at)
       VALUES ('dead-1', 'u4', 'dead', $1, $2), ('dead-2', 'u4', 'dead', $1, $2)`,
      [now, new Date(now.getTime() + 60_000)],
    );
    expect(await slotsB.acquire('u4')).toBeNull();
    p.clock.advance(61_000);
    const taken = await slotsB.acquire('u4');
    expect(taken).not.toBeNull();
    const { rows } = await p.db.query<{ holder: string }>(
      `SELECT holder FROM export_slots WHERE user_id = 'u4'`,
    );
    expect(rows).toEqual([{ holder: 'B' }]);
    await slotsB.close();
  });

  it('loses a slot whose row another server dropped: the next renewal aborts its signal', async () => {
    // Renewed every 100 ms (a third of the lease).
    const slots = new SharedExportSlots({ db: p.db, clock: p.clock, perUser: 2, holder: 'C', leaseMs: 300 });
    try {
      const id = (await slots.acquire('u5'))!;
      const signal = slots.signal(id)!;
      await new Promise((resolve) => setTimeout(resolve, 350)); // renewed while its row is there
      expect(signal.aborted).toBe(false);
      // What server B does to a slot it finds expired (this process held up past the lease).
      await p.dbB.query('DELETE FROM export_slots WHERE id = $1', [id]);
      await vi.waitFor(() => expect(signal.aborted).toBe(true), { timeout: 5_000 });
      expect(String(signal.reason)).toMatch(/export slot was lost/);
      // Its row gone, the slot counts nowhere: the user may take two again.
      const [a, b] = [await slotsB.acquire('u5'), await slotsB.acquire('u5')];
      expect([a, b].every((taken) => taken !== null)).toBe(true);
    } finally {
      await slots.close();
      await slotsB.close();
    }
  });

  it("answers 429 with the per-user message on server B while the user's exports run on server A", async () => {
    const { idToken } = await signIn(p.b, 'admin.vn@demo.test');
    const { rows } = await p.db.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'admin.vn@demo.test'`,
    );
    const userId = rows[0]!.id;
    // Two exports of the user running on A (their responses still open).
    const replies = [0, 1].map(() => {
      const raw = Object.assign(new EventEmitter(), { destroyed: false });
      const reply = { raw, header: () => reply } as unknown as FastifyReply;
      return reply;
    });
    const running = [];
    for (const reply of replies) running.push(await p.a.exports.slot(userId, reply));
    expect(running).toHaveLength(EXPORT_LIMITS.perUser);

    const refused = await p.b.inject({ method: 'GET', url: SMALL_EXPORT_URL, headers: withToken(idToken) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(EXPORT_LIMITS.retryAfterSeconds));
    expect((refused.json() as Envelope<null>).errors).toMatchObject({
      code: 'RATE_LIMITED',
      shortDescription: EXPORT_LIMIT_MESSAGES.perUser,
    });

    // One of A's downloads ends (its response closes): B serves the user again.
    replies[0]!.raw.emit('close');
    await vi.waitFor(async () => {
      const res = await p.b.inject({ method: 'GET', url: SMALL_EXPORT_URL, headers: withToken(idToken) });
      expect(res.statusCode).toBe(200);
    });
    running[1]!.release();
  }, 60_000);
});
