/**
 * Outlet Status Online/Offline (issue 11, spec sections 2, 4, 7): the list (admin/getSalesmanDetails,
 * admin/filterResult), its export (admin/fileExport), the filter lists, and the save of the
 * changed-status list. Admins of the market, within their DT scope, where the OfflineApp flag is on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MESSAGES,
  marketQuerySchema,
  ok,
  outletStatusPageSchema,
  outletStatusQuerySchema,
  saveOutletStatusResultSchema,
  saveOutletStatusSchema,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { registerAdminTable } from '../../lib/tables/admin-table-routes.js';
import { requireAuth } from '../../lib/request-context.js';
import { assertOutletStatus } from './policy.js';
import { applyStatusChanges } from './queries.js';
import { outletStatusTable } from './table.js';
// Registers the 'outletStatus' upload with the import pipeline.
import './import-definition.js';

const TAG = 'admin';
const signedIn = [{ customerToken: [] }];
const access = { roles: ['admin'] } as const;

const ACCESS_TEXT =
  'Admins (userType admin) of the market, in a market whose OfflineApp flag is on (403 otherwise: vn), rows ' +
  'limited to the market and the caller’s DT codes.';
const FILTER_TEXT =
  'filter_dt_code, filter_dt_site_code, filter_outlet_code: comma-joined codes, at most 10 each (400 naming the ' +
  'field past that); tenantCode: one DT code. sort: a column key, - for descending; page, pageSize.';

class MissingOutlets extends Error {
  constructor(readonly codes: string[]) {
    super('outlets not found');
  }
}

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

  app.put(
    '/api/admin/outletStatus',
    {
      schema: {
        tags: [TAG],
        summary: 'Outlet Status: save the changed-status list',
        description:
          `${ACCESS_TEXT} Every change in one transaction: all or nothing. Each outlet must be one of the market’s, ` +
          'under that DT and site, inside the caller’s DT codes (400 listing the others, nothing saved). One audit ' +
          "entry per outlet changed ('outlet.status.update', before and after), and the data version is bumped. " +
          `A failure answers '${IMPORT_MESSAGES.STATUS_SAVE_FAILED}'.`,
        querystring: marketQuerySchema,
        body: saveOutletStatusSchema,
        response: envelopeResponses(saveOutletStatusResultSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertOutletStatus(app.db, user, market, 'edit');
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
          const applied = await applyStatusChanges(tx, user, market, changes, {
            actorId: user.id,
            sessionId: session.id,
            requestId: request.id,
            importId: null,
          });
          if (applied.missing.length > 0) throw new MissingOutlets(applied.missing);
          if (applied.updated > 0) await app.dataVersion.bump(tx);
          return applied;
        });
        return ok({ updated: result.updated, unchanged: result.unchanged });
      } catch (error) {
        if (error instanceof MissingOutlets) {
          throw new AppError(
            'VALIDATION_FAILED',
            IMPORT_MESSAGES.STATUS_SAVE_FAILED,
            error.codes.map((code) => ({
              field: 'body.changes',
              message: `Outlet ${code} is not one of your outlets under that DT Code and DT Site Code.`,
            })),
          );
        }
        request.log.error({ err: error }, 'outlet status save failed');
        throw new AppError('INTERNAL_ERROR', IMPORT_MESSAGES.STATUS_SAVE_FAILED);
      }
    },
  );
};
