/**
 * Part 3, jwt: tampered id tokens against a call the genuine token may make (GET /api/admin/tools as
 * admin.vn), sent both ways the server reads a token (customerToken header, idToken cookie). Every
 * variant must be refused (401/403); `jwt.accepted` counts 2xx answers.
 *
 * Variants: alg none (with and without a signature), HS256 signed with the ES256 public key (its JWK
 * text, its PEM) and with the RSA password-encryption public key the server publishes, the genuine
 * signature over altered claims (sub, email, sid, exp, aud), a truncated / emptied / bit-flipped
 * signature, another token's signature, an unknown kid, ES256 signed by a key of our own under the
 * genuine kid, alg relabelled (ES384, RS256, HS256). And with the genuine private key (read from the
 * database, as if it leaked, to test the checks after the signature): expired, wrong audience, wrong
 * issuer, a session that does not exist, another user's subject with this session, a market claim
 * naming another market.
 */
import { createHmac, createPublicKey } from 'node:crypto';
import { SignJWT, generateKeyPair, importJWK, type JWK } from 'jose';
import { log } from '../lib.js';
import type { PartContext } from './authz.js';
import { call, envelope, signIn } from './http.js';

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const parse = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

export async function jwtPart(ctx: PartContext): Promise<Record<string, number>> {
  const { base, db } = ctx;
  const admin = await signIn(base, 'admin.vn@demo.test', 'vn');
  const other = await signIn(base, 'head.vn@demo.test', 'vn');
  const bdAdmin = await signIn(base, 'admin.bd@demo.test', 'bd');
  const [h, p, s] = admin.idToken.split('.') as [string, string, string];
  const header = parse(h);
  const payload = parse(p);
  const now = Math.floor(Date.now() / 1000);

  const { rows: keys } = await db.query<{
    kid: string;
    private_key: string;
    public_key: string;
    purpose: string;
  }>(`SELECT kid, purpose, private_key, public_key FROM auth_keys WHERE retired_at IS NULL`);
  const idKey =
    keys.find((k) => k.purpose === 'id-token' && k.kid === header['kid']) ??
    keys.find((k) => k.purpose === 'id-token');
  const rsaPublic = (envelope(await call(`${base}/api/sessions/v1/publicKey?countryCode=vn`))?.data ??
    '') as unknown;
  const rsaPem = typeof rsaPublic === 'string' ? rsaPublic : JSON.stringify(rsaPublic);

  const hs = (secret: string | Buffer, hdr: Record<string, unknown>, body: Record<string, unknown>) => {
    const input = `${b64(hdr)}.${b64(body)}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };
  const resign = (hdr: Record<string, unknown>, body: Record<string, unknown>) =>
    `${b64(hdr)}.${b64(body)}.${s}`;

  const variants: [string, string][] = [
    ['alg none, no signature', `${b64({ ...header, alg: 'none' })}.${p}.`],
    ['alg none, genuine signature', `${b64({ ...header, alg: 'none' })}.${p}.${s}`],
    ['alg NONE', `${b64({ ...header, alg: 'NONE' })}.${p}.`],
    ['alg relabelled ES384', resign({ ...header, alg: 'ES384' }, payload)],
    ['alg relabelled RS256', resign({ ...header, alg: 'RS256' }, payload)],
    ['alg relabelled HS256, genuine signature', resign({ ...header, alg: 'HS256' }, payload)],
    ['altered sub (genuine signature)', resign(header, { ...payload, sub: 'someone-else' })],
    ['altered email (genuine signature)', resign(header, { ...payload, email: 'super@demo.test' })],
    ['altered exp (genuine signature)', resign(header, { ...payload, exp: now + 86_400 * 365 })],
    ['altered aud (genuine signature)', resign(header, { ...payload, aud: 'fieldforce-admin' })],
    [
      'another session sid (genuine signature)',
      resign(header, { ...payload, sid: parse(other.idToken.split('.')[1]!)['sid'] }),
    ],
    ['truncated signature', `${h}.${p}.${s.slice(0, s.length - 10)}`],
    ['empty signature', `${h}.${p}.`],
    ['bit-flipped signature', `${h}.${p}.${s.slice(0, 5)}${s[5] === 'A' ? 'B' : 'A'}${s.slice(6)}`],
    ["another token's signature", `${h}.${p}.${other.idToken.split('.')[2]}`],
    ['unknown kid', resign({ ...header, kid: 'hardening-unknown-kid' }, payload)],
    ['two parts only', `${h}.${p}`],
    ['garbage', 'not.a.token'],
    ['HS256 with the RSA public key (PEM)', hs(rsaPem, { ...header, alg: 'HS256' }, payload)],
  ];
  if (idKey) {
    const publicJwk = idKey.public_key;
    const publicPem = createPublicKey({ key: JSON.parse(publicJwk) as JWK & { kty: string }, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    variants.push(
      ['HS256 with the ES256 public key (JWK text)', hs(publicJwk, { ...header, alg: 'HS256' }, payload)],
      ['HS256 with the ES256 public key (PEM)', hs(publicPem, { ...header, alg: 'HS256' }, payload)],
    );
    const genuine = await importJWK(JSON.parse(idKey.private_key) as JWK, 'ES256');
    const sign = (claims: Record<string, unknown>, opts: { exp?: number; aud?: string; iss?: string } = {}) =>
      new SignJWT({ email: payload['email'], sid: payload['sid'], lt: payload['lt'], ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: idKey.kid, typ: 'JWT' })
        .setIssuer(opts.iss ?? String(payload['iss']))
        .setAudience(opts.aud ?? String(payload['aud']))
        .setSubject(String(claims['sub'] ?? payload['sub']))
        .setIssuedAt(now - 7200)
        .setExpirationTime(opts.exp ?? now + 600)
        .sign(genuine);
    const bdPayload = parse(bdAdmin.idToken.split('.')[1]!);
    variants.push(
      ['leaked key: expired', await sign({}, { exp: now - 60 })],
      ['leaked key: wrong audience', await sign({}, { aud: 'another-app' })],
      ['leaked key: wrong issuer', await sign({}, { iss: 'https://evil.example' })],
      ['leaked key: a session that does not exist', await sign({ sid: 'hardening-no-such-session' })],
      ["leaked key: another user's subject with this session", await sign({ sub: bdPayload['sub'] })],
    );
    const { privateKey } = await generateKeyPair('ES256');
    variants.push([
      'ES256 signed by a key of our own under the genuine kid',
      await new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'ES256', kid: idKey.kid, typ: 'JWT' })
        .sign(privateKey),
    ]);
  } else {
    log('jwt: no id-token key in auth_keys; the variants that need it are skipped');
  }

  const target = `${base}/api/admin/tools`;
  const genuineVn = await call(`${target}?countryCode=vn`, { headers: { customertoken: admin.idToken } });
  if (genuineVn.status !== 200)
    throw new Error(`jwt: the genuine token is refused (${genuineVn.status}); cannot judge`);

  // Controls: the genuine token by cookie, and a token of our own making with the genuine key and every
  // claim right, must both be accepted; otherwise the refusals below would prove nothing.
  const controls: [string, string, 'header' | 'cookie'][] = [
    ['genuine token by cookie', admin.idToken, 'cookie'],
  ];
  if (idKey) {
    const genuine = await importJWK(JSON.parse(idKey.private_key) as JWK, 'ES256');
    controls.push([
      'leaked key, every claim right',
      await new SignJWT({ email: payload['email'], sid: payload['sid'], lt: payload['lt'] })
        .setProtectedHeader({ alg: 'ES256', kid: idKey.kid, typ: 'JWT' })
        .setIssuer(String(payload['iss']))
        .setAudience(String(payload['aud']))
        .setSubject(String(payload['sub']))
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(genuine),
      'header',
    ]);
  }
  let controlsFailed = 0;
  for (const [name, token, how] of controls) {
    const a = await call(`${target}?countryCode=vn`, {
      headers: how === 'header' ? { customertoken: token } : { cookie: `idToken=${token}` },
    });
    if (a.status !== 200) {
      controlsFailed += 1;
      log(`jwt: control '${name}' was refused (${a.status}): the variants are not conclusive`);
    }
  }

  let accepted = 0;
  let fiveXx = 0;
  let sent = 0;
  for (const [name, token] of variants) {
    for (const how of ['header', 'cookie'] as const) {
      const a = await call(`${target}?countryCode=vn`, {
        headers: how === 'header' ? { customertoken: token } : { cookie: `idToken=${token}` },
      });
      sent += 1;
      if (a.status >= 200 && a.status < 300) {
        accepted += 1;
        log(`jwt: ACCEPTED ${name} (${how}): ${a.status}`);
      }
      if (a.status >= 500) {
        fiveXx += 1;
        log(`jwt: 5xx ${name} (${how}): ${a.status} ${a.text.slice(0, 160)}`);
      }
    }
  }
  // Another market: the genuine vn token acting on bd (the market is the user's, not the token's).
  const crossMarket = await call(`${target}?countryCode=bd`, { headers: { customertoken: admin.idToken } });
  sent += 1;
  if (crossMarket.status < 300) {
    accepted += 1;
    log(`jwt: ACCEPTED the vn admin's genuine token in bd: ${crossMarket.status}`);
  }
  log(`jwt: ${variants.length} variants × header/cookie + another market: ${accepted} accepted`);
  return {
    'jwt.controlsFailed': controlsFailed,
    'jwt.variants': variants.length + 1,
    'jwt.requests': sent,
    'jwt.accepted': accepted,
    'jwt.fiveXx': fiveXx,
  };
}
