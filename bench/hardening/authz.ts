/**
 * Part 1, authz: every route of the OpenAPI document × every demo role × two markets, judged by the one
 * authorization matrix (apps/server/test/access-matrix.ts, the table the test suite checks on PGlite),
 * here against the cluster over real HTTP; then DT scope in / out / mixed on every DT-filtered admin
 * table with a DT-limited admin, and row counts of lists, totals, filter dropdowns and exports against
 * independent SQL counts for the caller's scope.
 */
import type pg from 'pg';
import { ALL_DT_ACCESS } from '@fieldforce/contracts';
import {
  ACCESS_MATRIX,
  MATRIX_KINDS,
  MATRIX_MARKETS,
  type MatrixCaller,
  type MatrixKind,
  type MatrixMarket,
  type MatrixRow,
} from '../../apps/server/test/access-matrix.js';
import { log } from '../lib.js';
import { call, envelope, pool, signIn, type Answer, type Session } from './http.js';

export interface PartContext {
  base: string;
  db: pg.Pool;
  args: string[];
}

const emailOf = (kind: MatrixKind, market: MatrixMarket) =>
  kind === 'super' ? 'super@demo.test' : `${kind}.${market}@demo.test`;

const isAllowed = (row: MatrixRow, kind: MatrixKind, market: MatrixMarket) =>
  row.allowed === 'public' || row.allowed[market].includes(kind);

function requestOf(row: MatrixRow, caller: Session | null, kind: MatrixKind, market: MatrixMarket) {
  const [method, path] = row.route.split(' ') as [string, string];
  const matrixCaller: MatrixCaller = {
    kind: caller ? kind : 'none',
    market,
    email: caller?.email ?? 'nobody@demo.test',
    deviceId: 'hardening',
    idToken: caller?.idToken ?? '',
  };
  const r = row.request?.(matrixCaller, market) ?? {};
  const query = new URLSearchParams({ countryCode: market, ...r.query }).toString();
  // Path parameters the row gives no value for get a value nobody has.
  const url = (r.url ?? path).replace(/\{[^}]+\}/g, 'hardening-unknown');
  return {
    method,
    url: `${url}?${query}`,
    body: r.payload !== undefined ? JSON.stringify(r.payload) : undefined,
  };
}

/** The DT scope the caller is limited to (null: every distributor), from the users table. */
async function scopeOf(db: pg.Pool, email: string): Promise<string[] | null> {
  const { rows } = await db.query<{ codes: string; sup: boolean; role: string }>(
    'SELECT dt_access_codes AS codes, is_super_user AS sup, role FROM users WHERE email = $1',
    [email],
  );
  const u = rows[0];
  if (!u) throw new Error(`no user ${email}`);
  const codes = u.codes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if ((u.sup && u.role === 'Super User') || codes.length === 0 || codes.includes(ALL_DT_ACCESS)) return null;
  return codes;
}

/** A DT-limited admin: a copy of admin.MARKET limited to `codes` (same password), made once. */
async function limitedAdmin(db: pg.Pool, market: string, codes: string[]): Promise<string> {
  const email = `admin-limited.${market}@hardening.test`;
  await db.query(
    `INSERT INTO users
     SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object(
        'id', 'hardening-limited-' || $1, 'email', $2::text, 'name', 'Hardening limited admin',
        'dt_access_codes', $3::text))).*
       FROM users u WHERE u.email = 'admin.' || $1 || '@demo.test'
     ON CONFLICT (email) DO UPDATE SET dt_access_codes = EXCLUDED.dt_access_codes`,
    [market, email, codes.join(',')],
  );
  return email;
}

/** Counts CSV records (quotes may hold line breaks), the header excluded. */
export function csvRecords(text: string): number {
  let records = 0;
  let inQuotes = false;
  let nonEmpty = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === '\n' && !inQuotes) {
      if (nonEmpty) records += 1;
      nonEmpty = false;
      continue;
    }
    if (c !== '\r' && c !== '\uFEFF') nonEmpty = true;
  }
  if (nonEmpty) records += 1;
  return Math.max(0, records - 1);
}

const scopeSql = (scope: string[] | null, column: string, params: unknown[]) => {
  if (scope === null) return 'TRUE';
  params.push(scope);
  return `${column} = ANY($${params.length}::text[])`;
};

/**
 * For the other admin lists' SQL: a condition on the caller's DT codes (`$SCOPE` in it), or TRUE for a
 * caller of every distributor; pushes the codes onto `params`.
 */
const scopedBy = (scope: string[] | null, params: unknown[]) => (condition: string) => {
  if (scope === null) return 'TRUE';
  params.push(scope);
  return condition.replaceAll('$SCOPE', `$${params.length}`);
};

/** The reports' row counts, written from their meaning (spec section 5) over the base tables. */
const REPORT_COUNTS: Record<
  string,
  { sql: string; dt: string; dated: 'day' | 'overlap' | null; master?: true }
> = {
  'product-master': {
    sql: `FROM product_prices pp JOIN products p ON p.item_code = pp.item_code
          JOIN dt_sites s ON s.country_code = pp.country_code WHERE pp.country_code = $1`,
    dt: 's.dt_code',
    dated: null,
    master: true,
  },
  'outlet-master': {
    sql: 'FROM outlets o WHERE o.country_code = $1',
    dt: 'o.dt_code',
    dated: null,
    master: true,
  },
  'salesperson-visit-summary': {
    sql: `FROM visits v JOIN salesmen sm ON sm.id = v.salesman_id JOIN outlets o ON o.id = v.outlet_id
          WHERE v.country_code = $1 AND v.visit_date BETWEEN $2 AND $3`,
    dt: 'v.dt_code',
    dated: 'day',
  },
  'promotion-status': {
    sql: `FROM promotion_outlets po JOIN promotions p ON p.promotion_code = po.promotion_code
          JOIN outlets o ON o.id = po.outlet_id
          WHERE po.country_code = $1 AND p.start_date <= $3 AND p.end_date >= $2`,
    dt: 'po.dt_code',
    dated: 'overlap',
  },
  'demand-capture': {
    sql: `FROM demand_capture dc JOIN salesmen sm ON sm.id = dc.salesman_id JOIN outlets o ON o.id = dc.outlet_id
          JOIN products p ON p.item_code = dc.item_code
          WHERE dc.country_code = $1 AND dc.capture_date BETWEEN $2 AND $3`,
    dt: 'dc.dt_code',
    dated: 'day',
  },
  'order-loss': {
    sql: `FROM order_loss ol JOIN salesmen sm ON sm.id = ol.salesman_id JOIN outlets o ON o.id = ol.outlet_id
          JOIN products p ON p.item_code = ol.item_code
          WHERE ol.country_code = $1 AND ol.loss_date BETWEEN $2 AND $3`,
    dt: 'ol.dt_code',
    dated: 'day',
  },
  'inventory-status': {
    sql: `FROM dt_inventory i JOIN dt_sites s ON s.dt_site_code = i.dt_site_code
          JOIN products p ON p.item_code = i.item_code
          WHERE i.country_code = $1 AND i.snapshot_date BETWEEN $2 AND $3`,
    dt: 'i.dt_code',
    dated: 'day',
  },
};

/** Admin tables with a DT column: their list, filtered list, filter dropdown and export, and the rows. */
const ADMIN_TABLES: { tool: string; base: string; from: string; dt: string; markets?: MatrixMarket[] }[] = [
  { tool: 'outletGeoCompliance', base: '/api/admin/outletGeoCompliance', from: 'outlets o', dt: 'o.dt_code' },
  { tool: 'salesmanDeviceId', base: '/api/admin/salesmanDeviceId', from: 'salesmen s', dt: 's.dt_code' },
  {
    tool: 'deviceGeoCompliance',
    base: '/api/admin/deviceGeoCompliance',
    from: 'salesmen s',
    dt: 's.dt_code',
  },
  // Outlet Status: only where the OfflineApp flag is on (bd).
  { tool: 'outletStatus', base: '/api/admin', from: 'outlets o', dt: 'o.dt_code', markets: ['bd'] },
];

export async function authzPart(ctx: PartContext): Promise<Record<string, number>> {
  const { base, db } = ctx;
  let docAnswer = await call(`${base}/api/docs/json`);
  for (let i = 0; i < 5 && docAnswer.status !== 200; i++) docAnswer = await call(`${base}/api/docs/json`);
  const doc = JSON.parse(docAnswer.text) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
  const rows = ACCESS_MATRIX.filter((r) => !r.hidden && documented.includes(r.route));
  const withoutRow = documented.filter((route) => !ACCESS_MATRIX.some((r) => r.route === route));
  if (withoutRow.length) log(`authz: routes of the document without a matrix row: ${withoutRow.join(', ')}`);

  // Callers: every demo role in both markets (fresh sessions; a route that ends a session gets its own).
  const callers = new Map<string, Session>();
  for (const market of MATRIX_MARKETS) {
    for (const kind of MATRIX_KINDS) {
      callers.set(`${kind}.${market}`, await signIn(base, emailOf(kind, market), market));
    }
  }
  const unauthorized: string[] = [];
  const fiveXx: string[] = [];
  let calls = 0;
  const send = async (row: MatrixRow, caller: Session | null, kind: MatrixKind, market: MatrixMarket) => {
    const r = requestOf(row, caller, kind, market);
    calls += 1;
    const a = await call(`${base}${r.url}`, {
      method: r.method,
      headers: {
        ...(caller ? { customertoken: caller.idToken } : {}),
        ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-requested-with': 'fieldforce',
      },
      body: r.body,
      maxBytes: 64 * 1024,
    });
    // Single sign-on answers 503 in production without OIDC_ISSUER (docs/deployment.md): not a failure.
    const ssoOff = a.status === 503 && row.route.includes('/sso/');
    if (a.status >= 500 && !ssoOff)
      fiveXx.push(`${row.route} ${caller?.email ?? 'no token'} in ${market}: ${a.status}`);
    return a;
  };
  const ok2xx = (a: Answer) => a.status >= 200 && a.status < 300;

  const cells: { row: MatrixRow; kind: MatrixKind | null; home: MatrixMarket; market: MatrixMarket }[] = [];
  for (const row of rows) {
    cells.push({ row, kind: null, home: 'vn', market: 'vn' });
    if (row.allowed === 'public') continue;
    for (const market of MATRIX_MARKETS) {
      for (const kind of MATRIX_KINDS) cells.push({ row, kind, home: market, market });
    }
    if (!row.anyMarket) for (const kind of MATRIX_KINDS) cells.push({ row, kind, home: 'vn', market: 'bd' });
  }
  // Routes that end the caller's session run one at a time with their own sign-ins, after the rest.
  const regular = cells.filter((c) => !c.row.endsSession || c.kind === null);
  const ending = cells.filter((c) => c.row.endsSession && c.kind !== null);
  await pool(regular, 8, async ({ row, kind, home, market }) => {
    const caller = kind ? callers.get(`${kind}.${home}`)! : null;
    const a = await send(row, caller, kind ?? 'none', market);
    const expected =
      kind === null
        ? row.allowed === 'public'
        : home === market
          ? isAllowed(row, kind, market)
          : kind === 'super' && isAllowed(row, kind, market);
    if (ok2xx(a) && !expected)
      unauthorized.push(`${row.route} as ${kind ?? 'no token'}.${home} in ${market}: ${a.status}`);
  });
  for (const { row, kind, home, market } of ending) {
    const caller = await signIn(base, emailOf(kind!, home), home);
    const a = await send(row, caller, kind!, market);
    const expected = home === market ? isAllowed(row, kind!, market) : kind === 'super';
    if (ok2xx(a) && !expected) unauthorized.push(`${row.route} as ${kind}.${home} in ${market}: ${a.status}`);
  }
  // Routes of the document without a row: signed-in callers only see what a 'none' user may (nothing
  // beyond public); reported by name, never counted as fine.
  for (const u of unauthorized.slice(0, 20)) log(`authz: UNAUTHORIZED 2xx ${u}`);
  for (const u of fiveXx.slice(0, 20)) log(`authz: 5xx ${u}`);
  log(`authz: ${calls} matrix calls over ${rows.length} routes, ${unauthorized.length} unauthorized 2xx`);

  // --- DT scope and counts --------------------------------------------------------------------------
  const mismatches: string[] = [];
  let countChecks = 0;
  let outOfScopeRows = 0;
  let scopeCalls = 0;
  const expectCount = (what: string, got: number | undefined, want: number) => {
    countChecks += 1;
    if (got !== want) mismatches.push(`${what}: answer ${got}, SQL ${want}`);
  };
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const from = day(20);
  const to = day(0);
  const reportUsers: MatrixKind[] = ['super', 'admin', 'head', 'asm', 'tl', 'dt', 'reports'];
  const coveredReports = new Set<string>();
  for (const market of MATRIX_MARKETS) {
    for (const kind of reportUsers) {
      const session = callers.get(`${kind}.${market}`)!;
      const scope = await scopeOf(db, session.email);
      for (const [key, spec] of Object.entries(REPORT_COUNTS)) {
        if (spec.master && scope !== null) continue;
        const params: unknown[] = spec.dated ? [market, from, to] : [market];
        const where = scopeSql(scope, spec.dt, params);
        const want = Number(
          (await db.query<{ n: string }>(`SELECT count(*) AS n ${spec.sql} AND ${where}`, params)).rows[0]!.n,
        );
        const q = `countryCode=${market}${spec.dated ? `&from=${from}&to=${to}` : ''}`;
        const page = await call(`${base}/api/reports/${key}?${q}&page=1&pageSize=200`, {
          headers: session.headers,
        });
        const data = envelope(page)?.data as {
          total?: number;
          rows?: Record<string, unknown>[];
          downloadCap?: number;
        };
        expect200(page, `report ${key} as ${session.email}`, mismatches);
        expectCount(`report ${key} total as ${session.email}`, data?.total, want);
        for (const r of data?.rows ?? []) {
          if (scope !== null && outside(r, scope)) outOfScopeRows += 1;
        }
        const totals = await call(`${base}/api/reports/${key}/totals?${q}`, { headers: session.headers });
        expectCount(
          `report ${key} totals as ${session.email}`,
          (envelope(totals)?.data as { total?: number } | undefined)?.total,
          want,
        );
        const exp = await call(`${base}/api/reports/${key}/export?${q}&format=csv`, {
          headers: session.headers,
          maxBytes: 512 * 1024 * 1024,
          timeoutMs: 180_000,
        });
        const cap = data?.downloadCap ?? Infinity;
        expectCount(
          `report ${key} export rows as ${session.email}`,
          exp.status === 200 ? csvRecords(exp.text) : -exp.status,
          Math.min(want, cap),
        );
        coveredReports.add(key);
      }
    }
  }
  log(`authz: reports counted: ${[...coveredReports].join(', ')}`);

  // Salesman tracking's list and its export (today): the market's active salesmen of the caller's DT
  // scope. A caller the tracking policy refuses (the market's SMTracking off, no operational-report
  // access) gets 403, which the matrix above judges; every 200 is counted.
  let trackingCounted = 0;
  for (const market of MATRIX_MARKETS) {
    for (const kind of reportUsers) {
      const session = callers.get(`${kind}.${market}`)!;
      const scope = await scopeOf(db, session.email);
      const list = await call(`${base}/api/tracking/salesmen?countryCode=${market}`, {
        headers: session.headers,
      });
      if (list.status === 403) continue;
      expect200(list, `tracking salesmen as ${session.email}`, mismatches);
      const params: unknown[] = [market];
      const want = Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM salesmen s
              WHERE s.country_code = $1 AND s.active AND ${scopeSql(scope, 's.dt_code', params)}
                AND EXISTS (SELECT 1 FROM distributors d WHERE d.dt_code = s.dt_code)`,
            params,
          )
        ).rows[0]!.n,
      );
      const rows = (envelope(list)?.data as { salesmen?: Record<string, unknown>[] } | undefined)?.salesmen;
      expectCount(`tracking salesmen as ${session.email}`, rows?.length, want);
      for (const r of rows ?? []) {
        if (scope !== null && outside(r, scope)) outOfScopeRows += 1;
      }
      const exp = await call(`${base}/api/tracking/salesmen/export?countryCode=${market}&format=csv`, {
        headers: session.headers,
        maxBytes: 64 * 1024 * 1024,
        timeoutMs: 120_000,
      });
      // DownloadReports off refuses the export (403) for everyone in the market: not a count to check.
      if (exp.status !== 403) {
        expectCount(
          `tracking export rows as ${session.email}`,
          exp.status === 200 ? csvRecords(exp.text) : -exp.status,
          want,
        );
      }
      trackingCounted += 1;
    }
  }
  log(`authz: tracking lists counted for ${trackingCounted} callers`);

  // Admin tables, with the market's admin (every distributor) and a DT-limited admin copy: list, DT filter
  // in / out / mixed, the DT dropdown and the export, each against SQL.
  const coveredTables = new Set<string>();
  for (const market of MATRIX_MARKETS) {
    const { rows: dts } = await db.query<{ dt_code: string }>(
      `SELECT dt_code FROM distributors WHERE country_code = $1 ORDER BY dt_code`,
      [market],
    );
    if (dts.length < 2) continue;
    const inCode = dts[0]!.dt_code;
    const outCode = dts[dts.length - 1]!.dt_code;
    const limitedEmail = await limitedAdmin(db, market, [inCode]);
    const admins = [callers.get(`admin.${market}`)!, await signIn(base, limitedEmail, market)];
    for (const table of ADMIN_TABLES) {
      if (table.markets && !table.markets.includes(market)) continue;
      for (const session of admins) {
        const scope = await scopeOf(db, session.email);
        const count = async (extra: string, extraParams: unknown[]) => {
          const params: unknown[] = [market, ...extraParams];
          const alias = table.from.split(' ')[1]!;
          const where = scopeSql(scope, table.dt, params);
          return Number(
            (
              await db.query<{ n: string }>(
                `SELECT count(*) AS n FROM ${table.from} WHERE ${alias}.country_code = $1 AND ${where} ${extra}`,
                params,
              )
            ).rows[0]!.n,
          );
        };
        const who = `${table.tool} as ${session.email}`;
        const listPath =
          table.tool === 'outletStatus' ? '/api/admin/getSalesmanDetails' : `${table.base}/list`;
        const filterPath =
          table.tool === 'outletStatus' ? '/api/admin/filterResult' : `${table.base}/filterResult`;
        const exportPath =
          table.tool === 'outletStatus' ? '/api/admin/fileExport' : `${table.base}/fileExport`;
        const filtersPath =
          table.tool === 'outletStatus' ? '/api/admin/outletStatus/filters' : `${table.base}/filters`;
        const all = await call(`${base}${listPath}?countryCode=${market}&page=1&pageSize=200`, {
          headers: session.headers,
        });
        if (all.status === 403 && table.tool === 'outletStatus' && scope !== null) {
          // Outlet Status is for admins of every distributor only (its policy): refused, nothing to count.
          log(`authz: ${who}: 403 as its policy says (admins of every distributor only)`);
          continue;
        }
        expect200(all, `${who} list`, mismatches);
        const allData = envelope(all)?.data as
          { total?: number; rows?: Record<string, unknown>[] } | undefined;
        expectCount(`${who} list total`, allData?.total, await count('', []));
        for (const r of allData?.rows ?? []) {
          if (scope !== null && outside(r, scope)) outOfScopeRows += 1;
        }
        for (const [label, codes] of [
          ['in', [inCode]],
          ['out', [outCode]],
          ['mixed', [inCode, outCode]],
        ] as const) {
          scopeCalls += 1;
          const a = await call(
            `${base}${filterPath}?countryCode=${market}&filter_dt_code=${codes.join(',')}&page=1&pageSize=200`,
            { headers: session.headers },
          );
          const d = envelope(a)?.data as { total?: number; rows?: Record<string, unknown>[] } | undefined;
          for (const r of d?.rows ?? []) {
            if (scope !== null && outside(r, scope)) outOfScopeRows += 1;
          }
          if (a.status >= 500) fiveXx.push(`${who} dtCode ${label}: ${a.status}`);
          if (a.status === 200) {
            const params = [codes];
            expectCount(
              `${who} dtCode ${label} total`,
              d?.total,
              await count(`AND ${table.dt} = ANY($2::text[])`, params),
            );
          } else if (a.status !== 400 && a.status !== 403) {
            mismatches.push(`${who} dtCode ${label}: HTTP ${a.status}`);
          }
        }
        const filters = await call(`${base}${filtersPath}?countryCode=${market}`, {
          headers: session.headers,
        });
        const fd = envelope(filters)?.data as { dtCodes?: unknown[]; dtSiteCodes?: unknown[] } | undefined;
        const dtParams: unknown[] = [market];
        const wantDts = Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM distributors WHERE country_code = $1 AND ${scopeSql(scope, 'dt_code', dtParams)}`,
              dtParams,
            )
          ).rows[0]!.n,
        );
        const siteParams: unknown[] = [market];
        const wantSites = Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM dt_sites WHERE country_code = $1 AND ${scopeSql(scope, 'dt_code', siteParams)}`,
              siteParams,
            )
          ).rows[0]!.n,
        );
        expectCount(`${who} DT dropdown`, fd?.dtCodes?.length, wantDts);
        expectCount(`${who} DT site dropdown`, fd?.dtSiteCodes?.length, wantSites);
        const exp = await call(`${base}${exportPath}?countryCode=${market}&format=csv`, {
          headers: session.headers,
          maxBytes: 512 * 1024 * 1024,
          timeoutMs: 180_000,
        });
        expectCount(
          `${who} export rows`,
          exp.status === 200 ? csvRecords(exp.text) : -exp.status,
          await count('', []),
        );
        coveredTables.add(table.tool);
      }
    }
    // The other admin lists, each with its own scope rule, written here from its meaning over the base
    // tables: list total and CSV export rows for the market's admin and the DT-limited one.
    // A task reaching outlets of the limited admin's distributor and of another (the seed's tasks each
    // reach one), made by the market's admin through the form's call: its outlet list must differ between
    // the two admins.
    const { rows: firstOutlets } = await db.query<{ outlet_code: string; dt_code: string }>(
      `SELECT DISTINCT ON (dt_code) outlet_code, dt_code FROM outlets
        WHERE country_code = $1 AND active ORDER BY dt_code, outlet_code`,
      [market],
    );
    const reach = [
      firstOutlets.find((r) => r.dt_code === inCode),
      firstOutlets.find((r) => r.dt_code !== inCode),
    ].filter((r) => r !== undefined);
    const made = await call(`${base}/api/admin/tasks?countryCode=${market}`, {
      method: 'POST',
      headers: {
        ...callers.get(`admin.${market}`)!.headers,
        'content-type': 'application/json',
        'x-requested-with': 'fieldforce',
      },
      body: JSON.stringify({
        title: 'Hardening: two distributors',
        kind: 'survey',
        description: '',
        locationCode: null,
        outletTypes: [],
        outletSubtypes: [],
        customerCodes: reach.map((r) => r.outlet_code),
        itemCodes: [],
        startDate: '2031-01-01',
        endDate: '2031-01-31',
      }),
    });
    expect200(made, `a task over two distributors in ${market}`, mismatches);
    const taskCode = (envelope(made)?.data as { task?: { code: string } } | undefined)?.task?.code;
    const otherLists: {
      tool: string;
      /** The admin menu's key of the tool (GET /api/admin/tools): a market without it refuses (403). */
      menu: string;
      list: string;
      export: string;
      /** SQL of the rows this caller should get ($1 the market; the scope pushed by `scoped`). */
      sql: (scoped: (column: string) => string) => string;
      /** What a DT-limited admin gets: the rows of `sql`, or 403 by the tool's policy. */
      limited: 'rows' | 403;
      /** The list's dropdowns (its `…/filters` call): each answer's field, and the SQL of its values. */
      dropdowns?: {
        path: string;
        fields: [field: string, sql: (scoped: (column: string) => string) => string][];
      };
    }[] = [
      {
        tool: 'userAccess',
        menu: 'userAccess',
        list: '/api/admin/userAccess/list',
        export: '/api/admin/userAccess/fileExport',
        // The DT codes to filter by: the market's distributors and sites within the caller's DT codes.
        dropdowns: {
          path: '/api/admin/userAccess/filters',
          fields: [
            [
              'dtCodes',
              (scoped) =>
                `SELECT count(*) AS n FROM distributors WHERE country_code = $1 AND ${scoped('dt_code = ANY ($SCOPE::text[])')}`,
            ],
            [
              'dtSiteCodes',
              (scoped) =>
                `SELECT count(*) AS n FROM dt_sites WHERE country_code = $1 AND ${scoped('dt_code = ANY ($SCOPE::text[])')}`,
            ],
          ],
        },
        // Users of the market; a DT-limited admin sees a user only when every DT code the user holds is
        // one of theirs (a user of every distributor, or of none, is not theirs to see).
        sql: (scoped) => `SELECT count(*) AS n FROM users u
          WHERE $1 = ANY (SELECT btrim(x) FROM unnest(string_to_array(u.country_codes, ',')) x)
            AND ${scoped(`(EXISTS (SELECT 1 FROM unnest(string_to_array(u.dt_access_codes, ',')) x WHERE btrim(x) <> '')
                 AND NOT EXISTS (SELECT 1 FROM unnest(string_to_array(u.dt_access_codes, ',')) x
                                  WHERE btrim(x) <> '' AND NOT btrim(x) = ANY ($SCOPE::text[])))`)}`,
        limited: 'rows',
      },
      {
        tool: 'taskManagement',
        menu: 'taskManagement',
        list: '/api/admin/tasks/list',
        export: '/api/admin/tasks/fileExport',
        // Tasks of the market; a DT-limited admin sees a task that reaches one of their distributors.
        sql: (scoped) => `SELECT count(*) AS n FROM tasks t WHERE t.country_code = $1
            AND ${scoped('EXISTS (SELECT 1 FROM task_targets tt WHERE tt.task_id = t.id AND tt.dt_code = ANY ($SCOPE::text[]))')}`,
        limited: 'rows',
      },
      ...(taskCode
        ? [
            {
              tool: 'taskOutlets',
              menu: 'taskManagement',
              list: `/api/admin/tasks/outlets?task=${taskCode}`,
              export: `/api/admin/tasks/outlets/fileExport?task=${taskCode}`,
              // One task's targeted outlets; a DT-limited admin only theirs (the task must reach one).
              sql: (scoped: (column: string) => string) => `SELECT count(*) AS n FROM task_targets tt
                  JOIN tasks t ON t.id = tt.task_id
                 WHERE t.country_code = $1 AND t.code = '${taskCode}'
                   AND ${scoped('tt.dt_code = ANY ($SCOPE::text[])')}`,
              limited: 'rows' as const,
            },
          ]
        : []),
      {
        tool: 'merchandizingSets',
        menu: 'merchandizingSets',
        list: '/api/admin/merchandizingSets/list',
        export: '/api/admin/merchandizingSets/fileExport',
        // Its Sub-Region and BU-Asset Type choices: the values the listed sets (each Set ID's newest
        // version) hold.
        dropdowns: {
          path: '/api/admin/merchandizingSets/filters',
          fields: [
            [
              'subRegions',
              () => `SELECT count(DISTINCT sub_region) AS n FROM merch_sets m WHERE m.country_code = $1
                AND m.version = (SELECT max(version) FROM merch_sets x WHERE x.country_code = m.country_code AND x.set_id = m.set_id)`,
            ],
            [
              'buAssetTypes',
              () => `SELECT count(DISTINCT bu_asset_type) AS n FROM merch_sets m WHERE m.country_code = $1
                AND m.version = (SELECT max(version) FROM merch_sets x WHERE x.country_code = m.country_code AND x.set_id = m.set_id)`,
            ],
          ],
        },
        // One row per Set ID of the market (its newest version), the same for every admin of the market.
        sql: () => `SELECT count(DISTINCT set_id) AS n FROM merch_sets WHERE country_code = $1`,
        limited: 'rows',
      },
      {
        tool: 'estimatedBestPrice',
        menu: 'estimatedBestPrice',
        list: '/api/admin/estimatedBestPrice/list',
        export: '/api/admin/estimatedBestPrice/fileExport',
        // Every priced item (a known product) and outlet type of the market; admins of every distributor.
        sql: () => `SELECT count(*) AS n FROM best_prices bp WHERE bp.country_code = $1
            AND EXISTS (SELECT 1 FROM products p WHERE p.item_code = bp.item_code)`,
        limited: 403,
      },
    ];
    const menus = new Map<Session, Set<string>>();
    for (const session of admins) {
      const menu = await call(`${base}/api/admin/tools?countryCode=${market}`, { headers: session.headers });
      expect200(menu, `admin menu as ${session.email}`, mismatches);
      const tools = (envelope(menu)?.data as { tools?: { key: string }[] } | undefined)?.tools ?? [];
      menus.set(session, new Set(tools.map((x) => x.key)));
    }
    for (const listSpec of otherLists) {
      for (const session of admins) {
        const scope = await scopeOf(db, session.email);
        const who = `${listSpec.tool} as ${session.email}`;
        const sep = listSpec.list.includes('?') ? '&' : '?';
        const page = await call(`${base}${listSpec.list}${sep}countryCode=${market}&page=1&pageSize=1`, {
          headers: session.headers,
        });
        if (!menus.get(session)!.has(listSpec.menu) || (scope !== null && listSpec.limited === 403)) {
          scopeCalls += 1;
          if (page.status !== 403) mismatches.push(`${who}: HTTP ${page.status}, not theirs to open (403)`);
          continue;
        }
        expect200(page, `${who} list`, mismatches);
        const params: unknown[] = [market];
        const want = Number(
          (await db.query<{ n: string }>(listSpec.sql(scopedBy(scope, params)), params)).rows[0]!.n,
        );
        const total = (envelope(page)?.data as { total?: number } | undefined)?.total;
        expectCount(`${who} list total`, total, want);
        log(`authz: ${who} in ${market}: ${want} rows`);
        const exportSep = listSpec.export.includes('?') ? '&' : '?';
        const exp = await call(`${base}${listSpec.export}${exportSep}countryCode=${market}&format=csv`, {
          headers: session.headers,
          maxBytes: 512 * 1024 * 1024,
          timeoutMs: 180_000,
        });
        expectCount(`${who} export rows`, exp.status === 200 ? csvRecords(exp.text) : -exp.status, want);
        if (listSpec.dropdowns) {
          const dd = await call(`${base}${listSpec.dropdowns.path}?countryCode=${market}`, {
            headers: session.headers,
          });
          expect200(dd, `${who} dropdowns`, mismatches);
          const data = (envelope(dd)?.data ?? {}) as Record<string, unknown[] | undefined>;
          for (const [field, sql] of listSpec.dropdowns.fields) {
            const ddParams: unknown[] = [market];
            const wantValues = Number(
              (await db.query<{ n: string }>(sql(scopedBy(scope, ddParams)), ddParams)).rows[0]!.n,
            );
            expectCount(`${who} ${field} dropdown`, data[field]?.length, wantValues);
          }
        }
        coveredTables.add(listSpec.tool);
      }
    }
    // A dropdown of values (FilterSpec.choices): Estimated Best Price's outlet types (market-wide rows;
    // a DT-limited admin is refused by its policy, which the matrix above checks; vn and bd both have it).
    {
      const session = callers.get(`admin.${market}`)!;
      const bp = await call(`${base}/api/admin/estimatedBestPrice/filters?countryCode=${market}`, {
        headers: session.headers,
      });
      expect200(bp, `estimatedBestPrice filters as ${session.email}`, mismatches);
      const choices = (envelope(bp)?.data as { choices?: Record<string, unknown[]> } | undefined)?.choices;
      const wantTypes = Number(
        (
          await db.query<{ n: string }>(
            'SELECT count(DISTINCT outlet_type) AS n FROM best_prices WHERE country_code = $1',
            [market],
          )
        ).rows[0]!.n,
      );
      expectCount(
        `estimatedBestPrice outlet type dropdown as ${session.email}`,
        choices?.['filter_outlet_type']?.length,
        wantTypes,
      );
    }
    // The task form's outlet types and subtypes: what the caller's own active outlets hold, for the
    // market's admin and the DT-limited one.
    for (const session of admins) {
      const offered = await call(`${base}/api/admin/tasks/outletTypes?countryCode=${market}`, {
        headers: session.headers,
      });
      expect200(offered, `task outlet types as ${session.email}`, mismatches);
      const list =
        (envelope(offered)?.data as { outletTypes?: { type: string; subtypes: string[] }[] } | undefined)
          ?.outletTypes ?? [];
      const scope = await scopeOf(db, session.email);
      const params: unknown[] = [market];
      const where = scopeSql(scope, 'dt_code', params);
      const want = (
        await db.query<{ types: string; pairs: string }>(
          `SELECT count(DISTINCT outlet_type) AS types,
                  count(DISTINCT (outlet_type, outlet_subtype)) FILTER (WHERE outlet_subtype <> '') AS pairs
             FROM outlets WHERE country_code = $1 AND active AND outlet_type <> '' AND ${where}`,
          params,
        )
      ).rows[0]!;
      expectCount(`task form outlet types as ${session.email}`, list.length, Number(want.types));
      expectCount(
        `task form outlet subtypes as ${session.email}`,
        list.reduce((n, x) => n + x.subtypes.length, 0),
        Number(want.pairs),
      );
    }
  }
  for (const m of mismatches.slice(0, 30)) log(`authz: MISMATCH ${m}`);
  log(
    `authz: ${countChecks} count checks (${mismatches.length} mismatches), ${scopeCalls} DT in/out/mixed calls, ` +
      `admin tables counted: ${[...coveredTables].join(', ')}`,
  );
  return {
    'authz.routes': rows.length,
    'authz.routesWithoutMatrixRow': withoutRow.length,
    'authz.calls': calls,
    'authz.unauthorized2xx': unauthorized.length,
    'authz.fiveXx': fiveXx.length,
    'authz.countChecks': countChecks,
    'authz.countMismatches': mismatches.length,
    'authz.outOfScopeRows': outOfScopeRows,
    'authz.dtScopeCalls': scopeCalls,
    'authz.reportsCounted': coveredReports.size,
    'authz.trackingCallersCounted': trackingCounted,
    'authz.adminTablesCounted': coveredTables.size,
  };
}

/** A row whose DT code (dtCode or dt_code) is outside the scope. */
function outside(r: Record<string, unknown>, scope: string[]): boolean {
  const code = r['dtCode'] ?? r['dt_code'];
  return typeof code === 'string' && code !== '' && !scope.includes(code);
}

function expect200(a: Answer, what: string, mismatches: string[]) {
  if (a.status !== 200) mismatches.push(`${what}: HTTP ${a.status} ${a.text.slice(0, 160)}`);
}
