/**
 * Id tokens: ES256 JWTs signed with the persisted key (`kid` in the header), a short life, and every
 * claim checked on the way in (algorithm allow-list, iss, aud, exp, the claims we need). Refresh
 * tokens and other bearer secrets: random bytes, stored only as SHA-256 hashes.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { LoginType } from '@fieldforce/contracts';
import type { Clock } from '../../lib/clock.js';
import { ID_TOKEN_ALG, type KeyStore } from './keys.js';

export interface IdTokenClaims {
  sub: string;
  email: string;
  sid: string;
  loginType: LoginType;
  iat: number;
  exp: number;
}

export interface TokenSettings {
  issuer: string;
  audience: string;
  idTokenTtlSeconds: number;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The id token has expired.' : 'The id token is not valid.');
  }
}

/** Id tokens whose signature and claims were verified, so a token sent again skips the crypto. */
const VERIFIED_CACHE_SIZE = 5000;

export class TokenService {
  // Token string → its claims. The string is the signature's input and output, so the same string
  // verifies the same way; only the expiry is checked again on each use.
  private readonly verified = new Map<string, IdTokenClaims>();

  constructor(
    private readonly keys: KeyStore,
    private readonly clock: Clock,
    readonly settings: TokenSettings,
  ) {}

  async issueIdToken(input: {
    userId: string;
    email: string;
    sessionId: string;
    loginType: LoginType;
  }): Promise<string> {
    const { kid, privateKey } = this.keys.signingKey();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ email: input.email, sid: input.sessionId, lt: input.loginType })
      .setProtectedHeader({ alg: ID_TOKEN_ALG, kid, typ: 'JWT' })
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setSubject(input.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + this.settings.idTokenTtlSeconds)
      .setJti(randomToken(12))
      .sign(privateKey);
  }

  /**
   * Verifies signature and claims. `ignoreExpiry` is for the few calls that identify a session by an
   * old token the client has just replaced (sessions/v1/refreshToken); the signature still counts.
   */
  async verifyIdToken(token: string, options: { ignoreExpiry?: boolean } = {}): Promise<IdTokenClaims> {
    const known = this.verified.get(token);
    if (known && !options.ignoreExpiry) {
      if (known.exp * 1000 <= this.clock.now().getTime()) throw new TokenError('expired');
      return known;
    }
    const claims = await this.verifyAfresh(token, options);
    if (!options.ignoreExpiry) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        this.verified.delete(this.verified.keys().next().value!);
      }
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifyAfresh(token: string, options: { ignoreExpiry?: boolean }): Promise<IdTokenClaims> {
    let currentDate = this.clock.now();
    if (options.ignoreExpiry) {
      let iat: unknown;
      try {
        iat = decodeJwt(token).iat;
      } catch {
        throw new TokenError('invalid');
      }
      if (typeof iat !== 'number') throw new TokenError('invalid');
      currentDate = new Date(iat * 1000);
    }
    let payload: JWTPayload;
    try {
      const result = await jwtVerify(
        token,
        async (header) => {
          const key = await this.keys.verificationKey(header.kid);
          if (!key) throw new TokenError('invalid');
          return key;
        },
        {
          algorithms: [ID_TOKEN_ALG],
          issuer: this.settings.issuer,
          audience: this.settings.audience,
          requiredClaims: ['sub', 'sid', 'email', 'iat', 'exp'],
          typ: 'JWT',
          currentDate,
        },
      );
      payload = result.payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
    const { sub, sid, email, lt, iat, exp } = payload as JWTPayload & {
      sid?: unknown;
      email?: unknown;
      lt?: unknown;
    };
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string')
      throw new TokenError('invalid');
    if (lt !== 'SSO' && lt !== 'NON_SSO') throw new TokenError('invalid');
    return { sub, sid, email, loginType: lt, iat: iat!, exp: exp! };
  }
}

/** URL-safe random string of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code, uniformly drawn. */
export function randomDigits(length = 6): string {
  return Array.from({ length }, () => String(randomInt(0, 10))).join('');
}

/** An invitation code people can type: 10 characters without look-alikes, shown as XXXXX-XXXXX. */
export function invitationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function normaliseInvitationCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Codes are short, so the hash is bound to the user: equal codes of two users never share a hash. */
export function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}
