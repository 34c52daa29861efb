/** Id tokens: every tampering refused, the token sources, CSRF, hardening headers, keys that survive a restart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { buildApp } from '../../src/app.js';
import { authTestApp, body, signIn, withToken, type AuthTestApp, type SignedIn } from './helpers.js';

let t: AuthTestApp;
let admin: SignedIn;
const PROFILE = '/api/fb/users/profile?countryCode=vn';

beforeAll(async () => {
  t = await authTestApp();
  admin = await signIn(t.app, 'admin.vn@demo.test');
});
afterAll(() => t?.close());

const profile = (headers: Record<string, string>, email = 'admin.vn@demo.test') =>
  t.app.inject({ method: 'POST', url: PROFILE, headers, payload: { email } });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the server's own key, with chosen claims: only the claim checks can refuse it. */
async function ownKeyToken(claims: Record<string, unknown>, setup?: (jwt: SignJWT) => SignJWT) {
  const { kid, privateKey } = t.app.auth.keys.signingKey();
  const good = decodeJwt(admin.idToken);
  const now = Math.floor(t.clock.now().getTime() / 1000);
  let jwt = new SignJWT({ email: good.email, sid: good.sid, lt: 'NON_SSO', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuer(String(claims.iss ?? 'fieldforce'))
    .setAudience((claims.aud as string) ?? 'fieldforce-web')
    .setSubject(String(claims.sub ?? good.sub))
    .setIssuedAt(now)
    .setExpirationTime(now + 900);
  if (setup) jwt = setup(jwt);
  return jwt.sign(privateKey);
}

describe('a valid id token', () => {
  it('is ES256 with a kid, short-lived, and names the user and device session', () => {
    const header = decodeProtectedHeader(admin.idToken);
    expect(header.alg).toBe('ES256');
    expect(header.kid).toBeTruthy();
    const claims = decodeJwt(admin.idToken);
    expect(claims.email).toBe('admin.vn@demo.test');
    expect(claims.sid).toBeTruthy();
    expect(claims.iss).toBe('fieldforce');
    expect(claims.aud).toBe('fieldforce-web');
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('is read from the customerToken header, Authorization, the query and the cookie', async () => {
    expect((await profile(withToken(admin.idToken))).statusCode).toBe(200);
    expect((await profile({ authorization: `Bearer ${admin.idToken}` })).statusCode).toBe(200);
    const query = await t.app.inject({
      method: 'POST',
      url: `${PROFILE}&customerToken=${admin.idToken}`,
      payload: { email: 'admin.vn@demo.test' },
    });
    expect(query.statusCode).toBe(200);
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/fb/accounts/devices',
      cookies: { idToken: admin.idToken },
    });
    expect(viaCookie.statusCode).toBe(200);
  });
});

describe('refused tokens', () => {
  it('no token at all: 401 UNAUTHENTICATED', async () => {
    const res = await profile({});
    expect(res.statusCode).toBe(401);
    expect(body(res).errors?.code).toBe('UNAUTHENTICATED');
  });

  const cases: [string, () => Promise<string>][] = [
    ['garbage', async () => 'not-a-jwt'],
    [
      'alg none',
      async () => {
        const claims = decodeJwt(admin.idToken);
        return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
      },
    ],
    [
      'a different key under the same kid',
      async () => {
        const { privateKey } = await generateKeyPair('ES256');
        const header = decodeProtectedHeader(admin.idToken);
        return new SignJWT(decodeJwt(admin.idToken))
          .setProtectedHeader({ alg: 'ES256', kid: header.kid, typ: 'JWT' })
          .sign(privateKey);
      },
    ],
    [
      'HS256 keyed with the public key (algorithm confusion)',
      async () => {
        const header = decodeProtectedHeader(admin.idToken);
        const { publicKey } = await generateKeyPair('ES256', { extractable: true });
        const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
        return new SignJWT(decodeJwt(admin.idToken))
          .setProtectedHeader({ alg: 'HS256', kid: header.kid, typ: 'JWT' })
          .sign(secret);
      },
    ],
    [
      'edited claims (another user) with the original signature',
      async () => {
        const [header, , signature] = admin.idToken.split('.');
        const claims = { ...decodeJwt(admin.idToken), sub: 'all-u00001', email: 'super@demo.test' };
        return `${header}.${b64(claims)}.${signature}`;
      },
    ],
    ['the wrong audience', () => ownKeyToken({ aud: 'someone-else' })],
    ['the wrong issuer', () => ownKeyToken({ iss: 'https://evil.example' })],
    ['no session id', () => ownKeyToken({ sid: undefined })],
    ['an unknown login type', () => ownKeyToken({ lt: 'ADMIN' })],
    [
      'already expired',
      () => ownKeyToken({}, (jwt) => jwt.setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) - 1)),
    ],
  ];

  it.each(cases)('%s: 401 INVALID_ID_TOKEN', async (_name, make) => {
    const res = await profile(withToken(await make()));
    expect(res.statusCode).toBe(401);
    expect(body(res).errors?.code).toBe('INVALID_ID_TOKEN');
  });

  it('a well-signed token of another user whose session it is not: 401', async () => {
    const res = await profile(withToken(await ownKeyToken({ sub: 'all-u00001', email: 'super@demo.test' })));
    expect(res.statusCode).toBe(401);
    expect(body(res).errors?.code).toBe('SESSION_ENDED');
  });

  it('an expired token: 401 INVALID_ID_TOKEN (the web then refreshes)', async () => {
    const s = await signIn(t.app, 'head.vn@demo.test');
    // Used once while valid (its verification is remembered), then again after it expired.
    expect((await profile(withToken(s.idToken), 'head.vn@demo.test')).statusCode).toBe(200);
    t.clock.advanceMinutes(16);
    try {
      const res = await profile(withToken(s.idToken), 'head.vn@demo.test');
      expect(res.statusCode).toBe(401);
      expect(body(res).errors?.code).toBe('INVALID_ID_TOKEN');
      expect(body(res).statusMessage).toBe('INVALID_ID_TOKEN');
    } finally {
      t.clock.advanceMinutes(-16);
    }
  });
});

describe('cookie authentication and CSRF', () => {
  it('refuses a state change authenticated by the cookie alone without X-Requested-With', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      cookies: { idToken: admin.idToken },
      payload: { email: 'admin.vn@demo.test' },
    });
    expect(res.statusCode).toBe(403);
    expect(body(res).errors?.shortDescription).toContain('X-Requested-With');
  });

  it('accepts it with the header, and GETs without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE,
      cookies: { idToken: admin.idToken },
      headers: { 'x-requested-with': 'fieldforce' },
      payload: { email: 'admin.vn@demo.test' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('treats the GET logout as a state change', async () => {
    const s = await signIn(t.app, 'asm.vn@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/v1/logout',
      cookies: { idToken: s.idToken },
    });
    expect(res.statusCode).toBe(403);
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, path /api; the id token cookie readable', () => {
    const refresh = admin.res.cookies.find((c) => c.name === 'refreshToken')!;
    expect(refresh.httpOnly).toBe(true);
    expect(refresh.sameSite).toBe('Strict');
    expect(refresh.path).toBe('/api');
    const id = admin.res.cookies.find((c) => c.name === 'idToken')!;
    expect(id.httpOnly).toBeFalsy();
    expect(id.sameSite).toBe('Strict');
  });

  it('ignores X-Forwarded-Proto unless TRUST_PROXY is on (no Secure flag on plain http in development)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fb/accounts/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'tl.vn@demo.test', password: 'fieldforce-demo-2026', deviceId: 'secure-test' },
    });
    expect(res.cookies.find((c) => c.name === 'refreshToken')!.secure).toBeFalsy();
  });
});

describe('hardening headers', () => {
  it('refuses an X-User-ID that is not the token’s user', async () => {
    const res = await profile({ ...withToken(admin.idToken), 'x-user-id': 'head.vn@demo.test' });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the matching X-User-ID, X-Device-ID and X-Login-Type', async () => {
    const res = await profile({
      ...withToken(admin.idToken),
      'x-user-id': 'Admin.VN@demo.test',
      'x-device-id': admin.deviceId,
      'x-login-type': 'NON_SSO',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses another device id or login type', async () => {
    expect((await profile({ ...withToken(admin.idToken), 'x-device-id': 'another' })).statusCode).toBe(403);
    expect((await profile({ ...withToken(admin.idToken), 'x-login-type': 'SSO' })).statusCode).toBe(403);
  });
});

describe('signing keys', () => {
  it('persist in the database: a restarted server accepts the tokens it issued before', async () => {
    const second = await buildApp({ db: t.database.db, logger: false, clock: t.clock });
    await second.ready();
    try {
      const res = await second.inject({
        method: 'POST',
        url: PROFILE,
        headers: withToken(admin.idToken),
        payload: { email: 'admin.vn@demo.test' },
      });
      expect(res.statusCode).toBe(200);
      const { rows } = await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth_keys`);
      expect(rows[0]!.n).toBe(2);
    } finally {
      await second.close();
    }
  });
});
