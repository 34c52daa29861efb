/**
 * Outlet Geo-Compliance (issue 12; spec section 2): the outlets with their geo-compliance check (list,
 * filtered list, export: from the declared table through registerAdminTable), the filter lists, and the
 * save of the changed list. The spec names no paths for this tool: they are /api/admin/outletGeoCompliance/…
 * (docs/admin.md). The bulk update is the 'outletGeoCompliance' import (import-definition.ts) through the
 * file calls. Admins of the market, within their DT scope, where the market's flag is on (not th).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OUTLET_GEO_API,
  outletGeoPageSchema,
  outletGeoQuerySchema,
  saveOutletGeoResultSchema,
  saveOutletGeoSchema,
} from '@fieldforce/contracts';
import { registerAdminTable } from '../../lib/tables/admin-table-routes.js';
import { registerChangeListSave } from '../../lib/tables/change-list-save.js';
import { assertOutletGeo } from './policy.js';
import { applyGeoChanges } from './queries.js';
import { outletGeoTable } from './table.js';
// Registers the 'outletGeoCompliance' upload with the import pipeline.
import './import-definition.js';

const ACCESS_TEXT =
  'Admins (userType admin) of the market, in a market whose outletGeoCompliance flag is on (403 otherwise: th), ' +
  'rows limited to the market and the caller’s DT codes.';
const FILTER_TEXT =
  'filter_dt_code, filter_dt_site_code, filter_outlet_code: comma-joined codes, at most 10 each (400 naming the ' +
  'field past that); filter_geo_compliance: 1 or 0. sort: a column key, - for descending; page, pageSize.';

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

  registerChangeListSave(app, {
    path: OUTLET_GEO_API,
    summary: 'Outlet Geo-Compliance: save the changed list (enable or disable the check per outlet)',
    description:
      `${ACCESS_TEXT} Each outlet must be one of the market’s, under that DT Code, inside the caller’s DT codes. ` +
      "One audit entry per outlet changed ('outlet.geo.update', before and after {geoCompliance}).",
    body: saveOutletGeoSchema,
    response: saveOutletGeoResultSchema,
    authorize: assertOutletGeo,
    key: 'outletCode',
    apply: async (tx, { user, market, actor }, changes) => {
      const applied = await applyGeoChanges(tx, user, market, changes, actor);
      const index = new Map(changes.map((c, i) => [c.outletCode, i]));
      return {
        updated: applied.updated,
        unchanged: applied.unchanged,
        refused: applied.refused.map((r) => ({
          index: index.get(r.outletCode)!,
          message:
            r.reason === 'outOfScope'
              ? `Outlet ${r.outletCode} of DT ${r.dtCode} is outside your distributors.`
              : `Outlet ${r.outletCode} is not one of the market’s outlets under DT ${r.dtCode}.`,
        })),
      };
    },
  });
};
