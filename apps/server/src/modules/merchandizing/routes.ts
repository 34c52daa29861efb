/**
 * Merchandizing Sets (issue 15; /merchandizingSets, only where the market's isCDA flag is on: vn).
 * The list of sets, its filtered list and export come from the declared table through
 * registerAdminTable; GET …/set is one set version's page (displays with product lines, outlets,
 * versions), GET …/compliance its compliance from the audits; POST …/set, …/display, …/outlet and
 * …/version change one record (DELETE …/outlet takes an outlet off). The three uploads are import
 * definitions (import-definition.ts) used through the file calls. Paths: /api/admin/merchandizingSets/…
 * (docs/admin.md, "Merchandizing Sets").
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  marketQuerySchema,
  MERCH_API,
  merchComplianceSchema,
  merchSaveResultSchema,
  merchSetDetailSchema,
  merchSetFiltersSchema,
  merchSetPageSchema,
  merchSetParamsSchema,
  merchSetQuerySchema,
  newMerchVersionSchema,
  ok,
  removeMerchOutletSchema,
  saveMerchDisplaySchema,
  saveMerchOutletSchema,
  saveMerchSetSchema,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { envelopeResponses } from '../../lib/responses.js';
import { registerAdminTable } from '../../lib/tables/admin-table-routes.js';
import { assertDefine, assertMerch, merchAbilities } from './policy.js';
import {
  newVersion,
  removeOutlet,
  saveDisplay,
  saveOutlet,
  saveSet,
  setCompliance,
  setDetail,
  setFilterOptions,
  type Actor,
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
const signedIn = [{ customerToken: [] }];
const access = { roles: ['admin'] as const };

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

  /**
   * The tool's rule before the body or query is validated, so a caller who may not use the tool gets
   * 403 whatever they sent (not 400): 'view' for reads, 'edit' for outlets, 'define' for sets,
   * displays and versions.
   */
  const gate = (need: 'view' | 'edit' | 'define') => async (request: FastifyRequest) => {
    const { user } = requireAuth(request);
    const market = request.market ?? user.homeCountryCode;
    if (need === 'define') await assertDefine(app.db, user, market);
    else await assertMerch(app.db, user, market, need);
  };

  app.get(
    `${MERCH_API}/filters`,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Merchandizing Sets: the market’s Sub-Regions and BU-Asset Types (the list’s filter choices)',
        description: ACCESS_TEXT,
        querystring: marketQuerySchema,
        response: envelopeResponses(merchSetFiltersSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('view'),
    },
    async (request) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertMerch(app.db, user, market, 'view');
      return ok(await setFilterOptions(app.db, market));
    },
  );

  app.get(
    `${MERCH_API}/set`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Merchandizing Sets: one set version (current when version is left out) for the set page',
        description:
          `${ACCESS_TEXT} Displays with their product lines in order (names from the products), the outlets ` +
          'assigned (within the caller’s distributors, at most 500 listed), validity, state, every version ' +
          'with its audits count, and what the caller may do (can.define, can.assign). 404 for an unknown set.',
        querystring: merchSetParamsSchema,
        response: envelopeResponses(merchSetDetailSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('view'),
    },
    async (request) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      const can = merchAbilities(await assertMerch(app.db, user, market, 'view'), user);
      const detail = await setDetail(app.db, user, market, request.query.setId, request.query.version, can);
      if (!detail)
        throw notFound(
          `Set ${request.query.setId}${request.query.version ? ` version ${request.query.version}` : ''}`,
        );
      return ok(detail);
    },
  );

  app.get(
    `${MERCH_API}/compliance`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Merchandizing Sets: compliance of one set version from the visit audits',
        description:
          `${ACCESS_TEXT} OSA = products on shelf / products of the planogram; facings and stock = counts ` +
          '(capped at the plan) / planned, summed over the audits; each against the set’s hurdle rate. ' +
          'Overall, by ISO week and by outlet, over outlets of the caller’s distributors.',
        querystring: merchSetParamsSchema,
        response: envelopeResponses(merchComplianceSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('view'),
    },
    async (request) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertMerch(app.db, user, market, 'view');
      const answer = await setCompliance(app.db, user, market, request.query.setId, request.query.version);
      if (!answer) throw notFound(`Set ${request.query.setId}`);
      return ok(answer);
    },
  );

  /** A change in one transaction: the audit entry inside, the data version bumped when it changed. */
  const change = async <R extends { changed: boolean }>(
    request: { id: string },
    actor: Omit<Actor, 'requestId'>,
    run: (tx: Queryable, actor: Actor) => Promise<R>,
  ): Promise<R> =>
    app.db.transaction(async (tx) => {
      const result = await run(tx, { ...actor, requestId: request.id });
      if (result.changed) await app.dataVersion.bump(tx);
      return result;
    });

  app.post(
    `${MERCH_API}/set`,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Merchandizing Sets: create a set (version 1) or change its current version (the Create Sets form)',
        description:
          `${ACCESS_TEXT} Hurdle rates 0–100 (2 decimals), dates YYYY-MM-DD, End date on or after Go live. ` +
          "Audit 'merch.set.create' / 'merch.set.update' (before and after); the data version is bumped.",
        querystring: marketQuerySchema,
        body: saveMerchSetSchema,
        response: envelopeResponses(merchSaveResultSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('define'),
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertDefine(app.db, user, market);
      return ok(
        await change(request, { actorId: user.id, sessionId: session.id }, (tx, actor) =>
          saveSet(tx, market, request.body, actor),
        ),
      );
    },
  );

  app.post(
    `${MERCH_API}/display`,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Merchandizing Sets: create or replace one display of a set’s current version (the Create Displays form)',
        description:
          `${ACCESS_TEXT} The product lines are given whole (each Product Order and Product Code once; products ` +
          'of the market); a Display ID belongs to one Set ID of the market. 404 for an unknown set. ' +
          "Audit 'merch.display.save'; the data version is bumped.",
        querystring: marketQuerySchema,
        body: saveMerchDisplaySchema,
        response: envelopeResponses(merchSaveResultSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('define'),
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertDefine(app.db, user, market);
      return ok(
        await change(request, { actorId: user.id, sessionId: session.id }, (tx, actor) =>
          saveDisplay(tx, market, request.body, actor),
        ),
      );
    },
  );

  app.post(
    `${MERCH_API}/outlet`,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Merchandizing Sets: assign an outlet to a display of a set’s current version (the Outlet list form)',
        description:
          `${ACCESS_TEXT} The outlet must be one of the caller’s distributors (403 otherwise); 404 for an ` +
          "unknown set, display or outlet. Audit 'merch.outlet.assign'; the data version is bumped.",
        querystring: marketQuerySchema,
        body: saveMerchOutletSchema,
        response: envelopeResponses(merchSaveResultSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('edit'),
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertMerch(app.db, user, market, 'edit');
      return ok(
        await change(request, { actorId: user.id, sessionId: session.id }, (tx, actor) =>
          saveOutlet(tx, user, market, request.body, actor),
        ),
      );
    },
  );

  app.delete(
    `${MERCH_API}/outlet`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Merchandizing Sets: take an outlet off a display of a set’s current version',
        description:
          `${ACCESS_TEXT} The outlet must be one of the caller’s distributors. Audits recorded there stay. ` +
          "Audit 'merch.outlet.remove'; the data version is bumped.",
        querystring: removeMerchOutletSchema,
        response: envelopeResponses(merchSaveResultSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('edit'),
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertMerch(app.db, user, market, 'edit');
      return ok(
        await change(request, { actorId: user.id, sessionId: session.id }, (tx, actor) =>
          removeOutlet(tx, user, market, request.query, actor),
        ),
      );
    },
  );

  app.post(
    `${MERCH_API}/version`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Merchandizing Sets: start a new version of a set (a copy of the current one)',
        description:
          `${ACCESS_TEXT} Copies the fields, displays, product lines and outlets; goLive / endDate change the ` +
          'new version’s validity. The older versions and their audits stay readable (GET …/set?version=). ' +
          "Audit 'merch.version.create'; the data version is bumped.",
        querystring: marketQuerySchema,
        body: newMerchVersionSchema,
        response: envelopeResponses(merchSaveResultSchema),
        security: signedIn,
      },
      config: { access },
      preValidation: gate('define'),
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertDefine(app.db, user, market);
      return ok(
        await change(request, { actorId: user.id, sessionId: session.id }, (tx, actor) =>
          newVersion(tx, market, request.body, actor),
        ),
      );
    },
  );
};
