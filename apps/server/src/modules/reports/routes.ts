/** Reports & Analytics (issue 5): the report list, a page of a report, and its CSV export. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRIES,
  EXPORT_LIMITS,
  marketQuerySchema,
  ok,
  operationalReportsListSchema,
  REPORT_DOWNLOAD_CAP,
  REPORTS,
  reportByKey,
  reportExportQuerySchema,
  reportPageSchema,
  reportParamsSchema,
  reportQuerySchema,
  reportTotalsSchema,
  type CountryCode,
  type ReportKey,
  localDateIso,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { coded, forbidden, notFound } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { attachmentDisposition, cutOnAbort } from '../../lib/export-limits.js';
import { canReadReport } from './policy.js';
import { presentColumn, presentRow, presentTotals, reportColumns } from './presenter.js';
import { countReportRows, findReportPage, reportTotals } from './queries.js';
import { reportCriteria, sortText } from './service.js';
import { reportCsvStream } from './csv.js';
import { reportXlsxStream, XLSX_CONTENT_TYPE } from './xlsx.js';
import { marketFlags } from '../../lib/market-flags.js';

/** The 403 of an export call in a market whose DownloadReports flag is off (a coded message). */
const downloadsOff = (market: CountryCode) =>
  coded('FORBIDDEN', 'reports.downloadsOff', { market: COUNTRIES[market].name });

const TAG = 'reports';
const signedIn = [{ customerToken: [] }];
const access = { roles: ['reports'] } as const;
/** Rows per FETCH of a PostgreSQL export cursor (the query runs on the database server). */
const EXPORT_FETCH_SIZE = 2_000;
/**
 * Rows per query of a PGlite export: its queries run on the main thread, and each is one turn, so a
 * batch this size holds other requests for about 10 ms (docs/reliability.md).
 */
const EXPORT_BATCH_SIZE_EMBEDDED = 100;

/** `{report}_{market}_{from}_{to}.{ext}`, only letters, digits, `-` and `_`, as filename and RFC 5987 filename*. */
export function exportFileName(
  key: ReportKey,
  market: string,
  from?: string,
  to?: string,
  extension: 'csv' | 'xlsx' = 'csv',
): string {
  const base = [key, market, from, to]
    .filter(Boolean)
    .join('_')
    .replace(/[^A-Za-z0-9_-]/g, '');
  return `${base}.${extension}`;
}

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // A range may end on the market's own today, which is ahead of UTC in every market.
  const today = (market: CountryCode) => localDateIso(app.clock.now(), COUNTRIES[market].timeZone);

  /**
   * The caller, the market, and the validated criteria and visible columns of a report request, after
   * the report's own access rule.
   */
  async function prepare(
    request: FastifyRequest & {
      params: { reportKey: ReportKey };
      query: z.infer<typeof reportQuerySchema>;
    },
  ) {
    const { user } = requireAuth(request);
    const market = request.market ?? user.homeCountryCode;
    const key = request.params.reportKey;
    const report = reportByKey(key);
    if (!report) throw notFound('Report');
    if (!canReadReport(user, report)) {
      throw forbidden(`${report.reportName} is open only to users who see every distributor.`);
    }
    // The market's flags as the database holds them now (admin configuration may change them).
    const flags = await marketFlags(app.db, market);
    return {
      user,
      market,
      report,
      flags,
      criteria: reportCriteria(report, request.query, user, market, today(market), flags),
      columns: reportColumns(key, market, 'en', flags),
    };
  }

  app.get(
    '/api/ucube/operational-kpis/operationalReportsList',
    {
      schema: {
        tags: [TAG],
        summary: 'The reports the caller may open',
        description:
          'Operational-report access. Transactional Reports for everyone with it; Master Reports only for users who ' +
          'see every distributor (Super User, All (Super Access) or no DT codes).',
        querystring: marketQuerySchema,
        response: envelopeResponses(operationalReportsListSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const operationalReportsList = REPORTS.filter((r) => canReadReport(user, r)).map((r) => ({
        reportName: r.reportName,
        reportCategory: r.reportCategory,
      }));
      return ok({ operationalReportsList });
    },
  );

  app.get(
    '/api/reports/:reportKey',
    {
      schema: {
        tags: [TAG],
        summary: 'One page of a report, its total and its columns',
        description:
          'Operational-report access; master reports need access to every distributor. Dated reports need `from` and ' +
          '`to` (YYYY-MM-DD, at most 60 days, not before 2023-10-01). Filters are comma lists of at most 10 values. ' +
          'Rows are limited to the market and the caller’s DT codes.',
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: envelopeResponses(reportPageSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const { criteria, columns } = await prepare(request);
      const { page, pageSize } = request.query;
      const [total, rows] = await Promise.all([
        countReportRows(request.dbRead, criteria),
        findReportPage(request.dbRead, criteria, page, pageSize),
      ]);
      return ok({
        rows: rows.map((row) => presentRow(row, columns)),
        total,
        page,
        pageSize,
        sort: sortText(criteria),
        columns: columns.map(presentColumn),
        downloadCap: REPORT_DOWNLOAD_CAP,
      });
    },
  );

  app.get(
    '/api/reports/:reportKey/totals',
    {
      schema: {
        tags: [TAG],
        summary: 'The totals row of a report: its row count and the sums of its quantity and amount columns',
        description:
          'Same parameters and access as the page call (page and pageSize are ignored). One aggregate over every ' +
          'row matching the filters in the caller’s scope, not only the page; prices, coordinates and sequence ' +
          'numbers are not summed. A separate call so the first rows never wait for it.',
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: envelopeResponses(reportTotalsSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const { criteria, columns } = await prepare(request);
      return ok(presentTotals(await reportTotals(request.dbRead, criteria), columns));
    },
  );

  app.get(
    '/api/reports/:reportKey/export',
    {
      schema: {
        tags: [TAG],
        summary: 'A report as a CSV or XLSX file, streamed',
        description:
          'Same parameters and access as the page call. UTF-8 with BOM, RFC 4180, formula-looking cells neutralised. ' +
          `At most ${REPORT_DOWNLOAD_CAP} rows: X-Total-Count gives the rows that matched and X-Export-Truncated: true ` +
          'says the file holds only the first ones. format=csv (default) or xlsx (streamed spreadsheet). ' +
          `At most ${EXPORT_LIMITS.perUser} exports per user and ${EXPORT_LIMITS.total} on the server run at once: ` +
          'past that, 429 RATE_LIMITED with a message saying which limit and Retry-After. ' +
          'Where the market’s DownloadReports flag is off (admin configuration), 403 saying so.',
        params: reportParamsSchema,
        querystring: reportExportQuerySchema,
        response: {
          ...envelopeResponses(z.null(), [429]),
          200: z.unknown().describe('text/csv; charset=utf-8 or an XLSX workbook, streamed'),
        },
        security: signedIn,
      },
      config: { access },
    },
    async (request, reply) => {
      const { user, market, report, criteria, columns, flags } = await prepare(request);
      // DownloadReports off (admin configuration): no report leaves the portal as a file.
      if (!flags.DownloadReports) throw downloadsOff(market);
      const slot = await app.exports.slot(user.id, reply);
      // Freed when the response ends: finished, failed, or the client went away.
      reply.raw.once('close', slot.release);
      await app.exports.turn();
      const total = await countReportRows(request.dbRead, criteria);
      const xlsx = request.query.format === 'xlsx';
      const name = exportFileName(report.key, market, criteria.from, criteria.to, xlsx ? 'xlsx' : 'csv');
      void reply
        .header('Content-Type', xlsx ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('X-Total-Count', String(total))
        .header('Cache-Control', 'no-store');
      if (total > REPORT_DOWNLOAD_CAP) void reply.header('X-Export-Truncated', 'true');
      const options = {
        cap: REPORT_DOWNLOAD_CAP,
        batchSize: app.db.cursor ? EXPORT_FETCH_SIZE : EXPORT_BATCH_SIZE_EMBEDDED,
        timeZone: COUNTRIES[market].timeZone,
        turn: app.exports.turn,
      };
      const stream = xlsx
        ? reportXlsxStream(request.dbRead, criteria, columns, { ...options, sheetName: report.reportName })
        : reportCsvStream(request.dbRead, criteria, columns, options);
      stream.on('error', (err) => request.log.error({ err }, 'report export failed part-way'));
      // Cut at shutdown: the stream ends, Fastify closes the connection, the client sees it fail.
      cutOnAbort(slot, stream);
      return reply.send(stream);
    },
  );
};
