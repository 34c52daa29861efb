/**
 * Outlet Geo-Compliance (issue 12; spec section 2): the outlets with their geo-compliance check (list,
 * filtered list, export: from the declared table through registerAdminTable), the filter lists, and the
 * save of the changed list. The spec names no paths for this tool: they are /api/admin/outletGeoCompliance/…
 * (docs/admin.md). The bulk update is the 'outletGeoCompliance' import (import-definition.ts) through the
 * file calls. Admins of the market, within their DT scope, where the market's flag is on (not th).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MESSAGES,
  marketQuerySchema,
  ok,
  OUTLET_GEO_API,
  outletGeoPageSchema,
  outletGeoQuerySchema,
  saveOutletGeoResultSchema,
  saveOutletGeoSchema,
} from '@fieldforce/contracts';
import { AppError, badRequest } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { envelopeResponses } from '../../lib/responses.js';
import { registerAdminTable } from '../../lib/tables/admin-table-routes.js';
import { assertOutletGeo } from './policy.js';
import { applyGeoChanges, type GeoSaveResult } from './queries.js';
import { outletGeoTable } from './table.js';
// Registers the 'outletGeoCompliance' upload with the import pipeline.
import './import-definition.js';

const TAG = 'admin';
const signedIn = [{ customerToken: [] }];
const access = { roles: ['admin'] } as const;

const ACCESS_TEXT =
  'Admins (userType admin) of the market, in a market whose outletGeoCompliance flag is on (403 otherwise: th), ' +
  'rows limited to the market and the caller’s DT codes.';
const FILTER_TEXT =
  'filter_dt_code, filter_dt_site_code, filter_outlet_code: comma-joined codes, at most 10 each (400 naming the ' +
  'field past that); filter_geo_compliance: 1 or 0. sort: a column key, - for descending; page, pageSize.';

class RefusedChanges extends Error {
  constructor(readonly refused: GeoSaveResult['refused']) {
    super('outlets refused');
  }
}

export const outletGeoComplianceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'outletGeoCompliance',
    table: outletGeoTable,
    query: outletGeoQuerySchema,
    page: outletGeoPageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertOutletGeo,
    list: [
      {
        path: `${OUTLET_GEO_API}/list`,
        summary: 'Outlet Geo-Compliance: a page of every outlet (no filters)',
        filters: false,
      },
      {
        path: `${OUTLET_GEO_API}/filterResult`,
        summary: 'Outlet Geo-Compliance: a page of the outlets matching the filters',
        filters: true,
      },
    ],
    export: {
      path: `${OUTLET_GEO_API}/fileExport`,
      summary: 'Outlet Geo-Compliance: Export Outlets, the filtered outlets as a CSV or XLSX file, streamed',
      fileName: (market) => `outlet-geo-compliance_${market}`,
      sheetName: 'Outlet Geo-Compliance',
    },
    filterOptions: {
      path: `${OUTLET_GEO_API}/filters`,
      summary: 'Outlet Geo-Compliance: the DT codes and DT site codes the caller may filter by',
    },
  });

  app.put(
    OUTLET_GEO_API,
    {
      schema: {
        tags: [TAG],
        summary: 'Outlet Geo-Compliance: save the changed list (enable or disable the check per outlet)',
        description:
          `${ACCESS_TEXT} Every change in one transaction: all or nothing. Each outlet must be one of the market’s, ` +
          'under that DT Code, inside the caller’s DT codes; otherwise nothing is saved and the 400 names each ' +
          'refused outlet (errors.fields: field body.changes.{index}, why). One audit entry per outlet changed ' +
          "('outlet.geo.update', before and after {geoCompliance}), and the data version is bumped. A failure " +
          `answers '${IMPORT_MESSAGES.STATUS_SAVE_FAILED}'.`,
        querystring: marketQuerySchema,
        body: saveOutletGeoSchema,
        response: envelopeResponses(saveOutletGeoResultSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertOutletGeo(app.db, user, market, 'edit');
      const { changes } = request.body;
      const seen = new Set<string>();
      changes.forEach((change, i) => {
        if (seen.has(change.outletCode)) {
          throw badRequest(`body.changes.${i}.outletCode`, `${change.outletCode} is in the list twice.`);
        }
        seen.add(change.outletCode);
      });
      try {
        const result = await app.db.transaction(async (tx) => {
          const applied = await applyGeoChanges(tx, user, market, changes, {
            actorId: user.id,
            sessionId: session.id,
            requestId: request.id,
          });
          if (applied.refused.length > 0) throw new RefusedChanges(applied.refused);
          if (applied.updated > 0) await app.dataVersion.bump(tx);
          return applied;
        });
        return ok({ updated: result.updated, unchanged: result.unchanged });
      } catch (error) {
        if (error instanceof RefusedChanges) {
          const index = new Map(changes.map((c, i) => [c.outletCode, i]));
          throw new AppError(
            'VALIDATION_FAILED',
            IMPORT_MESSAGES.STATUS_SAVE_FAILED,
            error.refused.map((r) => ({
              field: `body.changes.${index.get(r.outletCode)}`,
              message:
                r.reason === 'outOfScope'
                  ? `Outlet ${r.outletCode} of DT ${r.dtCode} is outside your distributors.`
                  : `Outlet ${r.outletCode} is not one of the market’s outlets under DT ${r.dtCode}.`,
            })),
          );
        }
        request.log.error({ err: error }, 'outlet geo-compliance save failed');
        throw new AppError('INTERNAL_ERROR', IMPORT_MESSAGES.STATUS_SAVE_FAILED);
      }
    },
  );
};
