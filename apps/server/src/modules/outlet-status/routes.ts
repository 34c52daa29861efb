/**
 * Outlet Status Online/Offline (issue 11, spec sections 2, 4, 7): the list (admin/getSalesmanDetails,
 * admin/filterResult), its export (admin/fileExport), the filter lists, and the save of the
 * changed-status list. Admins of the market, within their DT scope, where the OfflineApp flag is on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outletStatusPageSchema,
  outletStatusQuerySchema,
  saveOutletStatusResultSchema,
  saveOutletStatusSchema,
} from '@fieldforce/contracts';
import { registerChangeListSave } from '../../lib/tables/change-list-save.js';
import { registerAdminTable } from '../../lib/tables/admin-table-routes.js';
import { assertOutletStatus } from './policy.js';
import { applyStatusChanges } from './queries.js';
import { outletStatusTable } from './table.js';
// Registers the 'outletStatus' upload with the import pipeline.
import './import-definition.js';

const ACCESS_TEXT =
  'Admins (userType admin) of the market, in a market whose OfflineApp flag is on (403 otherwise: vn), rows ' +
  'limited to the market and the caller’s DT codes.';
const FILTER_TEXT =
  'filter_dt_code, filter_dt_site_code, filter_outlet_code: comma-joined codes, at most 10 each (400 naming the ' +
  'field past that); tenantCode: one DT code. sort: a column key, - for descending; page, pageSize.';

export const outletStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'outletStatus',
    table: outletStatusTable,
    query: outletStatusQuerySchema,
    page: outletStatusPageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertOutletStatus,
    list: [
      {
        path: '/api/admin/getSalesmanDetails',
        summary: 'Outlet Status: the first page of every outlet (all tenants, no filters)',
        filters: false,
      },
      {
        path: '/api/admin/filterResult',
        summary: 'Outlet Status: a page of the outlets matching the filters',
        filters: true,
      },
    ],
    export: {
      path: '/api/admin/fileExport',
      summary: 'Outlet Status: the filtered outlets as a CSV or XLSX file, streamed',
      fileName: (market) => `outlet-status_${market}`,
      sheetName: 'Outlet Status',
    },
    filterOptions: {
      path: '/api/admin/outletStatus/filters',
      summary: 'Outlet Status: the DT codes and DT site codes the caller may filter by',
    },
  });

  registerChangeListSave(app, {
    path: '/api/admin/outletStatus',
    summary: 'Outlet Status: save the changed-status list',
    description:
      `${ACCESS_TEXT} Each outlet must be one of the market’s, under that DT and site, inside the caller’s DT ` +
      "codes. One audit entry per outlet changed ('outlet.status.update', before and after).",
    body: saveOutletStatusSchema,
    response: saveOutletStatusResultSchema,
    authorize: assertOutletStatus,
    key: 'outletCode',
    apply: async (tx, { user, market, actor }, changes) => {
      const applied = await applyStatusChanges(tx, user, market, changes, actor);
      const missing = new Set(applied.missing);
      return {
        updated: applied.updated,
        unchanged: applied.unchanged,
        refused: changes.flatMap((c, index) =>
          missing.has(c.outletCode)
            ? [
                {
                  index,
                  message: `Outlet ${c.outletCode} is not one of your outlets under that DT Code and DT Site Code.`,
                },
              ]
            : [],
        ),
      };
    },
  });
};
