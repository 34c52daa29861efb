/**
 * Estimated Best Price (issue 15; /estimatedbestprice, not for id): per item and outlet type of the
 * market, the recommended selling price from the last 90 days' net invoice prices (docs/decisions.md,
 * "Estimated Best Price"), with the admin's override by hand. The list, filtered list and export come
 * from the declared table through registerAdminTable; POST …/recompute rebuilds the estimates; PUT sets
 * or clears an override. Paths: /api/admin/estimatedBestPrice/… (docs/admin.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BEST_PRICE_API,
  bestPricePageSchema,
  bestPriceQuerySchema,
  marketQuerySchema,
  ok,
  saveBestPriceResultSchema,
  saveBestPriceSchema,
} from '@fieldforce/contracts';
import { AppError } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { envelopeResponses } from '../../lib/responses.js';
import { registerAdminTable } from '../../lib/tables/admin-table-routes.js';
import { assertBestPrice } from './policy.js';
import { bestPriceRow, saveOverride } from './queries.js';
import { recomputeBestPrices } from './recompute.js';
import { bestPriceTable } from './table.js';
// Registers the 'estimatedBestPrice' upload with the import pipeline.
import './import-definition.js';

const ACCESS_TEXT =
  'Admins (userType admin) of the market with access to all its distributors (the price is market-wide); ' +
  'refused for id, where the tool does not exist.';
const FILTER_TEXT =
  'filter_item_code, filter_outlet_type: comma-joined values, at most 10 each; filter_flagged (spread above ' +
  '20 %) and filter_overridden: 1 or 0. sort: a column key, - for descending; page, pageSize.';

const recomputeBodySchema = z.object({
  /** The last day of the 90-day window, YYYY-MM-DD; today (UTC) when left out. */
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
const recomputeResultSchema = z.object({ estimates: z.number().int(), asOf: z.string() });

export const bestPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'estimatedBestPrice',
    table: bestPriceTable,
    query: bestPriceQuerySchema,
    page: bestPricePageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertBestPrice,
    list: [
      {
        path: `${BEST_PRICE_API}/list`,
        summary: 'Estimated Best Price: a page of every item and outlet type with its price (no filters)',
        filters: false,
      },
      {
        path: `${BEST_PRICE_API}/filterResult`,
        summary: 'Estimated Best Price: a page of the items and outlet types matching the filters',
        filters: true,
      },
    ],
    export: {
      path: `${BEST_PRICE_API}/fileExport`,
      summary: 'Estimated Best Price: the filtered prices as a CSV or XLSX file, streamed',
      fileName: (market) => `estimated-best-price_${market}`,
      sheetName: 'Estimated Best Price',
    },
  });

  app.post(
    `${BEST_PRICE_API}/recompute`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Estimated Best Price: recompute every estimate of the market from its invoice lines',
        description: `${ACCESS_TEXT} The 90 days to asOf (default today); overrides are kept. The data version is bumped.`,
        querystring: marketQuerySchema,
        body: recomputeBodySchema,
        response: envelopeResponses(recomputeResultSchema),
        security: [{ customerToken: [] }],
      },
      config: { access: { roles: ['admin'] } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertBestPrice(app.db, user, market, 'edit');
      const asOf = request.body.asOf ?? new Date().toISOString().slice(0, 10);
      const estimates = await app.db.transaction(async (tx) => {
        const n = await recomputeBestPrices(tx, market, asOf);
        await app.dataVersion.bump(tx);
        return n;
      });
      return ok({ estimates, asOf });
    },
  );

  app.put(
    BEST_PRICE_API,
    {
      schema: {
        tags: ['admin'],
        summary: 'Estimated Best Price: set or clear one item and outlet type’s override',
        description:
          `${ACCESS_TEXT} price: the override (positive, 2 decimals) or null to clear it. The item must be a ` +
          'product and the outlet type one of the market’s (404 otherwise). One audit entry when it changes ' +
          "('bestPrice.override', before and after {overridePrice}); who and when are kept on the row; the data " +
          'version is bumped.',
        querystring: marketQuerySchema,
        body: saveBestPriceSchema,
        response: envelopeResponses(saveBestPriceResultSchema),
        security: [{ customerToken: [] }],
      },
      config: { access: { roles: ['admin'] } },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      await assertBestPrice(app.db, user, market, 'edit');
      const result = await app.db.transaction(async (tx) => {
        const saved = await saveOverride(tx, market, request.body, {
          actorId: user.id,
          sessionId: session.id,
          requestId: request.id,
        });
        if (saved?.changed) await app.dataVersion.bump(tx);
        return saved;
      });
      if (!result) {
        throw new AppError(
          'NOT_FOUND',
          `${request.body.itemCode} for outlet type ${request.body.outletType} is not one of this market’s.`,
        );
      }
      const row = await bestPriceRow(app.db, user, market, request.body.itemCode, request.body.outletType);
      return ok({ changed: result.changed, row: row! });
    },
  );
};
