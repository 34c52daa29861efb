import { verify } from '@node-rs/argon2';
import {
  ALL_DT_ACCESS,
  chainFor,
  COUNTRY_CODES,
  DEMO_LEVEL_INDEX,
  DEMO_PASSWORD,
  MARKET_VARIANT,
  sortBsa,
  type CountryCode,
} from '@fieldforce/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/helpers/database.js';
import type { Database } from './client.js';
import { DEMO_SIGN_INS } from './seed/demo-users.js';
import { hasData, isSeeded, resetDatabase, seedDatabase, SeedError } from './seed/index.js';
import { MARKETS, outletNamePatterns } from './seed/markets.js';
import { buildMarketOrg, OUTLET_KINDS } from './seed/organisation.js';
import { SCALES } from './seed/scales.js';
import { refreshSummaries } from './seed/summaries.js';

const TODAY = new Date('2026-11-20T09:30:00Z');
const SEED = 7;

/** Whole-row checksums: any difference in any column of any row changes them. */
const CHECKSUMMED: Record<string, string> = {
  users: 'id',
  user_bsa: 'user_id, position',
  hierarchy_members: 'id',
  salesmen: 'id',
  distributors: 'dt_code',
  outlets: 'id',
  product_prices: 'country_code, item_code',
  visits: 'id',
  orders: 'id',
  invoice_lines: 'id',
  gps_points: 'id',
  monthly_targets: 'id',
  dt_inventory: 'id',
  promotion_outlets: 'promotion_code, outlet_id',
  order_loss: 'id',
  salesman_daily_kpis: 'salesman_id, kpi_date',
};

async function checksums(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, order] of Object.entries(CHECKSUMMED)) {
    const { rows } = await db.query<{ sum: string }>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${order}), '')) AS sum FROM ${table} t`,
    );
    out[table] = rows[0]!.sum;
  }
  return out;
}

async function count(db: Database, sql: string, params?: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
  return rows[0]!.n;
}

let main: TestDatabase;
let db: Database;
let firstCounts: Record<string, number>;
let firstSums: Record<string, string>;

beforeAll(async () => {
  main = await freshDatabase();
  db = main.db;
  expect(await isSeeded(db)).toBe(false);
  ({ counts: firstCounts } = await seedDatabase(db, { scale: 'test', seed: SEED, today: TODAY }));
  firstSums = await checksums(db);
});

afterAll(async () => {
  await main.cleanup();
});

describe('seedDatabase (test scale)', () => {
  it('marks the database as seeded and refuses to seed it twice', async () => {
    expect(await isSeeded(db)).toBe(true);
    expect(await hasData(db)).toBe(true);
    await expect(seedDatabase(db, { scale: 'test', seed: SEED, today: TODAY })).rejects.toBeInstanceOf(
      SeedError,
    );
    const { rows } = await db.query<{ key: string; value: string }>(`SELECT key, value FROM app_meta`);
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(meta).toMatchObject({ seed_scale: 'test', seed_seed: String(SEED) });
    expect(meta.seed_deferred_ddl).toBeUndefined();
  });

  it('fills every domain table', () => {
    for (const [table, n] of Object.entries(firstCounts)) expect(n, table).toBeGreaterThan(0);
  });

  it('gives the same rows for the same seed and different rows for another seed', async () => {
    const twin = await freshDatabase();
    try {
      const { counts } = await seedDatabase(twin.db, { scale: 'test', seed: SEED, today: TODAY });
      expect(counts).toEqual(firstCounts);
      expect(await checksums(twin.db)).toEqual(firstSums);
    } finally {
      await twin.cleanup();
    }
    const other = await freshDatabase();
    try {
      await seedDatabase(other.db, { scale: 'test', seed: SEED + 1, today: TODAY });
      const sums = await checksums(other.db);
      for (const table of ['users', 'outlets', 'visits', 'invoice_lines', 'gps_points']) {
        expect(sums[table], table).not.toEqual(firstSums[table]);
      }
      // resetDatabase empties it (keeping the markets); seeding again starts ids from 1.
      await resetDatabase(other.db);
      expect(await hasData(other.db)).toBe(false);
      expect(await isSeeded(other.db)).toBe(false);
      expect(await count(other.db, `SELECT 1 FROM countries`)).toBe(7);
      const { counts } = await seedDatabase(other.db, { scale: 'test', seed: SEED, today: TODAY });
      expect(counts).toEqual(firstCounts);
      expect(await checksums(other.db)).toEqual(firstSums);
    } finally {
      await other.cleanup();
    }
    // Three seeds: on a shared, busy machine this takes longer than the default 30 s.
  }, 120_000);

  it('refuses the large scale on PGlite', async () => {
    if (db.kind !== 'pglite') return;
    await expect(seedDatabase(db, { scale: 'large', seed: 1 })).rejects.toThrow(/PostgreSQL/);
  });

  it('keeps activity inside the window ending today', async () => {
    const { rows } = await db.query<{ first: string; last: string; latest: Date }>(
      `SELECT min(visit_date)::text AS first, max(visit_date)::text AS last, max(check_out_at) AS latest FROM visits`,
    );
    expect(rows[0]!.first >= '2026-11-07').toBe(true);
    expect(rows[0]!.last <= '2026-11-20').toBe(true);
    expect(rows[0]!.latest.getTime()).toBeLessThanOrEqual(TODAY.getTime());
    // Weekly day off: no visits on Sunday, except Bangladesh which rests on Friday.
    expect(
      await count(
        db,
        `SELECT 1 FROM visits WHERE (country_code <> 'bd' AND extract(isodow FROM visit_date) = 7)
           OR (country_code = 'bd' AND extract(isodow FROM visit_date) = 5)`,
      ),
    ).toBe(0);
  });
});

describe('demo sign-ins', () => {
  interface UserRow {
    id: string;
    email: string;
    role: string;
    user_type: string;
    access_to_ucube: boolean;
    access_to_operational_dashboards: boolean;
    is_super_user: boolean;
    dt_access_codes: string;
    country_codes: string;
    home_country_code: string;
    status: string;
    password_hash: string;
    bsa: string[];
    member_id: number | null;
    level_index: number | null;
    manager_email: string | null;
  }
  let users: Map<string, UserRow>;

  beforeAll(async () => {
    const { rows } = await db.query<UserRow>(
      `SELECT u.*, m.id AS member_id, m.level_index, mu.email AS manager_email,
              (SELECT array_agg(b.bsa ORDER BY b.position) FROM user_bsa b WHERE b.user_id = u.id) AS bsa
       FROM users u
       LEFT JOIN hierarchy_members m ON m.user_id = u.id
       LEFT JOIN hierarchy_members mm ON mm.id = m.manager_id
       LEFT JOIN users mu ON mu.id = mm.user_id`,
    );
    users = new Map(rows.map((r) => [r.email, r]));
  });

  const yes = (flag: boolean) => (flag ? 'YES' : 'NO');

  it.each(DEMO_SIGN_INS.map((s) => [s.email, s] as const))(
    '%s exists with its role and access',
    (email, s) => {
      const u = users.get(email);
      expect(u, email).toBeDefined();
      expect(u!.role).toBe(s.role);
      expect(u!.user_type).toBe(s.userType);
      expect(yes(u!.access_to_ucube)).toBe(s.accessToUcube);
      expect(yes(u!.access_to_operational_dashboards)).toBe(s.accessToOperationalDashboards);
      expect(yes(u!.is_super_user)).toBe(s.isSuperUser);
      expect(u!.status).toBe('active');
      expect(u!.country_codes).toBe(s.market === 'all' ? 'id,idic,vn,ph,th,pk,bd' : s.market);
      expect(u!.bsa.length).toBeGreaterThan(0);
      if (s.market === 'idic') expect(u!.bsa).toContain('Ice Cream');
      if (s.kind === 'super' || s.kind === 'admin') expect(u!.dt_access_codes).toBe(ALL_DT_ACCESS);
      if (s.kind === 'none') expect(u!.dt_access_codes).toBe('');
    },
  );

  it('share one argon2id hash of the demo password', async () => {
    const hashes = new Set([...users.values()].map((u) => u.password_hash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verify(hash!, DEMO_PASSWORD)).toBe(true);
    expect(await verify(hash!, 'wrong-password')).toBe(false);
  });

  it.each(COUNTRY_CODES.map((cc) => [cc] as const))(
    '%s: head, asm, tl and sm are a real line of the hierarchy with activity',
    async (cc: CountryCode) => {
      const idx = DEMO_LEVEL_INDEX[MARKET_VARIANT[cc]];
      const u = (kind: string) => users.get(`${kind}.${cc}@demo.test`)!;
      expect(u('head').level_index).toBe(idx.head);
      expect(u('head').manager_email).toBeNull();
      expect(u('asm').level_index).toBe(idx.asm);
      expect(u('asm').manager_email).toBe(`head.${cc}@demo.test`);
      expect(u('tl').level_index).toBe(idx.tl);
      expect(u('sm').level_index).toBe(idx.sm);
      expect(u('sm').manager_email).toBe(`tl.${cc}@demo.test`);
      // tl sits somewhere under asm.
      const { rows: path } = await db.query<{ email: string }>(
        `WITH RECURSIVE up AS (
           SELECT manager_id FROM hierarchy_members WHERE id = $1
           UNION ALL SELECT m.manager_id FROM hierarchy_members m JOIN up ON m.id = up.manager_id
         )
         SELECT us.email FROM up JOIN hierarchy_members h ON h.id = up.manager_id JOIN users us ON us.id = h.user_id`,
        [u('tl').member_id],
      );
      expect(path.map((p) => p.email)).toContain(`asm.${cc}@demo.test`);
      for (const kind of ['head', 'asm', 'tl']) {
        expect(u(kind).dt_access_codes.split(',')).toContain(u('dt').dt_access_codes);
      }
      // The salesman has real visits and orders; dt and reports see its distributor.
      const { rows } = await db.query<{ dt_code: string; visits: number; orders: number }>(
        `SELECT s.dt_code,
                (SELECT count(*)::int FROM visits v WHERE v.salesman_id = s.id AND v.actual) AS visits,
                (SELECT count(*)::int FROM orders o WHERE o.salesman_id = s.id) AS orders
         FROM salesmen s JOIN users us ON us.id = s.user_id WHERE us.email = $1`,
        [`sm.${cc}@demo.test`],
      );
      expect(rows[0]!.visits).toBeGreaterThan(0);
      expect(rows[0]!.orders).toBeGreaterThan(0);
      expect(u('dt').dt_access_codes).toBe(rows[0]!.dt_code);
      const reportsDts = u('reports').dt_access_codes.split(',');
      expect(reportsDts).toHaveLength(2);
      expect(reportsDts).toContain(rows[0]!.dt_code);
    },
  );

  it.each(COUNTRY_CODES.map((cc) => [cc] as const))(
    "%s: sm joins tl's team as one more salesperson, beside a full generated team",
    async (cc: CountryCode) => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM hierarchy_members m JOIN users u ON u.id = m.user_id
         WHERE m.manager_id = $1 AND u.email NOT LIKE '%@demo.test'`,
        [users.get(`tl.${cc}@demo.test`)!.member_id],
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(SCALES.test[cc].teamSize[0]);
    },
  );

  it("gives the first team of every area, tl.CC's among them, the market's main BSA", async () => {
    const { rows } = await db.query<{ cc: CountryCode; area: number; first_bsa: string; tl_email: string }>(
      `WITH RECURSIVE c AS (SELECT code, hierarchy_variant FROM countries),
       up AS (
         SELECT s.id AS salesman_id, s.bsa, s.team_leader_member_id AS tl, m.id AS member_id, m.manager_id,
                m.level_index, s.country_code
         FROM salesmen s JOIN hierarchy_members m ON m.id = s.team_leader_member_id
         UNION ALL
         SELECT up.salesman_id, up.bsa, up.tl, h.id, h.manager_id, h.level_index, up.country_code
         FROM up JOIN hierarchy_members h ON h.id = up.manager_id
       )
       SELECT DISTINCT ON (up.member_id) up.country_code AS cc, up.member_id AS area, up.bsa AS first_bsa,
              u.email AS tl_email
       FROM up JOIN c ON c.code = up.country_code
       JOIN hierarchy_members t ON t.id = up.tl JOIN users u ON u.id = t.user_id
       WHERE up.level_index = CASE c.hierarchy_variant WHEN 'regional' THEN $1::int ELSE $2::int END
       ORDER BY up.member_id, up.tl`,
      [DEMO_LEVEL_INDEX.regional.asm, DEMO_LEVEL_INDEX.branch.asm],
    );
    expect(new Set(rows.map((r) => r.cc)).size).toBe(COUNTRY_CODES.length);
    for (const r of rows) expect(r.first_bsa, `${r.cc} area ${r.area}`).toBe(MARKETS[r.cc].bsaMix[0]![0]);
    for (const cc of COUNTRY_CODES) expect(rows.map((r) => r.tl_email)).toContain(`tl.${cc}@demo.test`);
  });

  it('mfa.vn is a second area sales manager under head.vn', () => {
    const mfa = users.get('mfa.vn@demo.test')!;
    expect(mfa.level_index).toBe(DEMO_LEVEL_INDEX.branch.asm);
    expect(mfa.manager_email).toBe('head.vn@demo.test');
  });

  it('store every BSA list in the market order', () => {
    for (const u of users.values()) {
      expect(u.bsa, u.email).toEqual(sortBsa(u.bsa, u.home_country_code));
    }
  });
});

describe('hierarchy', () => {
  it('follows each market chain: every manager is exactly one level up, in the same market', async () => {
    const { rows } = await db.query<{
      country_code: CountryCode;
      title: string;
      level_index: number;
      role: string;
      manager_level: number | null;
      manager_country: string | null;
      manager_id: number | null;
    }>(
      `SELECT m.country_code, m.title, m.level_index, u.role, m.manager_id, mm.level_index AS manager_level,
              mm.country_code AS manager_country
       FROM hierarchy_members m JOIN users u ON u.id = m.user_id
       LEFT JOIN hierarchy_members mm ON mm.id = m.manager_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const chain = chainFor(r.country_code);
      expect(r.title).toBe(chain[r.level_index]!.role);
      expect(r.role).toBe(r.title);
      if (r.level_index === 0) expect(r.manager_id).toBeNull();
      else {
        expect(r.manager_level).toBe(r.level_index - 1);
        expect(r.manager_country).toBe(r.country_code);
      }
    }
    for (const cc of COUNTRY_CODES) {
      const levels = new Set(rows.filter((r) => r.country_code === cc).map((r) => r.level_index));
      expect(levels.size, cc).toBe(chainFor(cc).length);
    }
  });

  it('makes every salesman a bottom-level member whose team leader is its manager', async () => {
    expect(
      await count(
        db,
        `SELECT 1 FROM salesmen s JOIN hierarchy_members m ON m.id = s.member_id
         JOIN countries c ON c.code = s.country_code
         WHERE m.manager_id <> s.team_leader_member_id OR m.user_id <> s.user_id OR m.dt_code <> s.dt_code
            OR m.level_index <> (CASE c.hierarchy_variant WHEN 'regional' THEN 5 ELSE 4 END)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM hierarchy_members m WHERE m.level_index = 4 AND m.country_code <> 'bd'
      AND NOT EXISTS (SELECT 1 FROM salesmen s WHERE s.member_id = m.id)`,
      ),
    ).toBe(0);
  });
});

describe('summaries', () => {
  const directKpis = `
    WITH v AS (
      SELECT salesman_id, visit_date AS d, count(*) FILTER (WHERE planned) AS planned,
             count(*) FILTER (WHERE actual) AS actual, count(*) FILTER (WHERE productive) AS productive
      FROM visits GROUP BY 1, 2
    ), l AS (
      SELECT salesman_id, invoice_date AS d, count(DISTINCT order_id) AS bills,
             count(DISTINCT outlet_id) AS outlets, count(*) AS lines, sum(amount) AS gsv, sum(return_amount) AS returns
      FROM invoice_lines GROUP BY 1, 2
    )
    SELECT coalesce(v.salesman_id, l.salesman_id) AS salesman_id, coalesce(v.d, l.d) AS d,
           coalesce(planned, 0) AS planned, coalesce(actual, 0) AS actual, coalesce(productive, 0) AS productive,
           coalesce(bills, 0) AS bills, coalesce(outlets, 0) AS outlets, coalesce(lines, 0) AS lines,
           coalesce(gsv, 0) AS gsv, coalesce(returns, 0) AS returns
    FROM v FULL JOIN l ON l.salesman_id = v.salesman_id AND l.d = v.d`;
  const storedKpis = `
    SELECT salesman_id, kpi_date AS d, planned_calls::bigint, actual_calls::bigint, productive_calls::bigint,
           bills::bigint, outlets_billed::bigint, lines::bigint, gsv, returns
    FROM salesman_daily_kpis`;
  const directOutlets = `
    SELECT outlet_id, salesman_id, invoice_date, sum(amount), sum(return_amount), count(DISTINCT order_id),
           count(*) FROM invoice_lines GROUP BY 1, 2, 3`;
  const storedOutlets = `
    SELECT outlet_id, salesman_id, sales_date, gsv, returns, bills::bigint, lines::bigint FROM outlet_daily_sales`;

  // First billing of each outlet per salesman and calendar month (ECO support, migration 0005).
  const firstsOf = `SELECT salesman_id, outlet_id, date_trunc('month', invoice_date)::date AS month,
           min(invoice_date) AS d FROM invoice_lines GROUP BY 1, 2, 3`;
  const directFirsts = `SELECT salesman_id, d, count(*)::int FROM (${firstsOf}) f GROUP BY 1, 2`;
  const storedFirsts = `SELECT salesman_id, kpi_date, outlets_first_billed FROM salesman_daily_kpis
    WHERE outlets_first_billed > 0`;
  const directShared = `SELECT outlet_id, salesman_id, month, d FROM (
      SELECT *, count(*) OVER (PARTITION BY outlet_id, month) AS n FROM (${firstsOf}) f) x WHERE n > 1`;
  const storedShared = `SELECT outlet_id, salesman_id, month, first_day FROM outlet_shared_billing`;

  async function expectSummariesMatch() {
    const except = (a: string, b: string) => count(db, `(${a}) EXCEPT (${b})`);
    for (const [direct, stored] of [
      [directKpis, storedKpis],
      [directOutlets, storedOutlets],
      [directFirsts, storedFirsts],
      [directShared, storedShared],
    ] as const) {
      expect(await except(direct, stored)).toBe(0);
      expect(await except(stored, direct)).toBe(0);
    }
  }

  it('equal a direct aggregate of visits and invoice lines', async () => {
    expect(await count(db, storedKpis)).toBeGreaterThan(0);
    await expectSummariesMatch();
  });

  it('rebuild a date range after the source rows change', async () => {
    const { rows } = await db.query<{ id: number; invoice_date: string }>(
      `SELECT id, invoice_date FROM invoice_lines ORDER BY id LIMIT 1`,
    );
    const line = rows[0]!;
    await db.query(`UPDATE invoice_lines SET amount = amount + 1000 WHERE id = $1`, [line.id]);
    try {
      await refreshSummaries(db, { from: line.invoice_date, to: line.invoice_date });
      await expectSummariesMatch();
    } finally {
      await db.query(`UPDATE invoice_lines SET amount = amount - 1000 WHERE id = $1`, [line.id]);
      await refreshSummaries(db, { from: line.invoice_date, to: line.invoice_date });
    }
    await expectSummariesMatch();
  });

  it('keep first billings and shared outlets right when an order moves to another salesman mid-month', async () => {
    // An outlet billed twice in a month; its earlier order moves to another salesman of the market.
    const { rows } = await db.query<{ order_id: number; from_id: number; to_id: number; d: string }>(
      `SELECT o.id AS order_id, o.salesman_id AS from_id, other.id AS to_id, o.invoice_date::text AS d
       FROM orders o
       JOIN orders later ON later.outlet_id = o.outlet_id AND later.salesman_id = o.salesman_id
        AND later.invoice_date > o.invoice_date
        AND date_trunc('month', later.invoice_date) = date_trunc('month', o.invoice_date)
       JOIN LATERAL (SELECT id FROM salesmen s WHERE s.country_code = o.country_code AND s.id <> o.salesman_id
                     ORDER BY id LIMIT 1) other ON TRUE
       ORDER BY o.id LIMIT 1`,
    );
    const move = rows[0]!;
    const reassign = async (to: number) => {
      await db.query(`UPDATE orders SET salesman_id = $2 WHERE id = $1`, [move.order_id, to]);
      await db.query(`UPDATE invoice_lines SET salesman_id = $2 WHERE order_id = $1`, [move.order_id, to]);
      await refreshSummaries(db, { from: move.d, to: move.d });
    };
    await reassign(move.to_id);
    try {
      expect(await count(db, storedShared)).toBeGreaterThan(0);
      await expectSummariesMatch();
    } finally {
      await reassign(move.from_id);
    }
    await expectSummariesMatch();
  });
});

describe('integrity', () => {
  it('has no orphan foreign keys and every index back after the bulk load', async () => {
    const { rows: fks } = await db.query<{ tbl: string; col: string; ref: string; refcol: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.confrelid::regclass::text AS ref,
              af.attname AS refcol
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
       WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND c.convalidated`,
    );
    expect(fks.length).toBeGreaterThan(30);
    for (const fk of fks) {
      const orphans = await count(
        db,
        `SELECT 1 FROM ${fk.tbl} t WHERE t.${fk.col} IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM ${fk.ref} r WHERE r.${fk.refcol} = t.${fk.col})`,
      );
      expect(orphans, `${fk.tbl}.${fk.col}`).toBe(0);
    }
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'invoice_lines'`,
    );
    expect(rows[0]!.n).toBe(7);
  });

  it('keeps denormalised columns consistent with their parents', async () => {
    expect(
      await count(
        db,
        `SELECT 1 FROM invoice_lines l JOIN orders o ON o.id = l.order_id
         WHERE (l.salesman_id, l.outlet_id, l.invoice_date, l.country_code, l.dt_code)
            <> (o.salesman_id, o.outlet_id, o.invoice_date, o.country_code, o.dt_code)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM orders o JOIN visits v ON v.id = o.visit_id
         WHERE NOT v.productive OR (v.salesman_id, v.outlet_id, v.visit_date) <> (o.salesman_id, o.outlet_id, o.invoice_date)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM orders o JOIN (SELECT order_id, count(*) AS n, sum(amount) AS gross, sum(return_amount) AS ret
                                     FROM invoice_lines GROUP BY order_id) l ON l.order_id = o.id
         WHERE (o.line_count, o.gross_amount, o.return_amount) <> (l.n, l.gross, l.ret)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM visits v JOIN salesmen s ON s.id = v.salesman_id JOIN outlets o ON o.id = v.outlet_id
         WHERE v.country_code <> s.country_code OR o.country_code <> s.country_code OR v.dt_code <> s.dt_code`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM gps_points g JOIN salesmen s ON s.id = g.salesman_id WHERE g.country_code <> s.country_code`,
      ),
    ).toBe(0);
  });

  it('has some returns, some unplanned and some missed calls, and no GPS where tracking is off', async () => {
    expect(await count(db, `SELECT 1 FROM invoice_lines WHERE return_quantity > 0`)).toBeGreaterThan(0);
    expect(await count(db, `SELECT 1 FROM visits WHERE NOT planned`)).toBeGreaterThan(0);
    expect(await count(db, `SELECT 1 FROM visits WHERE planned AND NOT actual`)).toBeGreaterThan(0);
    expect(await count(db, `SELECT 1 FROM gps_points WHERE country_code IN ('pk', 'bd')`)).toBe(0);
  });

  it('has some offline outlets in every market whose OfflineApp flag is on, and none in vn', async () => {
    const { rows } = await db.query<{ country_code: string; offline: number; total: number }>(
      `SELECT country_code, count(*) FILTER (WHERE NOT is_online)::int AS offline, count(*)::int AS total
       FROM outlets GROUP BY country_code`,
    );
    const byMarket = Object.fromEntries(rows.map((r) => [r.country_code, r]));
    for (const cc of COUNTRY_CODES) {
      const { offline, total } = byMarket[cc]!;
      if (cc === 'vn') expect(offline, cc).toBe(0);
      else {
        expect(offline, cc).toBeGreaterThan(0);
        expect(offline / total, cc).toBeLessThan(0.2);
      }
    }
  });
});

describe('believable data', () => {
  it('gives every person of a market a name of their own, and every distributor too', async () => {
    expect(
      await count(
        db,
        `SELECT country_codes, name FROM users WHERE NOT is_super_user GROUP BY 1, 2 HAVING count(*) > 1`,
      ),
    ).toBe(0);
    expect(
      await count(db, `SELECT country_code, name FROM distributors GROUP BY 1, 2 HAVING count(*) > 1`),
    ).toBe(0);
  });

  it.each([...COUNTRY_CODES.map((cc) => ['demo', cc] as const), ['large', 'vn'] as const])(
    'repeats no person or distributor name in the %s set of %s',
    (scale, cc) => {
      const ctx = {
        seed: SEED,
        ids: { member: 0, salesman: 0, outlet: 0 },
        firstDay: 20_000,
        lastDay: 20_120,
        nowMs: 20_120 * 86_400_000,
      };
      const org = buildMarketOrg(ctx, cc, SCALES[scale][cc]);
      const names = org.users.map((u) => u.name);
      expect(new Set(names).size).toBe(names.length);
      const dts = org.distributors.map((d) => d.name);
      expect(new Set(dts).size).toBe(dts.length);
      // The large set has more distributors than the pool of trading names.
      if (scale === 'large') expect(dts.length).toBeGreaterThan(MARKETS[cc].distributors.names.length);
    },
  );

  it('has outlet names for every outlet subtype in every market', () => {
    for (const cc of COUNTRY_CODES)
      for (const kind of Object.values(OUTLET_KINDS))
        for (const [type, subtypes] of kind.types)
          for (const [subtype] of subtypes)
            expect(outletNamePatterns(cc, type, subtype).length).toBeGreaterThan(0);
  });

  it('names each outlet for what it is and gives it a street address in its city', async () => {
    const { rows } = await db.query<{
      country_code: CountryCode;
      name: string;
      outlet_type: string;
      outlet_subtype: string;
      city: string;
      address: string;
    }>(`SELECT country_code, name, outlet_type, outlet_subtype, city, address FROM outlets`);
    expect(rows.length).toBeGreaterThan(0);
    const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    for (const o of rows) {
      const patterns = outletNamePatterns(o.country_code, o.outlet_type, o.outlet_subtype).map(
        (p) => new RegExp(`^${escape(p).replace(/\{\w+\}/g, '.+')}$`),
      );
      expect(
        patterns.some((p) => p.test(o.name)),
        `${o.name} (${o.outlet_type} / ${o.outlet_subtype})`,
      ).toBe(true);
      const city = MARKETS[o.country_code].cities.find((c) => c.name === o.city)!;
      expect(city, o.city).toBeDefined();
      expect(o.address.endsWith(`, ${city.name}`), o.address).toBe(true);
      expect(
        city.streets.some((street) => o.address.includes(`${street}`)),
        o.address,
      ).toBe(true);
    }
    // A Vietnamese pharmacy is a "Nhà thuốc" or "Quầy thuốc", a grocery a "Tạp hóa".
    const vn = rows.filter((o) => o.country_code === 'vn');
    for (const o of vn) {
      if (o.outlet_type === 'Pharmacy') expect(o.name).toMatch(/^(Nhà thuốc|Quầy thuốc) /);
      if (/^Tạp hóa /.test(o.name)) expect(o.outlet_type).toBe('Grocery');
    }
  });

  it('sells what a national consumer-goods distributor sells: tens of thousands of US dollars a salesperson a month', async () => {
    // Monthly targets (set for a team on plan) average US$10,000-60,000 a salesperson in every market.
    const { rows: targets } = await db.query<{ cc: CountryCode; avg: number }>(
      `SELECT country_code AS cc, avg(gsv_target)::float AS avg FROM monthly_targets GROUP BY 1`,
    );
    expect(targets).toHaveLength(COUNTRY_CODES.length);
    for (const t of targets) {
      const usd = t.avg / MARKETS[t.cc].usdRate;
      expect(usd, t.cc).toBeGreaterThan(10_000);
      expect(usd, t.cc).toBeLessThan(60_000);
    }
    // What they sold: per salesperson and working day, times 25 working days, in the same band
    // (wider, since the test set has only two or three teams a market).
    const { rows: sales } = await db.query<{ cc: CountryCode; gsv: number; days: number }>(
      `SELECT s.country_code AS cc, sum(gsv)::float AS gsv,
              count(*) FILTER (WHERE actual_calls > 0)::int AS days
       FROM salesman_daily_kpis k JOIN salesmen s ON s.id = k.salesman_id GROUP BY 1`,
    );
    for (const s of sales) {
      const monthlyUsd = (s.gsv / s.days / MARKETS[s.cc].usdRate) * 25;
      expect(monthlyUsd, s.cc).toBeGreaterThan(6_000);
      expect(monthlyUsd, s.cc).toBeLessThan(80_000);
    }
  });
});
