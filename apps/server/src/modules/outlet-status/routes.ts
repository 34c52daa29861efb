/**
 * Outlet Status Online/Offline (issue 11, spec sections 2, 4, 7): the list (admin/getSalesmanDetails,
 * admin/filterResult), its export (admin/fileExport), the filter lists, and the save of the
 * changed-status list. Admins of the market, within their DT scope, where the OfflineApp flag is on.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRIES,
  IMPORT_MESSAGES,
  marketQuerySchema,
  ok,
  outletStatusFiltersSchema,
  outletStatusPageSchema,
  outletStatusQuerySchema,
  REPORT_DOWNLOAD_CAP,
  saveOutletStatusResultSchema,
  saveOutletStatusSchema,
  type OutletStatusQuery,
  type OutletStatusRow,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/export-limits.js';
import {
  countRows,
  csvStream,
  exportColumns,
  listPage,
  presentColumns,
  presentRow,
  sortText,
  tableCriteria,
  xlsxStream,
  XLSX_CONTENT_TYPE,
} from '../../lib/tables/index.js';
import { requireAuth } from '../../lib/request-context.js';
import { assertOutletStatus } from './policy.js';
import { applyStatusChanges, findFilterOptions } from './queries.js';
import { outletStatusTable } from './table.js';
// Registers the 'outletStatus' upload with the import pipeline.
import './import-definition.js';

const TAG = 'admin';
const signedIn = [{ customerToken: [] }];
const access = { roles: ['admin'] } as const;
const EXPORT_FETCH_SIZE = 2_000;
const EXPORT_BATCH_SIZE_EMBEDDED = 100;
/** The header carrying the spec's cap message when an export holds only the first rows. */
export const EXPORT_MESSAGE_HEADER = 'X-Export-Message';

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
  /** The caller, market, abilities and the table criteria of a list or export call. */
  async function prepare(request: FastifyRequest & { query: OutletStatusQuery }, withFilters: boolean) {
    const { user } = requireAuth(request);
    const market = request.market ?? user.homeCountryCode;
    const can = await assertOutletStatus(app.db, user, market, 'view');
    const { sort, page, pageSize } = request.query;
    const query = withFilters ? request.query : { sort, page, pageSize };
    const criteria = tableCriteria(outletStatusTable, { market, user, query });
    return { user, market, can, criteria };
  }

  async function page(request: FastifyRequest & { query: OutletStatusQuery }, withFilters: boolean) {
    const { can, criteria } = await prepare(request, withFilters);
    const [total, rows] = await Promise.all([
      countRows(app.db, outletStatusTable, criteria),
      listPage(app.db, outletStatusTable, criteria),
    ]);
    const columns = presentColumns(outletStatusTable);
    return ok({
      rows: rows.map((row) => presentRow(row, columns) as unknown as OutletStatusRow),
      total,
      page: request.query.page,
      pageSize: request.query.pageSize,
      sort: sortText(criteria),
      columns,
      downloadCap: REPORT_DOWNLOAD_CAP,
      can,
    });
  }

  app.get(
    '/api/admin/getSalesmanDetails',
    {
      schema: {
        tags: [TAG],
        summary: 'Outlet Status: the first page of every outlet (all tenants, no filters)',
        description: `${ACCESS_TEXT} Filter parameters are ignored here; page, pageSize and sort apply.`,
        querystring: outletStatusQuerySchema,
        response: envelopeResponses(outletStatusPageSchema),
        security: signedIn,
      },
      config: { access },
    },
    (request) => page(request, false),
  );

  app.get(
    '/api/admin/filterResult',
    {
      schema: {
        tags: [TAG],
        summary: 'Outlet Status: a page of the outlets matching the filters',
        description: `${ACCESS_TEXT} ${FILTER_TEXT}`,
        querystring: outletStatusQuerySchema,
        response: envelopeResponses(outletStatusPageSchema),
        security: signedIn,
      },
      config: { access },
    },
    (request) => page(request, true),
  );

  app.get(
    '/api/admin/fileExport',
    {
      schema: {
        tags: [TAG],
        summary: 'Outlet Status: the filtered outlets as a CSV or XLSX file, streamed',
        description:
          `${ACCESS_TEXT} Same query as filterResult; format=csv (default) or xlsx, lang=en|vi for the headers. ` +
          `At most ${REPORT_DOWNLOAD_CAP} rows: X-Total-Count gives the rows that matched, and past the cap ` +
          `X-Export-Truncated: true and ${EXPORT_MESSAGE_HEADER}: '${IMPORT_MESSAGES.DOWNLOAD_CAPPED}'. ` +
          `Exports running at once are limited (429 RATE_LIMITED with Retry-After).`,
        querystring: outletStatusQuerySchema,
        response: {
          ...envelopeResponses(z.null(), [429]),
          200: z.unknown().describe('text/csv; charset=utf-8 or an XLSX workbook, streamed'),
        },
        security: signedIn,
      },
      config: { access },
    },
    async (request, reply) => {
      const { user, market, can, criteria } = await prepare(request, true);
      if (!can.export) throw forbidden('You may not export Outlet Status.');
      const slot = app.exports.slot(user.id, reply);
      reply.raw.once('close', slot.release);
      await app.exports.turn();
      const total = await countRows(app.db, outletStatusTable, criteria);
      const xlsx = request.query.format === 'xlsx';
      const name = `outlet-status_${market}.${xlsx ? 'xlsx' : 'csv'}`;
      void reply
        .header('Content-Type', xlsx ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('X-Total-Count', String(total))
        .header('Cache-Control', 'no-store');
      if (total > REPORT_DOWNLOAD_CAP) {
        void reply
          .header('X-Export-Truncated', 'true')
          .header(EXPORT_MESSAGE_HEADER, IMPORT_MESSAGES.DOWNLOAD_CAPPED);
      }
      const options = {
        cap: REPORT_DOWNLOAD_CAP,
        batchSize: app.db.cursor ? EXPORT_FETCH_SIZE : EXPORT_BATCH_SIZE_EMBEDDED,
        timeZone: COUNTRIES[market].timeZone,
        turn: app.exports.turn,
        columns: exportColumns(outletStatusTable, request.query.lang),
      };
      const stream = xlsx
        ? xlsxStream(app.db, outletStatusTable, criteria, { ...options, sheetName: 'Outlet Status' })
        : csvStream(app.db, outletStatusTable, criteria, options);
      stream.on('error', (err) => request.log.error({ err }, 'outlet status export failed part-way'));
      const cut = () => stream.destroy(slot.signal.reason as Error);
      if (slot.signal.aborted) cut();
      else slot.signal.addEventListener('abort', cut, { once: true });
      return reply.send(stream);
    },
  );

  app.get(
    '/api/admin/outletStatus/filters',
    {
      schema: {
        tags: [TAG],
        summary: 'Outlet Status: the DT codes and DT site codes the caller may filter by',
        description: ACCESS_TEXT,
        querystring: marketQuerySchema,
        response: envelopeResponses(outletStatusFiltersSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertOutletStatus(app.db, user, market, 'view');
      return ok(await findFilterOptions(app.db, user, market));
    },
  );

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
