/**
 * Estimated Best Price (issue 15; /estimatedbestprice, not for id): per item and outlet type of the
 * market, the recommended selling price from the last 90 days' net invoice prices (docs/decisions.md,
 * "Estimated Best Price"), with the admin's override by hand. The list, filtered list and export come
 * from the declared table through registerAdminTable; POST …/recompute rebuilds the estimates and PUT sets
 * or clears an override, both registerAdminChange (policy before validation, audit entry, data version).
 * Paths: /api/admin/estimatedBestPrice/… (docs/admin.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BEST_PRICE_API,
  bestPricePageSchema,
  bestPriceQuerySchema,
  saveBestPriceResultSchema,
  saveBestPriceSchema,
} from '@fieldforce/contracts';
import { audited, changedRow, registerAdminChange, registerAdminTable } from '../../lib/tables/index.js';
import { assertBestPrice } from './policy.js';
import { BEST_PRICE_TOOL, bestPriceRow, RECOMPUTE_ACTION, saveOverride } from './queries.js';
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
    filterOptions: {
      path: `${BEST_PRICE_API}/filters`,
      summary: 'Estimated Best Price: the outlet types the list may be filtered by',
      distributors: false,
    },
  });

  registerAdminChange(app, {
    method: 'POST',
    path: `${BEST_PRICE_API}/recompute`,
    tool: BEST_PRICE_TOOL,
    summary: 'Estimated Best Price: recompute every estimate of the market from its invoice lines',
    description:
      `${ACCESS_TEXT} The 90 days to asOf (default today); overrides are kept. One audit entry ` +
      `('${RECOMPUTE_ACTION}', after {asOf, estimates}) in the tool's Activity Log and the data version ` +
      'bumped, in the transaction of the recompute.',
    body: recomputeBodySchema,
    response: recomputeResultSchema,
    authorize: (q, user, market) => assertBestPrice(q, user, market, 'edit'),
    run: async (tx, ctx) => {
      const asOf = ctx.body.asOf ?? ctx.clock.now().toISOString().slice(0, 10);
      const estimates = await recomputeBestPrices(tx, ctx.market, asOf);
      return audited(
        { estimates, asOf },
        { action: RECOMPUTE_ACTION, target: null, before: null, after: { asOf, estimates } },
      );
    },
  });

  registerAdminChange(app, {
    method: 'PUT',
    path: BEST_PRICE_API,
    tool: BEST_PRICE_TOOL,
    summary: 'Estimated Best Price: set or clear one item and outlet type’s override',
    description:
      `${ACCESS_TEXT} price: the override (positive, 2 decimals) or null to clear it. The item must be a ` +
      'product and the outlet type one of the market’s (404 otherwise). One audit entry when it changes ' +
      "('bestPrice.override', before and after {overridePrice}); who and when are kept on the row; the data " +
      'version is bumped.',
    body: saveBestPriceSchema,
    response: saveBestPriceResultSchema,
    authorize: (q, user, market) => assertBestPrice(q, user, market, 'edit'),
    run: (tx, ctx) => saveOverride(tx, ctx.market, ctx.body, ctx.user.id),
    answer: changedRow((tx, ctx) =>
      bestPriceRow(tx, ctx.user, ctx.market, ctx.body.itemCode, ctx.body.outletType),
    ),
  });
};
