/**
 * SQL of the UCube KPI calls. KPIs come from the summary tables (salesman_daily_kpis,
 * outlet_daily_sales) and monthly_targets, never from invoice lines. Every query starts from the
 * salesmen the caller may see (market, DT scope, subtree, BSA) and maps each one to the row it counts
 * towards, walking hierarchy_members upwards once.
 */
import type { Queryable } from '../../db/client.js';

export interface MemberNode {
  id: number;
  email: string;
  name: string;
  employee_code: string;
  title: string;
  level_index: number;
  manager_id: number | null;
  dt_code: string | null;
  dt_site_code: string | null;
  active: boolean;
  /** Salesmen: their salesman code. */
  sm_code: string | null;
}

const MEMBER_COLUMNS = `m.id, u.email, u.name, m.employee_code, m.title, m.level_index, m.manager_id, m.dt_code,
  m.dt_site_code, m.active, sm.sm_code`;
const MEMBER_FROM = `hierarchy_members m JOIN users u ON u.id = m.user_id LEFT JOIN salesmen sm ON sm.member_id = m.id`;

/** The caller's own node in the market's hierarchy, if any. */
export async function findMemberByUser(db: Queryable, userId: string, market: string) {
  const { rows } = await db.query<MemberNode>(
    `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM}
     WHERE m.user_id = $1 AND m.country_code = $2`,
    [userId, market],
  );
  return rows[0] ?? null;
}

export async function findMemberByEmail(db: Queryable, email: string, market: string) {
  const { rows } = await db.query<MemberNode>(
    `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM}
     WHERE u.email = $1 AND m.country_code = $2`,
    [email.toLowerCase(), market],
  );
  return rows[0] ?? null;
}

/** A member and its managers, bottom first. */
export async function findAncestors(db: Queryable, memberId: number): Promise<MemberNode[]> {
  const { rows } = await db.query<MemberNode>(
    `WITH RECURSIVE up AS (
       SELECT id, manager_id, 0 AS depth FROM hierarchy_members WHERE id = $1
       UNION ALL
       SELECT h.id, h.manager_id, up.depth + 1 FROM hierarchy_members h JOIN up ON h.id = up.manager_id
     )
     SELECT ${MEMBER_COLUMNS} FROM up JOIN hierarchy_members m ON m.id = up.id JOIN users u ON u.id = m.user_id
       LEFT JOIN salesmen sm ON sm.member_id = m.id
     ORDER BY up.depth`,
    [memberId],
  );
  return rows;
}

export async function findDistributor(db: Queryable, dtCode: string, market: string) {
  const { rows } = await db.query<{ dt_code: string; name: string; active: boolean }>(
    `SELECT dt_code, name, active FROM distributors WHERE dt_code = $1 AND country_code = $2`,
    [dtCode, market],
  );
  return rows[0] ?? null;
}

/** Which salesmen count, and towards which row. */
export interface SalesmanSelection {
  market: string;
  /** null: every distributor. */
  dtCodes: string[] | null;
  /** null: every BSA (scope checks). */
  bsa: string | null;
  /** Only salesmen under these members (the caller's node, the chosen node); each may be null. */
  underMembers: (number | null)[];
  /** Only salesmen of this distributor. */
  dtCode: string | null;
  /** Group by the ancestor at this level_index, by distributor, or all in one group. */
  groupBy: { kind: 'member'; levelIndex: number } | { kind: 'distributor' } | { kind: 'all' };
}

/**
 * `sg(salesman_id, group_key)`: the selected salesmen and the row each counts towards. Pushes its
 * parameters onto `params`.
 */
export function selectionCte(sel: SalesmanSelection, params: unknown[]): string {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`s.country_code = ${p(sel.market)}`];
  if (sel.bsa !== null) where.push(`s.bsa = ${p(sel.bsa)}`);
  if (sel.dtCodes !== null) where.push(`s.dt_code = ANY(${p(sel.dtCodes)}::text[])`);
  if (sel.dtCode !== null) where.push(`s.dt_code = ${p(sel.dtCode)}`);
  const under = sel.underMembers.filter((m): m is number => m !== null);
  const needsAncestors = under.length > 0 || sel.groupBy.kind === 'member';
  const ancestors = needsAncestors
    ? `, anc AS (
         SELECT s.id AS salesman_id, m.id AS member_id, m.level_index, m.manager_id
         FROM base s JOIN hierarchy_members m ON m.id = s.member_id
         UNION ALL
         SELECT anc.salesman_id, h.id, h.level_index, h.manager_id
         FROM anc JOIN hierarchy_members h ON h.id = anc.manager_id
       )`
    : '';
  const filters = under
    .map((id) => `AND s.id IN (SELECT salesman_id FROM anc WHERE member_id = ${p(id)})`)
    .join(' ');
  let group: string;
  let from = 'base s';
  if (sel.groupBy.kind === 'member') {
    from = `base s JOIN anc g ON g.salesman_id = s.id AND g.level_index = ${p(sel.groupBy.levelIndex)}`;
    group = 'g.member_id::text';
  } else if (sel.groupBy.kind === 'distributor') {
    group = 's.dt_code';
  } else {
    group = `'all'`;
  }
  return `WITH RECURSIVE base AS (
      SELECT s.id, s.member_id, s.dt_code FROM salesmen s WHERE ${where.join(' AND ')}
    )${ancestors}, sg AS (
      SELECT s.id AS salesman_id, ${group} AS group_key FROM ${from} WHERE TRUE ${filters}
    )`;
}

export interface GroupSums {
  group_key: string;
  salesmen: number;
  planned_calls: number;
  actual_calls: number;
  productive_calls: number;
  bills: number;
  gsv: number;
  eco: number;
  new_eco: number;
  eco_before_day: number;
  eco_target: number;
  productive_calls_target: number;
  bills_target: number;
  gsv_target: number;
  target_rows: number;
}

export interface SumsRange {
  from: string;
  to: string;
  month: string;
  /** Day period: ECO of the day itself; New ECO from the month's first billings up to the day. */
  day: boolean;
}

/** The key of the total row that sumKpis answers besides the groups. */
export const TOTAL_KEY = '';

/**
 * Summed KPI inputs per group over the period (one row per group with at least one salesman), plus
 * the total of all groups under TOTAL_KEY, in one pass (GROUPING SETS): ECO of the total counts
 * distinct outlets across the groups.
 */
export async function sumKpis(db: Queryable, sel: SalesmanSelection, range: SumsRange): Promise<GroupSums[]> {
  if (!range.day && range.from !== range.month) {
    throw new Error('sumKpis: a month-to-date or whole-month range starts on the month’s first day');
  }
  const params: unknown[] = [];
  const cte = selectionCte(sel, params);
  params.push(range.from, range.to, range.month);
  const [from, to, month] = [params.length - 2, params.length - 1, params.length].map((i) => `$${i}::date`);
  // The market's salesman-days in the range are read in one index range either way; for a narrower
  // selection (a subtree, some distributors) only its salesmen's rows are fetched.
  const wholeMarket =
    sel.dtCodes === null && sel.dtCode === null && sel.underMembers.every((m) => m === null);
  const key = `CASE WHEN GROUPING(sg.group_key) = 1 THEN '${TOTAL_KEY}' ELSE sg.group_key END AS group_key`;
  // ECO to a day D of the month (docs/kpis.md "Speed", migration 0005): the salesmen's first billings
  // of the month up to D, less the outlets several of the group's salesmen billed (counted once each).
  const ecoTo = `coalesce(c.firsts_to, 0) - coalesce(x.over_to, 0)`;
  const ecoBefore = `coalesce(c.firsts_before, 0) - coalesce(x.over_before, 0)`;
  const dayBilled = range.day
    ? `, day_billed AS (
      SELECT group_key, count(*) AS eco FROM (
        SELECT ${key} FROM sg JOIN outlet_daily_sales o
          ON o.salesman_id = sg.salesman_id AND o.country_code = $1 AND o.sales_date = ${to}
        GROUP BY GROUPING SETS ((sg.group_key, o.outlet_id), (o.outlet_id))
      ) per_outlet GROUP BY group_key
    )`
    : '';
  const sql = `${cte},
    sizes AS (SELECT ${key}, count(*) AS salesmen FROM sg GROUP BY GROUPING SETS ((sg.group_key), ())),
    per_salesman AS (
      SELECT k.salesman_id,
             sum(k.planned_calls) FILTER (WHERE k.kpi_date >= ${from}) AS planned_calls,
             sum(k.actual_calls) FILTER (WHERE k.kpi_date >= ${from}) AS actual_calls,
             sum(k.productive_calls) FILTER (WHERE k.kpi_date >= ${from}) AS productive_calls,
             sum(k.bills) FILTER (WHERE k.kpi_date >= ${from}) AS bills,
             sum(k.gsv) FILTER (WHERE k.kpi_date >= ${from}) AS gsv,
             sum(k.outlets_first_billed) AS firsts_to,
             sum(k.outlets_first_billed) FILTER (WHERE k.kpi_date < ${to}) AS firsts_before
      FROM salesman_daily_kpis k
      WHERE k.country_code = $1 AND k.kpi_date BETWEEN ${month} AND ${to} ${wholeMarket ? '' : 'AND k.salesman_id IN (SELECT salesman_id FROM sg)'}
      GROUP BY k.salesman_id
    ),
    calls AS (
      SELECT ${key}, sum(p.planned_calls) AS planned_calls, sum(p.actual_calls) AS actual_calls,
             sum(p.productive_calls) AS productive_calls, sum(p.bills) AS bills, sum(p.gsv) AS gsv,
             sum(p.firsts_to) AS firsts_to, sum(p.firsts_before) AS firsts_before
      FROM sg JOIN per_salesman p ON p.salesman_id = sg.salesman_id
      GROUP BY GROUPING SETS ((sg.group_key), ())
    ),
    shared AS (
      SELECT group_key, sum(n - 1) AS over_to, sum(greatest(n_before - 1, 0)) AS over_before
      FROM (
        SELECT ${key}, count(*) AS n, count(*) FILTER (WHERE b.first_day < ${to}) AS n_before
        FROM sg JOIN outlet_shared_billing b
          ON b.salesman_id = sg.salesman_id AND b.month = ${month} AND b.first_day <= ${to}
        GROUP BY GROUPING SETS ((sg.group_key, b.outlet_id), (b.outlet_id))
      ) per_outlet
      GROUP BY group_key
    )${dayBilled},
    targets AS (
      SELECT ${key}, sum(t.eco_target) AS eco_target, sum(t.productive_calls_target) AS productive_calls_target,
             sum(t.bills_target) AS bills_target, sum(t.gsv_target) AS gsv_target, count(*) AS target_rows
      FROM sg JOIN monthly_targets t ON t.salesman_id = sg.salesman_id AND t.month = ${month}
      GROUP BY GROUPING SETS ((sg.group_key), ())
    )
    SELECT z.group_key, z.salesmen::int AS salesmen,
           coalesce(c.planned_calls, 0)::int AS planned_calls, coalesce(c.actual_calls, 0)::int AS actual_calls,
           coalesce(c.productive_calls, 0)::int AS productive_calls, coalesce(c.bills, 0)::int AS bills,
           coalesce(c.gsv, 0)::float8 AS gsv,
           ${range.day ? 'coalesce(d.eco, 0)' : ecoTo}::int AS eco,
           (${ecoTo} - (${ecoBefore}))::int AS new_eco,
           ${range.day ? `(${ecoBefore})` : '0'}::int AS eco_before_day,
           coalesce(t.eco_target, 0)::int AS eco_target,
           coalesce(t.productive_calls_target, 0)::int AS productive_calls_target,
           coalesce(t.bills_target, 0)::int AS bills_target, coalesce(t.gsv_target, 0)::float8 AS gsv_target,
           coalesce(t.target_rows, 0)::int AS target_rows
    FROM sizes z
    LEFT JOIN calls c ON c.group_key = z.group_key
    LEFT JOIN shared x ON x.group_key = z.group_key
    ${range.day ? 'LEFT JOIN day_billed d ON d.group_key = z.group_key' : ''}
    LEFT JOIN targets t ON t.group_key = z.group_key`;
  const { rows } = await db.query<GroupSums>(sql, params);
  return rows;
}

export async function findMembersByIds(db: Queryable, ids: number[]): Promise<MemberNode[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<MemberNode>(
    `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE m.id = ANY($1::bigint[])`,
    [ids],
  );
  return rows;
}

export async function findDistributorsByCodes(db: Queryable, codes: string[]) {
  if (codes.length === 0) return [];
  const { rows } = await db.query<{ dt_code: string; name: string; active: boolean }>(
    `SELECT dt_code, name, active FROM distributors WHERE dt_code = ANY($1::text[])`,
    [codes],
  );
  return rows;
}

/** Whether any salesman of the selection exists (a chosen node inside the caller's scope). */
export async function anySalesman(
  db: Queryable,
  sel: Omit<SalesmanSelection, 'groupBy' | 'bsa'>,
): Promise<boolean> {
  const params: unknown[] = [];
  const cte = selectionCte({ ...sel, bsa: null, groupBy: { kind: 'all' } }, params);
  const { rows } = await db.query<{ found: boolean }>(
    `${cte} SELECT EXISTS (SELECT 1 FROM sg) AS found`,
    params,
  );
  return rows[0]?.found ?? false;
}

/**
 * Whether a member is inside a caller's reach: below the caller's own node (when they have one) and
 * with at least one salesman below it in the market and the caller's DT scope. Walks the target's
 * managers up and its team down (index on manager_id), never the whole market's salesmen.
 */
export async function memberInReach(
  db: Queryable,
  reach: { market: string; dtCodes: string[] | null; viewerMemberId: number | null; targetId: number },
): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `WITH RECURSIVE up AS (
       SELECT id, manager_id FROM hierarchy_members WHERE id = $1
       UNION ALL
       SELECT h.id, h.manager_id FROM hierarchy_members h JOIN up ON h.id = up.manager_id
     ), down AS (
       SELECT id FROM hierarchy_members WHERE id = $1
       UNION ALL
       SELECT h.id FROM hierarchy_members h JOIN down ON h.manager_id = down.id
     )
     SELECT ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM up WHERE id = $2))
        AND EXISTS (
          SELECT 1 FROM salesmen s JOIN down ON s.member_id = down.id
          WHERE s.country_code = $3 AND ($4::text[] IS NULL OR s.dt_code = ANY($4::text[]))
        ) AS found`,
    [reach.targetId, reach.viewerMemberId, reach.market, reach.dtCodes],
  );
  return rows[0]?.found ?? false;
}

/** The caller's business scope assignments, in stored order. */
export async function findUserBsa(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ bsa: string }>(
    `SELECT bsa FROM user_bsa WHERE user_id = $1 ORDER BY position`,
    [userId],
  );
  return rows.map((r) => r.bsa);
}

export interface TrendDayRow {
  date: string;
  gsv: number;
  new_eco: number;
  productive_calls: number;
  planned_calls: number;
  bills: number;
  /** The month's targets summed over the selection (the same on every row); 0 when none. */
  eco_target: number;
  productive_calls_target: number;
  bills_target: number;
  gsv_target: number;
  target_rows: number;
}

/**
 * The selection's figures per calendar day from `from` to `to` (every day, zeros included) for the
 * daily trend, with the targets of `month`; `from` is the month's first day. New ECO counts each
 * outlet on its first billing day in the month (from the salesman-day first billings, as sumKpis),
 * so the running total of new_eco is the distinct outlets billed so far.
 */
export async function sumDailyTrend(
  db: Queryable,
  sel: Omit<SalesmanSelection, 'groupBy'>,
  range: { from: string; to: string; month: string },
): Promise<TrendDayRow[]> {
  if (range.from !== range.month) throw new Error('sumDailyTrend: the range starts on the month’s first day');
  const params: unknown[] = [];
  const cte = selectionCte({ ...sel, groupBy: { kind: 'all' } }, params);
  params.push(range.from, range.to, range.month);
  const [from, to, month] = [params.length - 2, params.length - 1, params.length].map((i) => `$${i}`);
  const sql = `${cte},
    days AS (SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d),
    calls AS (
      SELECT k.kpi_date AS day, sum(k.gsv) AS gsv, sum(k.productive_calls) AS productive_calls,
             sum(k.planned_calls) AS planned_calls, sum(k.bills) AS bills,
             sum(k.outlets_first_billed) AS firsts
      FROM sg JOIN salesman_daily_kpis k
        ON k.salesman_id = sg.salesman_id AND k.country_code = $1
       AND k.kpi_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY k.kpi_date
    ),
    -- New ECO of a day: the salesmen's first billings of the month that day, less those of outlets
    -- another salesman of the scope had already billed (or billed the same day) this month.
    surplus AS (
      SELECT first_day AS day, count(*) AS n FROM (
        SELECT b.first_day,
               row_number() OVER (PARTITION BY b.outlet_id ORDER BY b.first_day, b.salesman_id) AS rank
        FROM sg JOIN outlet_shared_billing b ON b.salesman_id = sg.salesman_id AND b.month = ${month}::date
      ) ranked WHERE rank > 1 GROUP BY first_day
    ),
    targets AS (
      SELECT coalesce(sum(t.eco_target), 0)::int AS eco_target,
             coalesce(sum(t.productive_calls_target), 0)::int AS productive_calls_target,
             coalesce(sum(t.bills_target), 0)::int AS bills_target,
             coalesce(sum(t.gsv_target), 0)::float8 AS gsv_target, count(*)::int AS target_rows
      FROM sg JOIN monthly_targets t ON t.salesman_id = sg.salesman_id AND t.month = ${month}::date
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(c.gsv, 0)::float8 AS gsv,
           (coalesce(c.firsts, 0) - coalesce(x.n, 0))::int AS new_eco,
           coalesce(c.productive_calls, 0)::int AS productive_calls,
           coalesce(c.planned_calls, 0)::int AS planned_calls, coalesce(c.bills, 0)::int AS bills,
           t.eco_target, t.productive_calls_target, t.bills_target, t.gsv_target, t.target_rows
    FROM days d CROSS JOIN targets t
    LEFT JOIN calls c ON c.day = d.day
    LEFT JOIN surplus x ON x.day = d.day
    ORDER BY d.day`;
  const { rows } = await db.query<TrendDayRow>(sql, params);
  return rows;
}
