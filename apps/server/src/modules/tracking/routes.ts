/**
 * Salesman tracking (issue 14; spec sections 1, 3, 7, 9; docs/tracking.md): the all-salesman map and
 * table, the stores of the day, a salesman's day, and the table as a file. Markets with SMTracking on,
 * users with operational-report access, rows limited to the market and the caller's DT codes.
 */
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRIES,
  localDateIso,
  neutraliseCell,
  ok,
  parseSearchList,
  SEARCH_LIST_MAX,
  TRACKING_API,
  TRACKING_MAX_DAYS_BACK,
  trackingDayParamsSchema,
  trackingDaySchema,
  trackingExportQuerySchema,
  trackingQuerySchema,
  trackingSalesmenSchema,
  trackingStoresSchema,
  type CountryCode,
  type TrackingQuery,
} from '@fieldforce/contracts';
import { attachmentDisposition } from '../../lib/export-limits.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { envelopeResponses } from '../../lib/responses.js';
import { routeContext } from '../../lib/route.js';
import { csvCellText, csvLine, UTF8_BOM, XLSX_CONTENT_TYPE, xlsxCellValue } from '../../lib/tables/index.js';
import { assertTracking } from './policy.js';
import { exportCells, TRACKING_EXPORT_COLUMNS } from './presenter.js';
import { allSalesmen, salesmanDay, storesOfDay, TrackingCaches, type TrackingDayInput } from './service.js';

const TAG = 'tracking';
const signedIn = [{ customerToken: [] }];
const access = { roles: ['reports'] } as const;
const ACCESS_TEXT =
  'Operational-report access, in a market whose SMTracking flag is on (403 otherwise: pk and bd by default); ' +
  'salesmen limited to the market and the caller’s DT codes.';
const DATE_TEXT = `date: the market's day, YYYY-MM-DD (default today), at most ${TRACKING_MAX_DAYS_BACK} days back.`;
const FILTER_TEXT = `filter_dt_code, filter_sm_code: comma-joined codes, at most ${SEARCH_LIST_MAX} each.`;
const DAY_MS = 86_400_000;

function codes(field: string, raw: string | undefined): string[] {
  const list = parseSearchList(raw, SEARCH_LIST_MAX);
  if (!list.ok) throw badRequest(`querystring.${field}`, list.message);
  return list.values;
}

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = new TrackingCaches();
  /** The checked day and filters of a request (after the access rule). */
  function dayInput(
    ctx: { user: TrackingDayInput['user']; market: CountryCode },
    query: TrackingQuery,
    extraSmCodes: string[] = [],
  ): TrackingDayInput & { today: string; timeZone: string } {
    const timeZone = COUNTRIES[ctx.market].timeZone;
    const nowMs = app.clock.now().getTime();
    const today = localDateIso(nowMs, timeZone);
    const date = query.date ?? today;
    const back = (Date.parse(today) - Date.parse(date)) / DAY_MS;
    if (!(back >= 0)) throw badRequest('querystring.date', 'must not be after the market’s today.');
    if (back > TRACKING_MAX_DAYS_BACK)
      throw badRequest('querystring.date', `must be within ${TRACKING_MAX_DAYS_BACK} days of today.`);
    const smCodes = codes('filter_sm_code', query.filter_sm_code);
    return {
      user: ctx.user,
      market: ctx.market,
      date,
      today,
      timeZone,
      isToday: date === today,
      nowMs,
      caches,
      filters: {
        dtCodes: codes('filter_dt_code', query.filter_dt_code),
        smCodes: extraSmCodes.length ? extraSmCodes : smCodes,
      },
    };
  }

  app.get(
    `${TRACKING_API}/salesmen`,
    {
      schema: {
        tags: [TAG],
        summary:
          'Tracking: every salesman’s last position, status and figures for a day (the map and the table)',
        description:
          `${ACCESS_TEXT} ${DATE_TEXT} ${FILTER_TEXT} Status: moving, at-outlet, idle (over an hour), no-signal. ` +
          'silent: today, a device that pinged and then stayed quiet longer than the salesman’s own threshold ' +
          '(learned from the previous 7 days’ ping rhythm); a device with no ping at all is no-signal.',
        querystring: trackingQuerySchema,
        response: envelopeResponses(trackingSalesmenSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const ctx = routeContext(request);
      const { query } = request;
      const can = await assertTracking(ctx.dbRead, ctx.user, ctx.market);
      const input = dayInput(ctx, query);
      const salesmen = await allSalesmen(ctx.dbRead, input);
      return ok({
        date: input.date,
        today: input.today,
        timeZone: input.timeZone,
        salesmen,
        can,
        mapStyleUrl: app.config.MAP_STYLE_URL ?? null,
      });
    },
  );

  app.get(
    `${TRACKING_API}/stores`,
    {
      schema: {
        tags: [TAG],
        summary: 'Tracking: the outlets planned or visited that day, with visited, productive and verified',
        description: `${ACCESS_TEXT} ${DATE_TEXT} ${FILTER_TEXT}`,
        querystring: trackingQuerySchema,
        response: envelopeResponses(trackingStoresSchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const ctx = routeContext(request);
      const { query } = request;
      await assertTracking(ctx.dbRead, ctx.user, ctx.market);
      const input = dayInput(ctx, query);
      return ok({ date: input.date, stores: await storesOfDay(ctx.dbRead, input) });
    },
  );

  app.get(
    `${TRACKING_API}/salesmen/:smCode/day`,
    {
      schema: {
        tags: [TAG],
        summary:
          'Tracking: one salesman’s day (figures, visits with verification, 25-point route, replay track, stops)',
        description:
          `${ACCESS_TEXT} ${DATE_TEXT} 404 when the salesman is not one of the caller’s in the market. ` +
          'route: spec section 9’s rule (at most 25 points, docs/decisions.md); track: the day thinned for the ' +
          'replay; stops: stays of 5 minutes or more within 60 m, with the outlet they match (or none); suspicious: ' +
          'mock locations and impossible speed jumps (left out of the route, track and distance).',
        params: trackingDayParamsSchema,
        querystring: trackingQuerySchema,
        response: envelopeResponses(trackingDaySchema),
        security: signedIn,
      },
      config: { access },
    },
    async (request) => {
      const ctx = routeContext(request);
      const { query, params } = request;
      await assertTracking(ctx.dbRead, ctx.user, ctx.market);
      const input = dayInput(ctx, { ...query, filter_sm_code: undefined, filter_dt_code: undefined }, [
        params.smCode,
      ]);
      const day = await salesmanDay(ctx.dbRead, input);
      if (!day) throw notFound(`Salesman ${params.smCode}`);
      return ok({ date: input.date, today: input.today, timeZone: input.timeZone, ...day });
    },
  );

  app.get(
    `${TRACKING_API}/salesmen/export`,
    {
      schema: {
        tags: [TAG],
        summary: 'Tracking: the all-salesman table as a CSV or XLSX file',
        description:
          `${ACCESS_TEXT} ${DATE_TEXT} ${FILTER_TEXT} format=csv (default) or xlsx; lang=en or vi (headers and ` +
          'statuses). CSV: UTF-8 with BOM, RFC 4180, formula-looking cells neutralised. 403 where the market’s ' +
          'DownloadReports flag is off.',
        querystring: trackingExportQuerySchema,
        response: {
          ...envelopeResponses(z.null()),
          200: z.unknown().describe('text/csv; charset=utf-8 or an XLSX workbook'),
        },
        security: signedIn,
      },
      config: { access },
    },
    async (request, reply) => {
      const ctx = routeContext(request);
      const { query } = request;
      const can = await assertTracking(ctx.dbRead, ctx.user, ctx.market);
      if (!can.export) {
        throw forbidden(
          `Downloads are turned off in ${COUNTRIES[ctx.market].name}: the market's DownloadReports setting is off.`,
        );
      }
      const input = dayInput(ctx, query);
      const rows = await allSalesmen(ctx.dbRead, input);
      const lang = query.lang;
      const columns = TRACKING_EXPORT_COLUMNS.map((c) => ({
        key: c.key,
        header: c.header[lang],
        type: c.type,
      }));
      const base = `salesman-tracking_${ctx.market}_${input.date}`;
      const xlsx = query.format === 'xlsx';
      let body: string | Buffer;
      if (xlsx) {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('Salesman Tracking', { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = columns.map((c) => ({ header: neutraliseCell(c.header), key: c.key, width: 18 }));
        sheet.getRow(1).font = { bold: true };
        for (const row of rows) {
          const cells = exportCells(row, lang);
          sheet.addRow(columns.map((c) => xlsxCellValue(c, cells[c.key], input.timeZone)));
        }
        body = Buffer.from(await workbook.xlsx.writeBuffer());
      } else {
        body = UTF8_BOM + csvLine(columns.map((c) => neutraliseCell(c.header)));
        for (const row of rows) {
          const cells = exportCells(row, lang);
          body += csvLine(columns.map((c) => neutraliseCell(csvCellText(c, cells[c.key], input.timeZone))));
        }
      }
      return reply
        .header('Content-Type', xlsx ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(`${base}.${xlsx ? 'xlsx' : 'csv'}`))
        .header('X-Total-Count', String(rows.length))
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};
