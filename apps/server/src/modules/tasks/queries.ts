/**
 * Task Management SQL outside the declared tables: checking a task's codes against the market,
 * resolving where it applies into task_targets, creating, editing and closing tasks (in the caller's
 * transaction, each giving back the task's code and its audit entries for registerAdminChange), one
 * task as the form edits it, and its progress from the visit data.
 */
import type {
  CountryCode,
  TaskCounts,
  TaskDetail,
  TaskField,
  TaskFormProblem,
  TaskInput,
  TaskOutletTypes,
  TaskTeamRow,
} from '@fieldforce/contracts';
import { TASK_OUTLET_TYPES_MAX } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScope, dtScopeSql, type AuthUser } from '../../lib/policy.js';
import { audited, unchanged, type AdminChange } from '../../lib/tables/index.js';
import { withinScope } from './policy.js';

/** What decides a task's targets and identity (the form's and a template row's common part). */
export type TaskWhere = Pick<
  TaskInput,
  'locationCode' | 'outletTypes' | 'outletSubtypes' | 'customerCodes' | 'itemCodes' | 'startDate' | 'endDate'
>;

const sorted = (list: readonly string[]) => [...list].sort();

/** The task's what/where/when as one text: the same task uploaded twice is found by it. */
export function taskFingerprint(kind: string, w: TaskWhere): string {
  return JSON.stringify([
    kind,
    w.locationCode ?? '',
    sorted(w.outletTypes),
    sorted(w.outletSubtypes),
    sorted(w.customerCodes),
    sorted(w.itemCodes),
    w.startDate,
    w.endDate,
  ]);
}

/** The outlets a task reaches: the market's active outlets matching every criterion given. */
export const TARGETS_SQL = `
  SELECT o.id, o.dt_code FROM outlets o
  WHERE o.country_code = $1 AND o.active
    AND ($2::text IS NULL OR o.dt_code = $2 OR o.dt_site_code = $2)
    AND (cardinality($3::text[]) = 0 OR o.outlet_type = ANY($3::text[]))
    AND (cardinality($4::text[]) = 0 OR o.outlet_subtype = ANY($4::text[]))
    AND (cardinality($5::text[]) = 0 OR o.outlet_code = ANY($5::text[]))`;

const targetParams = (market: CountryCode, w: TaskWhere) => [
  market,
  w.locationCode || null,
  w.outletTypes,
  w.outletSubtypes,
  w.customerCodes,
];

/**
 * The outlet types and subtypes the form offers: those of the market's active outlets within the
 * caller's distributors (a DT-limited admin's task may only reach theirs), types in order, each with its
 * subtypes in order.
 */
export async function taskOutletTypes(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
): Promise<TaskOutletTypes> {
  const params: unknown[] = [market];
  const scope = dtScopeSql(user, 'o.dt_code', params);
  const { rows } = await q.query<{ type: string; subtype: string | null }>(
    `SELECT DISTINCT o.outlet_type AS type, NULLIF(o.outlet_subtype, '') AS subtype FROM outlets o
      WHERE o.country_code = $1 AND o.active AND ${scope} AND COALESCE(o.outlet_type, '') <> ''
      ORDER BY 1, 2 LIMIT ${TASK_OUTLET_TYPES_MAX}`,
    params,
  );
  const byType = new Map<string, string[]>();
  for (const r of rows) {
    const subtypes = byType.get(r.type) ?? [];
    if (r.subtype !== null) subtypes.push(r.subtype);
    byType.set(r.type, subtypes);
  }
  return { outletTypes: [...byType].map(([type, subtypes]) => ({ type, subtypes })) };
}

export interface TaskCheck {
  problems: Partial<Record<TaskField, TaskFormProblem>>;
  /** Codes the market does not have, by field (for the messages). */
  unknown: Partial<Record<TaskField, string[]>>;
  /** The DT codes of the outlets the task reaches (empty: none). */
  dtCodes: string[];
  targets: number;
}

/**
 * The database rules of one task: each code is the market's (the location a DT code or DT site code,
 * outlet types and subtypes its outlets have, items it sells, customer codes its outlets), the task
 * reaches at least one active outlet, and, for a DT-limited caller, only outlets of their distributors
 * (the location too).
 */
export async function checkTask(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  w: TaskWhere,
): Promise<TaskCheck> {
  const { rows } = await q.query<{
    location_dt: string | null;
    location_known: boolean;
    bad_types: string[] | null;
    bad_subtypes: string[] | null;
    bad_items: string[] | null;
    bad_customers: string[] | null;
    customer_dts: string[] | null;
    dt_codes: string[] | null;
    targets: number;
  }>(
    `WITH loc AS (
       SELECT dt_code FROM distributors WHERE country_code = $1 AND dt_code = $2
       UNION ALL SELECT dt_code FROM dt_sites WHERE country_code = $1 AND dt_site_code = $2),
     tg AS (${TARGETS_SQL})
     SELECT (SELECT dt_code FROM loc LIMIT 1) AS location_dt,
            ($2::text IS NULL OR EXISTS (SELECT 1 FROM loc)) AS location_known,
            (SELECT array_agg(x ORDER BY x) FROM unnest($3::text[]) x
               WHERE NOT EXISTS (SELECT 1 FROM outlets o WHERE o.country_code = $1 AND o.outlet_type = x)) AS bad_types,
            (SELECT array_agg(x ORDER BY x) FROM unnest($4::text[]) x
               WHERE NOT EXISTS (SELECT 1 FROM outlets o WHERE o.country_code = $1 AND o.outlet_subtype = x))
              AS bad_subtypes,
            (SELECT array_agg(x ORDER BY x) FROM unnest($6::text[]) x
               WHERE NOT EXISTS (SELECT 1 FROM product_prices p WHERE p.country_code = $1 AND p.item_code = x))
              AS bad_items,
            (SELECT array_agg(x ORDER BY x) FROM unnest($5::text[]) x
               WHERE NOT EXISTS (SELECT 1 FROM outlets o WHERE o.country_code = $1 AND o.outlet_code = x))
              AS bad_customers,
            (SELECT array_agg(DISTINCT o.dt_code) FROM outlets o
               WHERE o.country_code = $1 AND o.outlet_code = ANY($5::text[])) AS customer_dts,
            (SELECT array_agg(DISTINCT dt_code ORDER BY dt_code) FROM tg) AS dt_codes,
            (SELECT count(*) FROM tg)::int AS targets`,
    [...targetParams(market, w), w.itemCodes],
  );
  const r = rows[0]!;
  const problems: TaskCheck['problems'] = {};
  const unknown: TaskCheck['unknown'] = {};
  const bad = (field: TaskField, codes: string[] | null) => {
    if (codes && codes.length > 0) {
      problems[field] = 'unknown';
      unknown[field] = codes;
    }
  };
  if (!r.location_known) bad('locationCode', [w.locationCode!]);
  bad('outletTypes', r.bad_types);
  bad('outletSubtypes', r.bad_subtypes);
  bad('itemCodes', r.bad_items);
  bad('customerCodes', r.bad_customers);
  const dtCodes = r.dt_codes ?? [];
  if (Object.keys(problems).length === 0) {
    const reach = [...dtCodes, ...(r.customer_dts ?? []), ...(r.location_dt ? [r.location_dt] : [])];
    if (!withinScope(user, reach)) {
      const locationOutside = r.location_dt !== null && !withinScope(user, [r.location_dt]);
      problems[locationOutside || w.customerCodes.length === 0 ? 'locationCode' : 'customerCodes'] =
        'outOfScope';
    } else if (r.targets === 0) {
      problems.locationCode = 'noTargets';
    }
  }
  return { problems, unknown, dtCodes, targets: r.targets };
}

interface TaskDbRow {
  id: string;
  code: string;
  title: string;
  kind: TaskInput['kind'];
  description: string;
  location_code: string | null;
  outlet_types: string[];
  outlet_subtypes: string[];
  customer_codes: string[];
  item_codes: string[];
  start_date: string;
  end_date: string;
  status: 'open' | 'closed';
  dt_codes: string[];
  target_count: number;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** A task row as the form and the progress view show it. */
function presentTask(user: AuthUser, r: TaskDbRow): TaskDetail {
  return {
    code: r.code,
    title: r.title,
    kind: r.kind,
    description: r.description,
    locationCode: r.location_code,
    outletTypes: r.outlet_types,
    outletSubtypes: r.outlet_subtypes,
    customerCodes: r.customer_codes,
    itemCodes: r.item_codes,
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status,
    targets: r.target_count,
    createdByName: r.created_by_name,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    closedAt: r.closed_at === null ? null : iso(r.closed_at),
    canEdit: withinScope(user, r.dt_codes) && r.status === 'open',
  };
}

/**
 * The market's task by code, when the caller may see it (it reaches one of their distributors), else
 * null. `forUpdate` locks the row in the caller's transaction.
 */
export async function findTask(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  code: string,
  forUpdate = false,
): Promise<(TaskDetail & { id: string; dtCodes: string[] }) | null> {
  const params: unknown[] = [market, code];
  const scope = dtScope(user);
  let scopeSql = 'TRUE';
  if (scope !== null) {
    params.push(scope);
    scopeSql = `t.dt_codes && $${params.length}::text[]`;
  }
  const { rows } = await q.query<TaskDbRow>(
    `SELECT t.id::text AS id, t.code, t.title, t.kind, t.description, t.location_code, t.outlet_types,
            t.outlet_subtypes, t.customer_codes, t.item_codes, to_char(t.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(t.end_date, 'YYYY-MM-DD') AS end_date, t.status, t.dt_codes, t.target_count,
            (SELECT name FROM users WHERE id = t.created_by) AS created_by_name, t.created_at, t.updated_at,
            t.closed_at
     FROM tasks t WHERE t.country_code = $1 AND t.code = $2 AND ${scopeSql}
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    params,
  );
  const r = rows[0];
  return r ? { ...presentTask(user, r), id: r.id, dtCodes: r.dt_codes } : null;
}

/** Rewrites a task's targets from its where (outlets resolved now); returns the count and DT codes. */
async function writeTargets(q: Queryable, taskId: string, market: CountryCode, w: TaskWhere) {
  await q.query(`DELETE FROM task_targets WHERE task_id = $1`, [taskId]);
  const { rows } = await q.query<{ n: number; dts: string[] | null }>(
    `WITH tg AS (${TARGETS_SQL}),
     ins AS (INSERT INTO task_targets (task_id, outlet_id, country_code, dt_code)
             SELECT $6::bigint, id, $1, dt_code FROM tg RETURNING dt_code)
     SELECT count(*)::int AS n, array_agg(DISTINCT dt_code ORDER BY dt_code) AS dts FROM ins`,
    [...targetParams(market, w), taskId],
  );
  const n = rows[0]?.n ?? 0;
  const dts = rows[0]?.dts ?? [];
  await q.query(`UPDATE tasks SET target_count = $2, dt_codes = $3 WHERE id = $1`, [taskId, n, dts]);
  return { n, dts };
}

const auditShape = (t: TaskInput) => ({
  title: t.title,
  kind: t.kind,
  description: t.description,
  locationCode: t.locationCode,
  outletTypes: t.outletTypes,
  outletSubtypes: t.outletSubtypes,
  customerCodes: t.customerCodes,
  itemCodes: t.itemCodes,
  startDate: t.startDate,
  endDate: t.endDate,
});

/** Creates one task (checked already) with its targets; its code and its 'task.create' audit entry. */
export async function createTask(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  input: TaskInput,
): Promise<AdminChange<string>> {
  const { rows } = await tx.query<{ id: string; code: string }>(
    `INSERT INTO tasks (country_code, title, kind, description, location_code, outlet_types, outlet_subtypes,
                        customer_codes, item_codes, start_date, end_date, fingerprint, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     RETURNING id::text AS id, code`,
    [
      market,
      input.title.trim(),
      input.kind,
      input.description,
      input.locationCode || null,
      input.outletTypes,
      input.outletSubtypes,
      input.customerCodes,
      input.itemCodes,
      input.startDate,
      input.endDate,
      taskFingerprint(input.kind, input),
      user.id,
    ],
  );
  const { id, code } = rows[0]!;
  const { n } = await writeTargets(tx, id, market, input);
  return audited(code, {
    action: 'task.create',
    target: code,
    before: null,
    after: { ...auditShape(input), targets: n },
  });
}

/**
 * Edits an open task (checked already): its fields, its targets (resolved again); its code with a
 * 'task.update' audit entry, or none when nothing changed.
 */
export async function updateTask(
  tx: Queryable,
  market: CountryCode,
  before: TaskDetail & { id: string },
  input: TaskInput,
  actorId: string,
): Promise<AdminChange<string>> {
  const was = auditShape(before);
  const now = auditShape({ ...input, locationCode: input.locationCode || null, title: input.title.trim() });
  if (JSON.stringify(was) === JSON.stringify(now)) return unchanged(before.code);
  await tx.query(
    `UPDATE tasks SET title = $2, kind = $3, description = $4, location_code = $5, outlet_types = $6,
       outlet_subtypes = $7, customer_codes = $8, item_codes = $9, start_date = $10, end_date = $11,
       fingerprint = $12, updated_by = $13, updated_at = now()
     WHERE id = $1`,
    [
      before.id,
      now.title,
      input.kind,
      input.description,
      now.locationCode,
      input.outletTypes,
      input.outletSubtypes,
      input.customerCodes,
      input.itemCodes,
      input.startDate,
      input.endDate,
      taskFingerprint(input.kind, input),
      actorId,
    ],
  );
  const { n } = await writeTargets(tx, before.id, market, input);
  return audited(before.code, {
    action: 'task.update',
    target: before.code,
    before: { ...was, targets: before.targets },
    after: { ...now, targets: n },
  });
}

/** Closes an open task: its code with a 'task.close' audit entry, or none when it was closed already. */
export async function closeTask(
  tx: Queryable,
  task: TaskDetail & { id: string },
  actorId: string,
): Promise<AdminChange<string>> {
  if (task.status === 'closed') return unchanged(task.code);
  await tx.query(
    `UPDATE tasks SET status = 'closed', closed_at = now(), updated_by = $2, updated_at = now() WHERE id = $1`,
    [task.id, actorId],
  );
  return audited(task.code, {
    action: 'task.close',
    target: task.code,
    before: { status: 'open' },
    after: { status: 'closed' },
  });
}

const counts = (targeted: number, reached: number, done: number): TaskCounts => ({
  targeted,
  reached,
  done,
  notDone: reached - done,
  notReached: targeted - reached,
});

/**
 * A task's progress over its targeted outlets within the caller's distributors: overall, and per team
 * (the outlet's salesman's team leader) with each salesman. Reached: a visit (actual) to the outlet in
 * the task's window, or a result recorded in it; done: a result in the window saying done.
 */
export async function taskProgress(
  q: Queryable,
  user: AuthUser,
  taskId: string,
): Promise<{ overall: TaskCounts; teams: TaskTeamRow[] }> {
  const params: unknown[] = [taskId];
  const scope = dtScopeSql(user, 'tt.dt_code', params);
  const { rows } = await q.query<{
    tl_id: string | null;
    tl_name: string | null;
    sm_id: string | null;
    sm_code: string | null;
    sm_name: string | null;
    targeted: number;
    reached: number;
    done: number;
  }>(
    `WITH t AS (SELECT id, start_date, end_date FROM tasks WHERE id = $1),
     tg AS (
       SELECT o.salesman_id,
              EXISTS (SELECT 1 FROM task_results r WHERE r.task_id = t.id AND r.outlet_id = o.id AND r.done
                        AND r.visit_date BETWEEN t.start_date AND t.end_date) AS done,
              (EXISTS (SELECT 1 FROM visits v WHERE v.outlet_id = o.id AND v.actual
                        AND v.visit_date BETWEEN t.start_date AND t.end_date)
               OR EXISTS (SELECT 1 FROM task_results r WHERE r.task_id = t.id AND r.outlet_id = o.id
                        AND r.visit_date BETWEEN t.start_date AND t.end_date)) AS reached
       FROM t JOIN task_targets tt ON tt.task_id = t.id JOIN outlets o ON o.id = tt.outlet_id
       WHERE ${scope})
     SELECT sm.team_leader_member_id::text AS tl_id, tlu.name AS tl_name, tg.salesman_id::text AS sm_id,
            sm.sm_code, sm.name AS sm_name, count(*)::int AS targeted,
            count(*) FILTER (WHERE tg.reached)::int AS reached, count(*) FILTER (WHERE tg.done)::int AS done
     FROM tg
     LEFT JOIN salesmen sm ON sm.id = tg.salesman_id
     LEFT JOIN hierarchy_members tl ON tl.id = sm.team_leader_member_id
     LEFT JOIN users tlu ON tlu.id = tl.user_id
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY tl_name NULLS LAST, tl_id, sm_name NULLS LAST, sm_id`,
    params,
  );
  const teams = new Map<string, TaskTeamRow>();
  const overall = { targeted: 0, reached: 0, done: 0 };
  for (const r of rows) {
    const key = r.tl_id ?? '';
    let team = teams.get(key);
    if (!team) {
      team = {
        teamLeaderId: r.tl_id === null ? null : Number(r.tl_id),
        teamLeaderName: r.tl_name,
        ...counts(0, 0, 0),
        salesmen: [],
      };
      teams.set(key, team);
    }
    team.salesmen.push({
      salesmanId: r.sm_id === null ? null : Number(r.sm_id),
      smCode: r.sm_code,
      salesmanName: r.sm_name,
      ...counts(r.targeted, r.reached, r.done),
    });
    Object.assign(team, counts(team.targeted + r.targeted, team.reached + r.reached, team.done + r.done));
    overall.targeted += r.targeted;
    overall.reached += r.reached;
    overall.done += r.done;
  }
  return { overall: counts(overall.targeted, overall.reached, overall.done), teams: [...teams.values()] };
}
