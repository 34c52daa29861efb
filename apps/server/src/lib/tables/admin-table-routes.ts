/**
 * The read side of an admin tool, from its declared table: one call registers the tool's list pages
 * (with or without its filters), its streamed CSV/XLSX export (capped, limited by the app's export
 * slots, cut at shutdown) and their OpenAPI entries, all behind the tool's policy: it runs once per
 * request, before the query is validated (admin-gate.ts; 'view' for the pages and filter lists, 'export'
 * for the export), so a caller the tool refuses gets 403 whatever they sent. The tool's other reads (a
 * record's page, its progress) are registerAdminRead (admin-read.ts). A tool then only declares its
 * table, its query schema and its paths:
 *
 *   registerAdminTable(app, {
 *     tool: 'outletStatus', table: outletStatusTable, query: outletStatusQuerySchema,
 *     page: outletStatusPageSchema, access: ACCESS_TEXT, filters: FILTER_TEXT,
 *     authorize: assertOutletStatus,
 *     list: [{ path: '/api/admin/filterResult', summary: '…', filters: true }],
 *     export: { path: '/api/admin/fileExport', summary: '…', fileName: (m) => `outlet-status_${m}`, sheetName: 'Outlet Status' },
 *   });
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRIES,
  IMPORT_MESSAGES,
  ok,
  REPORT_DOWNLOAD_CAP,
  type Abilities,
  type AdminToolKey,
  dtFilterOptionsSchema,
  marketQuerySchema,
  type CountryCode,
  type TableQuery,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { forbidden } from '../errors.js';
import { attachmentDisposition, cutOnAbort } from '../export-limits.js';
import type { AdminAction } from '../policies/index.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';
import { envelopeResponses } from '../responses.js';
import { tableCriteria, sortText, type TableCriteria } from './criteria.js';
import type { Table } from './define-table.js';
import { csvStream, exportColumns, XLSX_CONTENT_TYPE, xlsxStream } from './export.js';
import { presentColumns, presentRow } from './present.js';
import { dtFilterOptions } from './dt-filter-options.js';
import { gated, toolGate } from './admin-gate.js';
import { countRows, filterChoices, FILTER_CHOICES_MAX, listPage } from './sql.js';

/** The header carrying the spec's cap message when an export holds only the first rows. */
export const EXPORT_MESSAGE_HEADER = 'X-Export-Message';
const EXPORT_FETCH_SIZE = 2_000;
const EXPORT_BATCH_SIZE_EMBEDDED = 100;
const signedIn = [{ customerToken: [] }];

/** The tool's policy: throws 403 with the refusal's words, else the caller's abilities in the market. */
export type AuthorizeTool = (
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  action: AdminAction,
) => Promise<Abilities>;

export interface AdminTableOptions<Q extends z.ZodType<TableQuery>> {
  tool: AdminToolKey;
  table: Table;
  /** The querystring: contracts' tableQuerySchema extended with the table's filter parameters. */
  query: Q;
  /** The page's response-data schema (contracts' tablePageSchema(rowSchema)). */
  page: z.ZodType;
  /** Who may call, for the OpenAPI descriptions. */
  access: string;
  /** The filter parameters and their rules, for the OpenAPI descriptions. */
  filters: string;
  authorize: AuthorizeTool;
  /** Role gate read by plugins/auth.ts before the handler (default: admins). */
  roles?: readonly ['admin'];
  /** OpenAPI tag (default 'admin'). */
  tag?: string;
  /** The list pages; `filters: false` answers every row of the scope (the filter parameters ignored). */
  list: readonly { path: string; summary: string; filters: boolean }[];
  export?: {
    path: string;
    summary: string;
    /** The file name without extension, e.g. (m) => `outlet-status_${m}`. */
    fileName: (market: CountryCode) => string;
    sheetName: string;
  };
  /**
   * A route answering what the caller may filter by: the DT codes and DT site codes (dtFilterOptions;
   * `distributors: false` for a market-wide table, whose lists are then empty) and, for each filter
   * declared with `choices`, the values the caller's rows hold (filterChoices).
   */
  filterOptions?: { path: string; summary: string; distributors?: boolean };
}

/**
 * The caller, market, abilities and criteria of one list or export request. The tool's policy has run
 * already: the route's gate (toolGate, in preValidation) found the abilities and the market.
 */
export function adminTableRequest(
  request: FastifyRequest,
  table: Table,
  withFilters = true,
): { user: AuthUser; market: CountryCode; can: Abilities; criteria: TableCriteria } {
  const { user } = requireAuth(request);
  const { can, market } = gated(request);
  const query = request.query as TableQuery;
  const { sort, page, pageSize } = query;
  const criteria = tableCriteria(table, {
    market,
    user,
    query: withFilters ? (query as TableQuery & Record<string, unknown>) : { sort, page, pageSize },
  });
  return { user, market, can, criteria };
}

export function registerAdminTable<Q extends z.ZodType<TableQuery>>(
  app: FastifyInstance,
  options: AdminTableOptions<Q>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { table, tag = 'admin' } = options;
  const access = { roles: options.roles ?? (['admin'] as const) };
  // The tool's policy once per request, before the query is validated: 403 first, whatever was sent.
  const gate = (action: AdminAction) =>
    toolGate(app, (q, user, market) => options.authorize(q, user, market, action));
  const viewGate = gate('view');

  for (const list of options.list) {
    typed.get(
      list.path,
      {
        schema: {
          tags: [tag],
          summary: list.summary,
          description: list.filters
            ? `${options.access} ${options.filters}`
            : `${options.access} Filter parameters are ignored here; page, pageSize and sort apply.`,
          querystring: options.query,
          response: envelopeResponses(options.page),
          security: signedIn,
        },
        config: { access },
        preValidation: viewGate,
      },
      async (request) => {
        const { can, criteria } = adminTableRequest(request, table, list.filters);
        const query = request.query as TableQuery;
        const [total, rows] = await Promise.all([
          countRows(app.db, table, criteria),
          listPage(app.db, table, criteria),
        ]);
        const columns = presentColumns(table);
        return ok({
          rows: rows.map((row) => presentRow(row, columns)),
          total,
          page: query.page,
          pageSize: query.pageSize,
          sort: sortText(criteria),
          columns,
          downloadCap: REPORT_DOWNLOAD_CAP,
          can,
        });
      },
    );
  }

  const filterOptions = options.filterOptions;
  const choiceParams = Object.entries(table.filters as Record<string, Table['filters'][string]>)
    .filter(([, f]) => f?.choices)
    .map(([param]) => param);
  if (filterOptions) {
    typed.get(
      filterOptions.path,
      {
        schema: {
          tags: [tag],
          summary: filterOptions.summary,
          description:
            `${options.access} ` +
            (filterOptions.distributors === false
              ? 'dtCodes and dtSiteCodes are empty (the rows are market-wide).'
              : "The market's distributors and sites within the caller's DT codes.") +
            (choiceParams.length > 0
              ? ` choices: for ${choiceParams.join(', ')}, the values the caller's rows hold (at most ${FILTER_CHOICES_MAX}).`
              : ''),
          querystring: marketQuerySchema,
          response: envelopeResponses(dtFilterOptionsSchema),
          security: signedIn,
        },
        config: { access },
        preValidation: viewGate,
      },
      async (request) => {
        const { user, market, criteria } = adminTableRequest(request, table, false);
        const distributors =
          filterOptions.distributors === false
            ? { dtCodes: [], dtSiteCodes: [] }
            : await dtFilterOptions(app.db, user, market);
        if (choiceParams.length === 0) return ok(distributors);
        return ok({ ...distributors, choices: await filterChoices(app.db, table, criteria) });
      },
    );
  }

  const exp = options.export;
  if (!exp) return;
  typed.get(
    exp.path,
    {
      schema: {
        tags: [tag],
        summary: exp.summary,
        description:
          `${options.access} ${options.filters} format=csv (default) or xlsx, lang=en|vi for the headers. ` +
          `At most ${REPORT_DOWNLOAD_CAP} rows: X-Total-Count gives the rows that matched, and past the cap ` +
          `X-Export-Truncated: true and ${EXPORT_MESSAGE_HEADER}: '${IMPORT_MESSAGES.DOWNLOAD_CAPPED}'. ` +
          'Exports running at once are limited (429 RATE_LIMITED with Retry-After).',
        querystring: options.query,
        response: {
          ...envelopeResponses(z.null(), [429]),
          200: z.unknown().describe('text/csv; charset=utf-8 or an XLSX workbook, streamed'),
        },
        security: signedIn,
      },
      config: { access },
      preValidation: gate('export'),
    },
    async (request, reply) => {
      const { user, market, can, criteria } = adminTableRequest(request, table);
      if (!can.export) throw forbidden('You may not export this list.');
      const query = request.query as TableQuery;
      const slot = await app.exports.slot(user.id, reply);
      reply.raw.once('close', slot.release);
      await app.exports.turn();
      const total = await countRows(app.db, table, criteria);
      const xlsx = query.format === 'xlsx';
      void reply
        .header('Content-Type', xlsx ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          attachmentDisposition(`${exp.fileName(market)}.${xlsx ? 'xlsx' : 'csv'}`),
        )
        .header('X-Total-Count', String(total))
        .header('Cache-Control', 'no-store');
      if (total > REPORT_DOWNLOAD_CAP) {
        void reply
          .header('X-Export-Truncated', 'true')
          .header(EXPORT_MESSAGE_HEADER, IMPORT_MESSAGES.DOWNLOAD_CAPPED);
      }
      const streamOptions = {
        cap: REPORT_DOWNLOAD_CAP,
        batchSize: app.db.cursor ? EXPORT_FETCH_SIZE : EXPORT_BATCH_SIZE_EMBEDDED,
        timeZone: COUNTRIES[market].timeZone,
        turn: app.exports.turn,
        columns: exportColumns(table, query.lang),
      };
      const stream = xlsx
        ? xlsxStream(app.db, table, criteria, { ...streamOptions, sheetName: exp.sheetName })
        : csvStream(app.db, table, criteria, streamOptions);
      stream.on('error', (err) => request.log.error({ err, tool: options.tool }, 'export failed part-way'));
      // Cut at shutdown: the stream ends, Fastify closes the connection, the client sees it fail.
      cutOnAbort(slot, stream);
      return reply.send(stream);
    },
  );
}
