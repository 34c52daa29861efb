/** Expired sign-in records are purged a week after their expiry; live ones stay. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../src/modules/auth/queries.js';
import { authTestApp, signIn, type AuthTestApp } from './helpers.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await authTestApp();
}, 120_000);
afterAll(() => t?.close());

const count = async (table: string) =>
  (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('purgeExpired', () => {
  it('drops codes and refresh tokens a week past their expiry, and keeps live ones', async () => {
    await signIn(t.app, 'tl.th@demo.test');
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/v1/forgotPassword/code?countryCode=th',
      payload: { username: 'tl.th@demo.test' },
    });
    expect(code.statusCode).toBe(200);
    // The code is made after the answer (issue 9).
    await t.app.auth.service.afterReply.idle();
    const before = { codes: await count('one_time_codes'), tokens: await count('refresh_tokens') };
    expect(before.codes).toBeGreaterThan(0);
    expect(before.tokens).toBeGreaterThan(0);

    // Nothing has been expired for a week yet.
    expect(await purgeExpired(t.database.db, t.clock.now())).toEqual({
      codes: 0,
      challenges: 0,
      refreshTokens: 0,
      signInSources: 0,
    });

    // 10-minute codes and 30-day refresh tokens, 38 days on: both a week past their expiry.
    const later = new Date(t.clock.now().getTime() + 38 * 86_400_000);
    const purged = await purgeExpired(t.database.db, later);
    expect(purged.codes).toBe(before.codes);
    expect(purged.refreshTokens).toBe(before.tokens);
    expect(await count('one_time_codes')).toBe(0);
    expect(await count('refresh_tokens')).toBe(0);

    // A sign-in after that is untouched by the next round.
    await signIn(t.app, 'sm.th@demo.test');
    expect((await purgeExpired(t.database.db, t.clock.now())).refreshTokens).toBe(0);
    expect(await count('refresh_tokens')).toBe(1);
  });

  it('drops the sign-in throttling rows of a source unused for 30 days', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      payload: { email: 'nobody@demo.test', password: 'wrong', deviceId: 'housekeeping' },
      remoteAddress: '10.6.0.1',
    });
    const rows = await count('sign_in_sources');
    expect(rows).toBeGreaterThan(0);
    expect((await purgeExpired(t.database.db, t.clock.now())).signInSources).toBe(0);
    const later = new Date(t.clock.now().getTime() + 31 * 86_400_000);
    expect((await purgeExpired(t.database.db, later)).signInSources).toBe(rows);
  });
});
