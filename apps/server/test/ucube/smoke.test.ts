import { it } from 'vitest';
import { authTestApp, signIn, withToken } from '../auth/helpers.js';
it('smoke', async () => {
  const t = await authTestApp();
  for (const [email, cc, url] of [
    ['super@demo.test', 'vn', '/api/ucube/individual-performance-kpis?period=mtd'],
    ['tl.vn@demo.test', 'vn', '/api/ucube/individual-performance-kpis?period=mtd'],
    ['dt.vn@demo.test', 'vn', '/api/ucube/individual-distributor-kpis?period=day'],
    ['head.bd@demo.test', 'bd', '/api/ucube/individual-disciplinary-kpis?period=x'],
  ] as const) {
    const s = await signIn(t.app, email);
    const res = await t.app.inject({ method: 'GET', url: `${url}&countryCode=${cc}`, headers: withToken(s.idToken) });
    console.log(email, res.statusCode, JSON.stringify(res.json(), null, 1).slice(0, 3500));
  }
  await t.close();
}, 120_000);
