/**
 * Outlet Status SQL outside the declared table (table.ts): the save of the
 * changed-status list and its audit entries, and the outlets a file names (for the database rules; the
 * import's checks, plan and apply are in import-definition.ts). Every statement limits rows to the market and the caller's DT scope (dtScopeSql).
 */
import type { ChangedOutletStatus, CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { dtScopeSql, type AuthUser } from '../../lib/policy.js';
import type { KnownOutlet } from './rules.js';

export const OUTLET_STATUS_TOOL = 'outletStatus';
export const STATUS_UPDATE_ACTION = 'outlet.status.update';

/** The market's outlets with these codes (any DT: the rules tell "not in portal" from "out of scope"). */
export async function findOutletsByCode(
  q: Queryable,
  market: CountryCode,
  codes: readonly string[],
): Promise<Map<string, KnownOutlet>> {
  if (codes.length === 0) return new Map();
  const { rows } = await q.query<KnownOutlet>(
    `SELECT outlet_code AS "outletCode", dt_code AS "dtCode", dt_site_code AS "dtSiteCode"
     FROM outlets WHERE country_code = $1 AND outlet_code = ANY($2::text[])`,
    [market, [...new Set(codes)]],
  );
  return new Map(rows.map((r) => [r.outletCode, r]));
}

export interface StatusChangeResult {
  /** Codes of the changes that match no outlet of the market under that DT and site in the scope. */
  missing: string[];
  updated: number;
  unchanged: number;
}

export interface AuditActor {
  actorId: string;
  sessionId: string | null;
  requestId: string | null;
  importId: string | null;
}

/**
 * Applies a changed-status list in `tx` (the caller's transaction): locks the outlets in the caller's
 * scope, and when every change names one, updates those whose status differs and writes one audit
 * entry per outlet changed ('outlet.status.update', before/after). Set-based: one statement each.
 * When some change names no outlet in the scope, nothing is written and `missing` lists them.
 */
export async function applyStatusChanges(
  tx: Queryable,
  user: AuthUser,
  market: CountryCode,
  changes: readonly ChangedOutletStatus[],
  actor: AuditActor,
): Promise<StatusChangeResult> {
  const codes = changes.map((c) => c.outletCode);
  const params: unknown[] = [market, codes];
  const { rows: found } = await tx.query<{ outlet_code: string; dt_code: string; dt_site_code: string }>(
    `SELECT outlet_code, dt_code, dt_site_code FROM outlets
     WHERE country_code = $1 AND outlet_code = ANY($2::text[]) AND ${dtScopeSql(user, 'dt_code', params)}
     ORDER BY outlet_code FOR UPDATE`,
    params,
  );
  const byCode = new Map(found.map((r) => [r.outlet_code, r]));
  const missing = changes
    .filter((c) => {
      const o = byCode.get(c.outletCode);
      return !o || o.dt_code !== c.dtCode || o.dt_site_code !== c.dtSiteCode;
    })
    .map((c) => c.outletCode);
  if (missing.length > 0) return { missing, updated: 0, unchanged: 0 };

  const { rows: changed } = await tx.query<{ outlet_code: string; was: boolean; now: boolean }>(
    `WITH c AS (SELECT * FROM unnest($2::text[], $3::boolean[]) AS c(outlet_code, online)),
     old AS (SELECT o.id, o.outlet_code, o.is_online AS was, c.online FROM outlets o
             JOIN c ON c.outlet_code = o.outlet_code
             WHERE o.country_code = $1 AND o.is_online IS DISTINCT FROM c.online)
     UPDATE outlets o SET is_online = old.online FROM old WHERE o.id = old.id
     RETURNING old.outlet_code, old.was, o.is_online AS now`,
    [market, codes, changes.map((c) => c.status === 1)],
  );
  await insertStatusAudit(tx, market, actor, changed);
  return { missing: [], updated: changed.length, unchanged: changes.length - changed.length };
}

/** One 'outlet.status.update' audit entry per changed outlet, in one INSERT. */
export async function insertStatusAudit(
  tx: Queryable,
  market: CountryCode,
  actor: AuditActor,
  changed: ReadonlyArray<{ outlet_code: string; was: boolean; now: boolean }>,
): Promise<void> {
  if (changed.length === 0) return;
  await tx.query(
    `INSERT INTO audit_log (actor_id, session_id, market, tool, action, target, before, after, import_id, request_id)
     SELECT $1, $2, $3, $4, $5, c.code,
            jsonb_build_object('status', CASE WHEN c.was THEN 1 ELSE 0 END),
            jsonb_build_object('status', CASE WHEN c.now THEN 1 ELSE 0 END), $6, $7
     FROM unnest($8::text[], $9::boolean[], $10::boolean[]) AS c(code, was, now)`,
    [
      actor.actorId,
      actor.sessionId,
      market,
      OUTLET_STATUS_TOOL,
      STATUS_UPDATE_ACTION,
      actor.importId,
      actor.requestId,
      changed.map((c) => c.outlet_code),
      changed.map((c) => c.was),
      changed.map((c) => c.now),
    ],
  );
}
