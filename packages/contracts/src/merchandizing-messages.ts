/**
 * The Merchandizing Sets uploads' own row messages (IMPORT_MESSAGES spreads them in; kept apart from
 * merchandizing.ts, which imports admin.ts). {header} is the template column, {row} the data row.
 */
export const MERCH_UPLOAD_MESSAGES = {
  MERCH_CODE_INVALID:
    '{header} in row number {row} should hold letters, digits, - and _ only, start and end with a letter or digit, at most 50 characters',
  MERCH_RATE_INVALID: '{header} should be a number from 0 to 100 (at most 2 decimals) in row number {row}',
  MERCH_DATE_INVALID: '{header} should be a date written dd/mm/yyyy in row number {row}',
  MERCH_DATES_ORDER: 'End date should be on or after the Go live date in row number {row}',
  MERCH_WHOLE_INVALID: '{header} should be a whole number from 1 to {max} in row number {row}',
  MERCH_TEXT_TOO_LONG: '{header} should be at most {max} characters in row number {row}',
  MERCH_DUPLICATE_SET: 'Duplicate records for Set ID in row number {row}',
  MERCH_DUPLICATE_LINE: 'Duplicate records for Display ID, Product Order in row number {row}',
  MERCH_DUPLICATE_PRODUCT: 'Product Code in row number {row} is already on the display in an earlier row',
  MERCH_DISPLAY_CONFLICT:
    'Display ID in row number {row} has another Display Name or Set ID than in row number {other}',
  MERCH_DUPLICATE_OUTLET: 'Duplicate records for Display ID, Outlet ID in row number {row}',
  MERCH_SET_UNKNOWN: 'Set ID in row number {row} is not a set of this market',
  MERCH_DISPLAY_UNKNOWN: 'Display ID in row number {row} is not a display of set {setId}',
  MERCH_DISPLAY_OTHER_SET: 'Display ID in row number {row} already belongs to set {setId}',
  MERCH_PRODUCT_UNKNOWN: 'Product Code in row number {row} is not a product of this market',
  MERCH_OUTLET_UNKNOWN: 'Outlet ID in row number {row} is not an outlet of this market',
  MERCH_MARKET_WIDE:
    'Sets and displays are market-wide: row number {row} needs an admin of all the market’s distributors',
} as const;
