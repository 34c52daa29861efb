/** One UCube test client per file: an app on the `test` seed, tokens per email, calls and SQL. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { authTestApp, body, signIn, withToken, type AuthTestApp } from '../auth/helpers.js';

export interface UcubeTestClient {
  /** The app and its database (set once beforeAll has run). */
  readonly t: AuthTestApp;
  /** GET `url` as `email` (no token when null); countryCode vn unless the query names another. */
  call(email: string | null, url: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The response data of a 200 answer (fails the test on any other status). */
  data<T>(res: LightMyRequestResponse): T;
  sql<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Registers beforeAll/afterAll for the file and returns its client. */
export function ucubeTestClient(): UcubeTestClient {
  let t: AuthTestApp | undefined;
  const tokens = new Map<string, string>();
  const app = () => {
    if (!t) throw new Error('the UCube test app is not ready (beforeAll has not run)');
    return t;
  };
  beforeAll(async () => {
    t = await authTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const token = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, (await signIn(app().app, email)).idToken);
    return tokens.get(email)!;
  };
  return {
    get t() {
      return app();
    },
    async call(email, url, query = {}) {
      const qs = new URLSearchParams({ countryCode: 'vn', ...query }).toString();
      return app().app.inject({
        method: 'GET',
        url: `${url}?${qs}`,
        headers: email ? withToken(await token(email)) : {},
      });
    },
    data<T>(res: LightMyRequestResponse): T {
      expect(res.statusCode, res.body).toBe(200);
      return body<T>(res)['response-data'];
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await app().database.db.query<T>(text, params)).rows;
    },
  };
}
