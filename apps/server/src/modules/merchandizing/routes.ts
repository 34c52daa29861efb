/**
 * Merchandizing Sets (issue 15; /merchandizingSets, only where the market's isCDA flag is on: vn).
 * The list of sets, its filtered list and export come from the declared table through
 * registerAdminTable; GET …/set is one set version's page (displays with product lines, outlets,
 * versions), GET …/compliance its compliance from the audits; POST …/set, …/display, …/outlet and
 * …/version change one record (DELETE …/outlet takes an outlet off). The three uploads are import
 * definitions (import-definition.ts) used through the file calls. Paths: /api/admin/merchandizingSets/…
 * (docs/admin.md, "Merchandizing Sets").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MERCH_API,
  merchComplianceSchema,
  merchSaveResultSchema,
  merchSetDetailSchema,
  merchSetFiltersSchema,
  merchSetPageSchema,
  merchSetParamsSchema,
  merchSetQuerySchema,
  newMerchVersionSchema,
  removeMerchOutletSchema,
  saveMerchDisplaySchema,
  saveMerchOutletSchema,
  saveMerchSetSchema,
} from '@fieldforce/contracts';
import { notFound } from '../../lib/errors.js';
import {
  registerAdminChange,
  registerAdminRead,
  registerAdminTable,
  type AuthorizeChange,
} from '../../lib/tables/index.js';
import { assertDefine, assertMerch, MERCH_TOOL, merchAbilities } from './policy.js';
import {
  newVersion,
  removeOutlet,
  saveDisplay,
  saveOutlet,
  saveSet,
  setCompliance,
  setDetail,
  setFilterOptions,
} from './queries.js';
import { merchSetTable } from './table.js';
// Registers the merchSets, merchDisplays and merchOutlets uploads with the import pipeline.
import './import-definition.js';

const ACCESS_TEXT =
  'Admins (userType admin) of the market, only where its isCDA flag is on (vn). Sets and displays are ' +
  'market-wide: creating or changing them needs access to all the market’s distributors; an admin limited ' +
  'to DT codes reads every set and assigns outlets of their distributors, and sees those outlets only.';
const FILTER_TEXT =
  'filter_search: part of a Set ID or Set Name; filter_sub_region, filter_bu_asset_type: comma-joined ' +
  'values, at most 10 each; filter_state: upcoming, live or ended. sort: a column key, - for descending; ' +
  'page, pageSize.';

export const merchandizingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'merchandizingSets',
    table: merchSetTable,
    query: merchSetQuerySchema,
    page: merchSetPageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertMerch,
    list: [
      {
        path: `${MERCH_API}/list`,
        summary: 'Merchandizing Sets: a page of the sets (each Set ID’s current version), no filters',
        filters: false,
      },
      {
        path: `${MERCH_API}/filterResult`,
        summary: 'Merchandizing Sets: a page of the sets matching the filters',
        filters: true,
      },
    ],
    export: {
      path: `${MERCH_API}/fileExport`,
      summary: 'Merchandizing Sets: the filtered sets as a CSV or XLSX file, streamed',
      fileName: (market) => `merchandizing-sets_${market}`,
      sheetName: 'Merchandizing Sets',
    },
  });

  registerAdminRead(app, {
    path: `${MERCH_API}/filters`,
    summary: 'Merchandizing Sets: the market’s Sub-Regions and BU-Asset Types (the list’s filter choices)',
    description: ACCESS_TEXT,
    response: merchSetFiltersSchema,
    authorize: assertMerch,
    read: (ctx) => setFilterOptions(ctx.db, ctx.market),
  });

  registerAdminRead(app, {
    path: `${MERCH_API}/set`,
    summary: 'Merchandizing Sets: one set version (current when version is left out) for the set page',
    description:
      `${ACCESS_TEXT} Displays with their product lines in order (names from the products), the outlets ` +
      'assigned (within the caller’s distributors, at most 500 listed), validity, state, every version ' +
      'with its audits count, and what the caller may do (can.define, can.assign). 404 for an unknown set.',
    query: merchSetParamsSchema,
    response: merchSetDetailSchema,
    authorize: assertMerch,
    read: async ({ db, user, market, can, query }) => {
      const detail = await setDetail(db, user, market, query.setId, query.version, merchAbilities(can, user));
      if (!detail) throw notFound(`Set ${query.setId}${query.version ? ` version ${query.version}` : ''}`);
      return detail;
    },
  });

  registerAdminRead(app, {
    path: `${MERCH_API}/compliance`,
    summary: 'Merchandizing Sets: compliance of one set version from the visit audits',
    description:
      `${ACCESS_TEXT} OSA = products on shelf / products of the planogram; facings and stock = counts ` +
      '(capped at the plan) / planned, summed over the audits; each against the set’s hurdle rate. ' +
      'Overall, by ISO week and by outlet, over outlets of the caller’s distributors.',
    query: merchSetParamsSchema,
    response: merchComplianceSchema,
    authorize: assertMerch,
    read: async ({ db, user, market, query }) => {
      const answer = await setCompliance(db, user, market, query.setId, query.version);
      if (!answer) throw notFound(`Set ${query.setId}`);
      return answer;
    },
  });

  /** What the changes declare alike: the tool, the answer, and who may (sets, displays, versions: define). */
  const merchChange = { tool: MERCH_TOOL, response: merchSaveResultSchema, authorize: assertDefine } as const;
  /** An outlet of the caller's distributors on a display: assigned or taken off by any admin of the tool. */
  const assertAssign: AuthorizeChange = (q, user, market) => assertMerch(q, user, market, 'edit');
  const outletChange = { ...merchChange, path: `${MERCH_API}/outlet`, authorize: assertAssign } as const;

  registerAdminChange(app, {
    ...merchChange,
    method: 'POST',
    path: `${MERCH_API}/set`,
    summary:
      'Merchandizing Sets: create a set (version 1) or change its current version (the Create Sets form)',
    description:
      `${ACCESS_TEXT} Hurdle rates 0–100 (2 decimals), dates YYYY-MM-DD, End date on or after Go live. ` +
      "Audit 'merch.set.create' / 'merch.set.update' (before and after); the data version is bumped.",
    body: saveMerchSetSchema,
    run: (tx, ctx) => saveSet(tx, ctx.market, ctx.body, ctx.user.id),
  });

  registerAdminChange(app, {
    ...merchChange,
    method: 'POST',
    path: `${MERCH_API}/display`,
    summary:
      'Merchandizing Sets: create or replace one display of a set’s current version (the Create Displays form)',
    description:
      `${ACCESS_TEXT} The product lines are given whole (each Product Order and Product Code once; products ` +
      'of the market); a Display ID belongs to one Set ID of the market. 404 for an unknown set. ' +
      "Audit 'merch.display.save'; the data version is bumped.",
    body: saveMerchDisplaySchema,
    run: (tx, ctx) => saveDisplay(tx, ctx.market, ctx.body),
  });

  registerAdminChange(app, {
    ...outletChange,
    method: 'POST',
    summary:
      'Merchandizing Sets: assign an outlet to a display of a set’s current version (the Outlet list form)',
    description:
      `${ACCESS_TEXT} The outlet must be one of the caller’s distributors (403 otherwise); 404 for an ` +
      "unknown set, display or outlet. Audit 'merch.outlet.assign'; the data version is bumped.",
    body: saveMerchOutletSchema,
    run: (tx, ctx) => saveOutlet(tx, ctx.user, ctx.market, ctx.body),
  });

  registerAdminChange(app, {
    ...outletChange,
    method: 'DELETE',
    summary: 'Merchandizing Sets: take an outlet off a display of a set’s current version',
    description:
      `${ACCESS_TEXT} The outlet must be one of the caller’s distributors. Audits recorded there stay. ` +
      "Audit 'merch.outlet.remove'; the data version is bumped.",
    query: removeMerchOutletSchema,
    run: (tx, ctx) => removeOutlet(tx, ctx.user, ctx.market, ctx.query),
  });

  registerAdminChange(app, {
    ...merchChange,
    method: 'POST',
    path: `${MERCH_API}/version`,
    summary: 'Merchandizing Sets: start a new version of a set (a copy of the current one)',
    description:
      `${ACCESS_TEXT} Copies the fields, displays, product lines and outlets; goLive / endDate change the ` +
      'new version’s validity. The older versions and their audits stay readable (GET …/set?version=). ' +
      "Audit 'merch.version.create'; the data version is bumped.",
    body: newMerchVersionSchema,
    run: (tx, ctx) => newVersion(tx, ctx.market, ctx.body, ctx.user.id),
  });
};
