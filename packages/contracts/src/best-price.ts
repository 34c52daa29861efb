/**
 * Estimated Best Price (/estimatedbestprice, issue 15; not for market id): the recommended selling
 * price per item and outlet type, computed from the last 90 days' net invoice prices, with overrides by
 * hand. The method (docs/decisions.md, "Estimated Best Price") is `estimateBestPrice` below; the
 * server's recompute does the same in SQL and its test checks both agree on a hand-computed fixture.
 *
 * 1. Window: invoice lines dated from `asOf` − 89 days to `asOf` (90 days inclusive).
 * 2. Net unit price of a line: (amount − return amount) / (quantity − return quantity); lines whose net
 *    quantity or net amount is not positive are left out.
 * 3. Quartiles Q1, Q3 and the median interpolate linearly (PostgreSQL's percentile_cont).
 * 4. Trim: prices outside Tukey's fences [Q1 − 1.5·IQR, Q3 + 1.5·IQR] are dropped (a symmetric trim
 *    would leave the median unchanged; the fences drop typos and one-off deals on either side).
 * 5. Price: the median of the kept prices, rounded to 2 decimals.
 * 6. Spread: IQR / median of all prices (0 when the median is 0); flagged when above BEST_PRICE_SPREAD_FLAG.
 * 7. Invoices: the number of lines behind it (before trimming); `trimmed` how many the fences dropped.
 */
import { z } from 'zod';
import { tablePageSchema, tableQuerySchema } from './admin.js';

export const BEST_PRICE_API = '/api/admin/estimatedBestPrice';
/** Days of invoices behind an estimate, `asOf` included. */
export const BEST_PRICE_WINDOW_DAYS = 90;
/** Tukey's fence factor. */
export const BEST_PRICE_FENCE = 1.5;
/** A spread (IQR / median) above this is flagged: prices vary by more than a fifth. */
export const BEST_PRICE_SPREAD_FLAG = 0.2;

export interface BestPriceEstimate {
  /** The recommended price, 2 decimals; null when there is no usable invoice line. */
  price: number | null;
  /** IQR / median of all prices, 4 decimals. */
  spread: number;
  invoices: number;
  trimmed: number;
  flagged: boolean;
}

/** percentile_cont: linear interpolation at position p·(n − 1) of the sorted values. */
export function percentileCont(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round((value + Number.EPSILON) * f) / f;
};

/** Net unit price of an invoice line, or null when the line is left out (step 2). */
export function netUnitPrice(line: {
  quantity: number;
  amount: number;
  returnQuantity: number;
  returnAmount: number;
}): number | null {
  const qty = line.quantity - line.returnQuantity;
  const amount = line.amount - line.returnAmount;
  return qty > 0 && amount > 0 ? amount / qty : null;
}

/** The method on one item and outlet type's net unit prices (steps 3–7). */
export function estimateBestPrice(prices: readonly number[]): BestPriceEstimate {
  const sorted = [...prices].sort((a, b) => a - b);
  if (sorted.length === 0) return { price: null, spread: 0, invoices: 0, trimmed: 0, flagged: false };
  const q1 = percentileCont(sorted, 0.25);
  const q3 = percentileCont(sorted, 0.75);
  const iqr = q3 - q1;
  const median = percentileCont(sorted, 0.5);
  const kept = sorted.filter((p) => p >= q1 - BEST_PRICE_FENCE * iqr && p <= q3 + BEST_PRICE_FENCE * iqr);
  const spread = median > 0 ? round(iqr / median, 4) : 0;
  return {
    price: round(percentileCont(kept, 0.5), 2),
    spread,
    invoices: sorted.length,
    trimmed: sorted.length - kept.length,
    flagged: spread > BEST_PRICE_SPREAD_FLAG,
  };
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const commaList = z.string().max(2000).optional();

/** GET …/estimatedBestPrice/list, …/filterResult and …/fileExport. */
export const bestPriceQuerySchema = tableQuerySchema.extend({
  /** Item codes, at most 10. */
  filter_item_code: commaList,
  /** Outlet types, at most 10. */
  filter_outlet_type: commaList,
  /** '1' wide spread, '0' not. */
  filter_flagged: z.enum(['0', '1']).optional(),
  /** '1' an override is set, '0' not. */
  filter_overridden: z.enum(['0', '1']).optional(),
});
export type BestPriceQuery = z.infer<typeof bestPriceQuerySchema>;

export const bestPriceRowSchema = z.object({
  itemCode: z.string(),
  itemName: z.string(),
  outletType: z.string(),
  estimatedPrice: z.number().nullable(),
  spreadPct: z.number(),
  invoices: z.number(),
  flagged: z.number(),
  overridePrice: z.number().nullable(),
  bestPrice: z.number().nullable(),
  overridden: z.number(),
  /** Who set the override and when (null without one). */
  overriddenAt: z.string().nullable(),
  overriddenByName: z.string().nullable(),
  /** When the estimate was last recomputed. */
  computedAt: z.string().nullable(),
});
export type BestPriceRow = z.infer<typeof bestPriceRowSchema>;
export const bestPricePageSchema = tablePageSchema(bestPriceRowSchema);
export type BestPricePage = z.infer<typeof bestPricePageSchema>;

/** PUT …/estimatedBestPrice: set (a price) or clear (null) one item and outlet type's override. */
export const saveBestPriceSchema = z.object({
  itemCode: z.string().min(1).max(50),
  outletType: z.string().min(1).max(50),
  price: z.number().positive().max(1e11).multipleOf(0.01).nullable(),
});
export type SaveBestPrice = z.infer<typeof saveBestPriceSchema>;
export const saveBestPriceResultSchema = z.object({ changed: z.boolean(), row: bestPriceRowSchema });
export type SaveBestPriceResult = z.infer<typeof saveBestPriceResultSchema>;

// ---------------------------------------------------------------------------------------------
// Overrides by upload
// ---------------------------------------------------------------------------------------------

/** The overrides template (the spec gives none: docs/decisions.md). A blank price clears the override. */
export const BEST_PRICE_TEMPLATE_HEADERS = ['Item Code', 'Outlet Type', 'Override Price'] as const;
export const BEST_PRICE_MAX_BYTES = 25 * 1024 * 1024;
export const BEST_PRICE_IMPORT_KIND = 'estimatedBestPrice' as const;

/** An override cell: a positive amount with at most 2 decimals; '' (blank) clears; undefined is invalid. */
export function parseOverridePrice(cell: string | undefined): number | null | undefined {
  const s = (cell ?? '').trim();
  if (s === '') return null;
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(s)) return undefined;
  const n = Number(s);
  return n > 0 ? n : undefined;
}
