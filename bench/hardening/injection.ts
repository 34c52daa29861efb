/**
 * Part 4, injection: classic payloads in every query parameter of the report, UCube, tracking, usage
 * and admin GET calls of the OpenAPI document, each call made by a caller the access matrix allows (so
 * the payload reaches the handler), the other parameters as the matrix's valid request has them.
 *
 * Suspicious (`injection.suspicious`): a 5xx; a database error's text in the answer; a sleep payload
 * answered after more than 5 s; or a filter value that widens the result (a total above the same call
 * without that parameter: a boolean-based injection).
 */
import {
  ACCESS_MATRIX,
  MATRIX_KINDS,
  type MatrixKind,
  type MatrixMarket,
  type MatrixRow,
} from '../../apps/server/test/access-matrix.js';
import { log } from '../lib.js';
import type { PartContext } from './authz.js';
import { call, envelope, pool, signIn, type Session } from './http.js';

const SLEEP_SECONDS = 6;
export const PAYLOADS: { text: string; sleep?: true }[] = [
  { text: "' OR '1'='1" },
  { text: "' OR 1=1--" },
  { text: '1 OR 1=1' },
  { text: "1' OR '1'='1' --" },
  { text: "') OR ('1'='1" },
  { text: '1)) OR 1=1--' },
  { text: "'; DROP TABLE users; --" },
  { text: "' UNION SELECT NULL, version(), current_user --" },
  { text: "' UNION ALL SELECT email, password_hash FROM users --" },
  { text: `'; SELECT pg_sleep(${SLEEP_SECONDS}); --`, sleep: true },
  { text: `' || (SELECT pg_sleep(${SLEEP_SECONDS})) || '`, sleep: true },
  { text: `1 AND (SELECT 1 FROM pg_sleep(${SLEEP_SECONDS})) IS NOT NULL`, sleep: true },
  { text: `1; SELECT CASE WHEN (1=1) THEN pg_sleep(${SLEEP_SECONDS}) ELSE pg_sleep(0) END--`, sleep: true },
  { text: '$$ OR $$1$$=$$1' },
  { text: "\\' OR 1=1 --" },
  { text: "E'\\x27 OR 1=1" },
  { text: "admin'--" },
  { text: '%' },
  { text: '_' },
  { text: '*' },
  { text: '-id;DROP TABLE users' },
  { text: 'name desc; DELETE FROM users' },
  { text: '1e309' },
  { text: '-1' },
  { text: '99999999999999999999999999' },
  { text: 'NaN' },
  { text: '2026-13-45' },
  { text: "2026-11-01' OR '1'='1" },
  { text: '{"$gt": ""}' },
  { text: '[object Object]' },
  { text: '../../../../etc/passwd' },
  { text: '<script>alert(1)</script>' },
  { text: '\u0000' },
  { text: 'a\u0000b' },
  { text: '\uFEFF1' },
  { text: '１２３' },
  { text: 'x'.repeat(10_000) },
  { text: ','.repeat(500) },
  { text: 'a,'.repeat(200) },
];

const SQL_ERROR =
  /syntax error at or near|unterminated quoted|SQLSTATE|invalid input syntax for|relation "[^"]+" does not exist|column "[^"]+" does not exist|PostgresError|DatabaseError|error: .*at character|pg_catalog|current_user\s*\|/i;

const FAMILIES = ['/api/reports', '/api/ucube', '/api/tracking', '/api/admin', '/api/usage'];

export async function injectionPart(ctx: PartContext): Promise<Record<string, number>> {
  const { base } = ctx;
  let docAnswer = await call(`${base}/api/docs/json`);
  for (let i = 0; i < 5 && docAnswer.status !== 200; i++) docAnswer = await call(`${base}/api/docs/json`);
  const doc = JSON.parse(docAnswer.text) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  const sessions = new Map<string, Session>();
  const sessionOf = async (kind: MatrixKind, market: MatrixMarket) => {
    const key = `${kind}.${market}`;
    if (!sessions.has(key))
      sessions.set(
        key,
        await signIn(base, kind === 'super' ? 'super@demo.test' : `${kind}.${market}@demo.test`, market),
      );
    return sessions.get(key)!;
  };

  interface Target {
    route: string;
    path: string;
    params: string[];
    row: MatrixRow;
    kind: MatrixKind;
    market: MatrixMarket;
  }
  const targets: Target[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const op = ops['get'];
    if (!op || !FAMILIES.some((f) => path.startsWith(f))) continue;
    const route = `GET ${path}`;
    const row = ACCESS_MATRIX.find((r) => r.route === route);
    if (!row || row.allowed === 'public') continue;
    const allowed = row.allowed;
    const pick = (['vn', 'bd'] as const)
      .flatMap((market) =>
        MATRIX_KINDS.filter((k) => allowed[market].includes(k)).map((kind) => ({ kind, market })),
      )
      // The narrowest caller first: a DT-limited one where the route allows it.
      .sort(
        (a, b) =>
          ['dt', 'reports', 'tl', 'admin', 'super'].indexOf(b.kind) -
          ['dt', 'reports', 'tl', 'admin', 'super'].indexOf(a.kind),
      )[0];
    if (!pick) continue;
    const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    targets.push({ route, path, params, row, ...pick });
  }

  const suspicious: string[] = [];
  let requests = 0;
  let slowest = 0;
  const statuses = new Map<number, number>();
  const jobs: {
    t: Target;
    param: string;
    payload: (typeof PAYLOADS)[number];
    baseline: number | undefined;
    session: Session;
  }[] = [];
  for (const t of targets) {
    const session = await sessionOf(t.kind, t.market);
    const req =
      t.row.request?.(
        {
          kind: t.kind,
          market: t.market,
          email: session.email,
          deviceId: 'hardening',
          idToken: session.idToken,
        },
        t.market,
      ) ?? {};
    const baseQuery: Record<string, string> = { countryCode: t.market, ...req.query };
    const url = (req.url ?? t.path).replace(/\{[^}]+\}/g, 'hardening-unknown');
    const before = await call(`${base}${url}?${new URLSearchParams(baseQuery)}`, {
      headers: session.headers,
    });
    const total = (envelope(before)?.data as { total?: number } | null)?.total;
    for (const param of t.params) {
      for (const payload of PAYLOADS) {
        jobs.push({
          t: { ...t, path: url },
          param,
          payload,
          baseline: typeof total === 'number' ? total : undefined,
          session,
        });
        void baseQuery;
      }
    }
    (t as Target & { baseQuery?: Record<string, string> }).baseQuery = baseQuery;
  }
  log(`injection: ${targets.length} GET calls, ${jobs.length} requests to send`);
  await pool(jobs, 4, async ({ t, param, payload, baseline, session }) => {
    const query = {
      ...(t as Target & { baseQuery: Record<string, string> }).baseQuery,
      [param]: payload.text,
    };
    const a = await call(`${base}${t.path}?${new URLSearchParams(query)}`, {
      headers: session.headers,
      timeoutMs: 30_000,
      maxBytes: 256 * 1024,
    });
    requests += 1;
    statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    slowest = Math.max(slowest, a.ms);
    const what = `${t.route} ${param}=${JSON.stringify(payload.text.slice(0, 40))}`;
    if (a.status >= 500 || a.status === 0)
      suspicious.push(`${what}: HTTP ${a.status} ${a.error ?? a.text.slice(0, 200)}`);
    else if (SQL_ERROR.test(a.text)) suspicious.push(`${what}: database error text: ${a.text.slice(0, 200)}`);
    else if (payload.sleep && a.ms > 5000) suspicious.push(`${what}: ${Math.round(a.ms)} ms`);
    else if (a.status === 200 && baseline !== undefined && param !== 'page' && param !== 'pageSize') {
      const total = (envelope(a)?.data as { total?: number } | null)?.total;
      if (typeof total === 'number' && total > baseline)
        suspicious.push(`${what}: total ${total} > ${baseline} without it`);
    }
  });
  for (const s of suspicious.slice(0, 30)) log(`injection: SUSPICIOUS ${s}`);
  log(
    `injection: ${requests} requests over ${targets.length} calls, slowest ${Math.round(slowest)} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  return {
    'injection.calls': targets.length,
    'injection.parameters': targets.reduce((n, t) => n + t.params.length, 0),
    'injection.payloads': PAYLOADS.length,
    'injection.requests': requests,
    'injection.suspicious': suspicious.length,
    'injection.answered200': statuses.get(200) ?? 0,
    'injection.refused4xx': [...statuses].filter(([k]) => k >= 400 && k < 500).reduce((n, [, v]) => n + v, 0),
    'injection.slowestMs': Math.round(slowest),
  };
}
