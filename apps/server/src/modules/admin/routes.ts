/**
 * The admin menu and the Activity Log (issue 11):
 *   GET /api/admin/tools?countryCode=        the market's admin tools for the caller, each with `can`;
 *   GET /api/admin/activityLog?tool=&countryCode=&page=   the tool's audit rows, newest first.
 * Both for admins of the market (config.access: role admin, own market); the Activity Log is a
 * registerAdminRead behind the asked tool's policy (lib/tables/admin-gate.ts, `gateQuery`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_TOOL_KEYS,
  activityLogPageSchema,
  activityLogQuerySchema,
  adminToolsSchema,
  marketQuerySchema,
  ok,
  REPORT_DOWNLOAD_CAP,
  type ActivityEntry,
  type AdminToolKey,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import {
  abilities,
  assertAdminTool,
  dtScope,
  dtScopeSql,
  loadMarketSettings,
  toolInMarket,
} from '../../lib/policies/index.js';
import type { AuthUser } from '../../lib/policy.js';
import { handle, routeOptions } from '../../lib/route.js';
import { registerAdminRead } from '../../lib/tables/index.js';

const TAG = 'admin';
const signedIn = [{ customerToken: [] }];
const adminsOfMarket = { roles: ['admin'] } as const;

/** The web route of each tool, as the spec's route table writes it. */
export const ADMIN_TOOL_PATHS: Record<AdminToolKey, string> = {
  userAccess: '/useraccess',
  taskManagement: '/taskmanagment',
  estimatedBestPrice: '/estimatedbestprice',
  outletGeoCompliance: '/outletGeoCompliance',
  salesmanDeviceId: '/salesmandeviceid',
  merchandizingSets: '/merchandizingSets',
  deviceGeoCompliance: '/devicegeocompliance',
  outletStatus: '/outletStatus',
  adminConfiguration: '/adminconfigurationpage',
};

/**
 * How an Activity Log entry of each tool finds its distributor (from the entry's target: an outlet
 * code or an SM code), so an admin limited to some DT codes sees only their distributors' changes.
 * A tool whose entries name outlets or salesmen adds its line here.
 */
const AUDIT_TARGET_DT: Partial<Record<AdminToolKey, string>> = {
  outletStatus:
    'SELECT o.dt_code FROM outlets o WHERE o.outlet_code = a.target AND o.country_code = a.market',
  outletGeoCompliance:
    'SELECT o.dt_code FROM outlets o WHERE o.outlet_code = a.target AND o.country_code = a.market',
  salesmanDeviceId:
    'SELECT s.dt_code FROM salesmen s WHERE s.sm_code = a.target AND s.country_code = a.market',
  deviceGeoCompliance:
    'SELECT s.dt_code FROM salesmen s WHERE s.sm_code = a.target AND s.country_code = a.market',
};

/**
 * Tools whose entries name a user (by email): an admin limited to DT codes reads the entries of users
 * whose DT codes all lie among theirs, as the User Access list shows them.
 */
const AUDIT_TARGET_USER_DTS: Partial<Record<AdminToolKey, string>> = {
  userAccess: 'SELECT code_list(u.dt_access_codes) FROM users u WHERE u.email = a.target',
};

/**
 * How an Activity Log entry of each tool names its target for people (the outlet's, salesman's or
 * user's name, the product, the task's title): the log shows it beside the code or email it keeps.
 */
const AUDIT_TARGET_NAME: Partial<Record<AdminToolKey, string>> = {
  outletStatus: 'SELECT o.name FROM outlets o WHERE o.outlet_code = a.target AND o.country_code = a.market',
  outletGeoCompliance:
    'SELECT o.name FROM outlets o WHERE o.outlet_code = a.target AND o.country_code = a.market',
  salesmanDeviceId: 'SELECT s.name FROM salesmen s WHERE s.sm_code = a.target AND s.country_code = a.market',
  deviceGeoCompliance:
    'SELECT s.name FROM salesmen s WHERE s.sm_code = a.target AND s.country_code = a.market',
  userAccess: 'SELECT named.name FROM users named WHERE named.email = a.target',
  // An override's target is 'item code|outlet type'.
  estimatedBestPrice: "SELECT p.name FROM products p WHERE p.item_code = split_part(a.target, '|', 1)",
  taskManagement: 'SELECT k.title FROM tasks k WHERE k.code = a.target AND k.country_code = a.market',
};

/**
 * The entries an admin may read: all of them with every DT; otherwise their own, those whose target
 * belongs to one of their distributors, and market-wide settings (no target, not an import). Another
 * admin's file, and changes to other distributors' outlets or salesmen, stay out.
 */
export function activityScopeSql(user: AuthUser, tool: AdminToolKey, params: unknown[]): string {
  if (dtScope(user) === null) return 'TRUE';
  params.push(user.id);
  const own = `a.actor_id = $${params.length}`;
  const marketWide = 'a.target IS NULL AND a.import_id IS NULL';
  const targetDt = AUDIT_TARGET_DT[tool];
  const userDts = AUDIT_TARGET_USER_DTS[tool];
  let inScope = 'FALSE';
  if (targetDt) inScope = `(a.target IS NOT NULL AND ${dtScopeSql(user, `(${targetDt})`, params)})`;
  else if (userDts) {
    params.push(dtScope(user));
    const codes = `$${params.length}::text[]`;
    inScope = `(a.target IS NOT NULL AND coalesce((SELECT cardinality(d) > 0 AND d <@ ${codes}
                 FROM (${userDts}) AS t(d)), FALSE))`;
  }
  return `(${own} OR ${inScope} OR (${marketWide}))`;
}

const ACTIVITY_COLUMNS = [
  { key: 'at', header: { en: 'Date and time', vi: 'Ngày giờ' }, type: 'datetime', sortable: false },
  { key: 'actorName', header: { en: 'Changed by', vi: 'Người thay đổi' }, type: 'text', sortable: false },
  { key: 'action', header: { en: 'Action', vi: 'Thao tác' }, type: 'text', sortable: false },
  { key: 'target', header: { en: 'Target', vi: 'Đối tượng' }, type: 'text', sortable: false },
] as const;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/tools',
    {
      ...routeOptions({
        access: adminsOfMarket,
        schema: {
          tags: [TAG],
          summary: 'The admin menu of the market for the caller',
          description:
            'Admins of the market. The tools in menu order with the per-country conditions of spec section 2; ' +
            'each with what the caller may do (`can`). Outlet Status also needs the caller’s email domain in ' +
            'the market’s allowed domains.',
          querystring: marketQuerySchema,
          response: envelopeResponses(adminToolsSchema),
          security: signedIn,
        },
      }),
    },
    handle(async (ctx) => {
      const market = await loadMarketSettings(ctx.db, ctx.market);
      const tools = ADMIN_TOOL_KEYS.filter((key) => key !== 'adminConfiguration' && toolInMarket(key, market))
        .map((key) => ({ key, path: ADMIN_TOOL_PATHS[key], can: abilities(ctx.user, key, market) }))
        .filter((tool) => tool.can.view);
      return ok({ tools });
    }),
  );

  registerAdminRead(app, {
    path: '/api/admin/activityLog',
    tag: TAG,
    summary: 'The Activity Log of an admin tool',
    description:
      'Admins of the market, for a tool the market has and they may view (403 otherwise, before the ' +
      'rest of the query is checked; a `tool` that is no tool: 400). The audit rows of the tool in the ' +
      'market, newest first, with the actor’s name. An admin limited to some DT codes sees their own ' +
      'entries, those about their distributors’ outlets and salesmen, and market-wide settings.',
    query: activityLogQuerySchema,
    response: activityLogPageSchema,
    // The policy is the asked tool's: the gate parses `tool` alone first, so a caller the tool refuses
    // gets 403 whatever else the query holds.
    gateQuery: activityLogQuerySchema.pick({ tool: true }),
    authorize: (q, user, market, action, { tool }) => assertAdminTool(q, user, market, tool, action),
    read: async (ctx) => {
      const { tool, page, pageSize } = ctx.query;
      const params: unknown[] = [ctx.market, tool];
      const scope = activityScopeSql(ctx.user, tool, params);
      const { rows: countRows } = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log a WHERE a.market = $1 AND a.tool = $2 AND ${scope}`,
        params,
      );
      const { rows } = await ctx.db.query<{
        id: string;
        at: Date;
        actor_name: string | null;
        actor_email: string | null;
        action: string;
        target: string | null;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
        import_id: string | null;
        file_name: string | null;
        target_name: string | null;
      }>(
        `SELECT a.id, a.at, u.name AS actor_name, u.email AS actor_email, a.action, a.target, a.before, a.after,
                a.import_id, COALESCE(i.original_name, f.original_name) AS file_name,
                ${AUDIT_TARGET_NAME[tool] ? `(${AUDIT_TARGET_NAME[tool]} LIMIT 1)` : 'NULL::text'} AS target_name
         FROM audit_log a
         LEFT JOIN users u ON u.id = a.actor_id
         LEFT JOIN imports i ON i.id = a.import_id
         LEFT JOIN stored_files f ON f.id = COALESCE(a.after->>'fileId', i.original_file_id)
         WHERE a.market = $1 AND a.tool = $2 AND ${scope}
         ORDER BY a.at DESC, a.seq DESC NULLS LAST, a.id DESC
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      );
      const entries: ActivityEntry[] = rows.map((r) => ({
        id: r.id,
        at: new Date(r.at).toISOString(),
        actorName: r.actor_name ?? r.actor_email ?? '',
        actorEmail: r.actor_email ?? '',
        action: r.action,
        target: r.target,
        targetName: r.target_name,
        before: r.before,
        after: r.after,
        importId: r.import_id,
        fileName: r.file_name,
      }));
      return {
        rows: entries,
        total: countRows[0]?.n ?? 0,
        page,
        pageSize,
        sort: '-at',
        columns: ACTIVITY_COLUMNS.map((c) => ({ ...c, header: { ...c.header } })),
        downloadCap: REPORT_DOWNLOAD_CAP,
        can: ctx.can,
      };
    },
  });
};
