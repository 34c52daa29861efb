/**
 * The Task Management upload's own messages (IMPORT_MESSAGES spreads them in; kept apart from
 * tasks.ts, which imports admin.ts).
 */
export const TASK_UPLOAD_MESSAGES = {
  TASK_COUNTRY_MISMATCH: "Country Code in row number {row} should be this market's code ({market})",
  TASK_DATE_INVALID: '{column} in row number {row} should be a date written dd/mm/yyyy',
  TASK_END_BEFORE_START: 'End Date is before Start Date in row number {row}',
  TASK_WINDOW_TOO_LONG: 'Start Date to End Date in row number {row} spans more than {max} days',
  TASK_NO_SCOPE: 'Row number {row} needs a Location Code or Customer Codes',
  TASK_TOO_MANY_CODES: '{column} in row number {row} holds more than {max} codes',
  TASK_UNKNOWN_LOCATION: 'Location Code in row number {row} is not a DT Code or DT Site Code of this market',
  TASK_UNKNOWN_OUTLET_TYPE: "Outlet Type Code in row number {row} is not one of this market's outlet types",
  TASK_UNKNOWN_OUTLET_SUBTYPE:
    "Outlet Subtype Code in row number {row} is not one of this market's outlet subtypes",
  TASK_UNKNOWN_ITEMS: 'Item Codes in row number {row} are not in the portal: {codes}',
  TASK_UNKNOWN_CUSTOMERS: "Customer Codes in row number {row} are not this market's outlets: {codes}",
  TASK_OUT_OF_SCOPE: 'The task in row number {row} reaches outlets outside your distributors',
  TASK_NO_TARGETS: 'The task in row number {row} reaches no active outlet',
  TASK_DUPLICATE_ROW: 'Duplicate task in row number {row}',
} as const;
