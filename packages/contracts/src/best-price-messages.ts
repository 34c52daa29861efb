/**
 * The Estimated Best Price upload's own messages (IMPORT_MESSAGES spreads them in; kept apart from
 * best-price.ts, which imports admin.ts).
 */
export const BEST_PRICE_UPLOAD_MESSAGES = {
  PRICE_INVALID:
    'Override Price should be a positive amount with at most 2 decimals, or blank to use the estimate, in row number {row}',
  BEST_PRICE_DUPLICATE_ROW: 'Duplicate records for Item Code, Outlet Type in row number {row}',
} as const;
