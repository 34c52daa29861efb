import { REPORT_CURRENCY_SUFFIX, type CountryCode } from './countries.js';

/** Earliest date with data (spec section 5), and the widest window a report may ask for. */
export const REPORT_DATA_FROM = '2023-10-01';
export const REPORT_MAX_DAYS = 60;
export const REPORT_DOWNLOAD_CAP = 100_000;
export const SEARCH_LIST_CAP = 10;

export const REPORT_CATEGORIES = ['transactionalreports', 'masterreports'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_KEYS = [
  'product-master',
  'outlet-master',
  'salesperson-visit-summary',
  'promotion-status',
  'demand-capture',
  'order-loss',
  'inventory-status',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The kinds of search input of spec section 2 (report search inputs). */
export type SearchKind = 'customerCode' | 'productName' | 'code';

export interface ReportFilter {
  /** Query parameter name. */
  param: string;
  /** Label as the spec names the field. */
  label: string;
  kind: SearchKind;
}

export interface ReportDefinition {
  key: ReportKey;
  reportName: string;
  reportCategory: ReportCategory;
  /** Whether the report covers a date range (master reports do not). */
  dated: boolean;
  filters: readonly ReportFilter[];
}

const itemCode: ReportFilter = { param: 'itemCode', label: 'Item Code', kind: 'code' };
const customerCode: ReportFilter = { param: 'customerCode', label: 'Customer Code', kind: 'customerCode' };
const skuId: ReportFilter = { param: 'skuId', label: 'SKU Id', kind: 'code' };

/** The seven reports and their filters, exactly as spec section 5 lists them. */
export const REPORTS: readonly ReportDefinition[] = [
  {
    key: 'salesperson-visit-summary',
    reportName: 'Salesperson Visit Summary',
    reportCategory: 'transactionalreports',
    dated: true,
    filters: [{ param: 'outletId', label: 'Outlet ID', kind: 'code' }],
  },
  {
    key: 'promotion-status',
    reportName: 'Promotion Status',
    reportCategory: 'transactionalreports',
    dated: true,
    filters: [customerCode],
  },
  {
    key: 'demand-capture',
    reportName: 'Demand Capture Report',
    reportCategory: 'transactionalreports',
    dated: true,
    filters: [skuId, customerCode],
  },
  {
    key: 'order-loss',
    reportName: 'Order Loss Report',
    reportCategory: 'transactionalreports',
    dated: true,
    filters: [skuId, customerCode],
  },
  {
    key: 'inventory-status',
    reportName: 'Inventory Status',
    reportCategory: 'transactionalreports',
    dated: true,
    filters: [itemCode, { param: 'productName', label: 'Product Name', kind: 'productName' }],
  },
  {
    key: 'product-master',
    reportName: 'Product Master',
    reportCategory: 'masterreports',
    dated: false,
    filters: [itemCode],
  },
  {
    key: 'outlet-master',
    reportName: 'Outlet Master',
    reportCategory: 'masterreports',
    dated: false,
    filters: [],
  },
];

export function reportByKey(key: string): ReportDefinition | undefined {
  return REPORTS.find((r) => r.key === key);
}

/**
 * Cleans what a person types into a report search field (spec section 2): customer codes lose
 * letters (except in the Order Loss Report, whose customer codes carry them), product names accept
 * anything, every other field keeps letters and digits only: spaces and punctuation go, between the
 * commas of a list too (`A-1, B 2` becomes `A1,B2`). Commas separate values.
 */
export function sanitizeSearchInput(kind: SearchKind, raw: string, reportKey?: ReportKey): string {
  if (kind === 'productName') return raw;
  if (kind === 'code') return raw.replace(/[^A-Za-z0-9,]/g, '');
  const keep = reportKey !== 'order-loss' ? /[^0-9,\s]/g : /[^A-Za-z0-9,\s]/g;
  return raw.replace(keep, '');
}

export type SearchListResult = { ok: true; values: string[] } | { ok: false; message: string };

/** Splits a comma list, trims, drops blanks and duplicates, and enforces the 10-value cap. */
export function parseSearchList(raw: string | null | undefined, cap = SEARCH_LIST_CAP): SearchListResult {
  const values = Array.from(
    new Set(
      (raw ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0),
    ),
  );
  if (values.length > cap)
    return { ok: false, message: `Search up to ${cap} comma-separated values at a time.` };
  return { ok: true, values };
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseIsoDate(value: string): number | null {
  if (!ISO_DATE.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return null;
  return time;
}

export type DateRangeRule = 'format' | 'order' | 'dataStart' | 'maxDays' | 'future';
export type DateRangeResult =
  { ok: true; days: number } | { ok: false; rule: DateRangeRule; message: string };

/**
 * A report's date range: YYYY-MM-DD, from ≤ to, nothing before 1 Oct 2023, at most 60 calendar days
 * counting both ends, and not after `today` when given.
 */
export function validateReportRange(from: string, to: string, today?: string): DateRangeResult {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (start === null || end === null) {
    return { ok: false, rule: 'format', message: 'Dates must be real dates written YYYY-MM-DD.' };
  }
  if (start > end)
    return { ok: false, rule: 'order', message: 'The start date must be on or before the end date.' };
  if (start < parseIsoDate(REPORT_DATA_FROM)!) {
    return { ok: false, rule: 'dataStart', message: 'Data is available from 01-Oct-23 only.' };
  }
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (days > REPORT_MAX_DAYS) {
    return {
      ok: false,
      rule: 'maxDays',
      message: `Choose at most ${REPORT_MAX_DAYS} days (this range has ${days}).`,
    };
  }
  if (today) {
    const now = parseIsoDate(today);
    if (now !== null && end > now)
      return { ok: false, rule: 'future', message: 'The end date cannot be in the future.' };
  }
  return { ok: true, days };
}

/**
 * Characters a spreadsheet may read as the start of a formula: = + - @, their full-width forms
 * (＝ ＋ － ＠, typed with an East Asian input method) and their small forms (﹦ ﹢ ﹣ ﹫).
 */
export const FORMULA_TRIGGERS = '=+-@＝＋－＠﹦﹢﹣﹫';

/**
 * What a spreadsheet may skip before it looks for a formula: whitespace of any kind (spaces, tab,
 * line feed, carriage return, no-break and ideographic spaces), control characters and zero-width
 * characters.
 */
const SKIPPABLE = '\\s\\u0000-\\u001f\\u007f\\u200b-\\u200d\\u2060';
const FORMULA_START = new RegExp(`^[${SKIPPABLE}]*[${FORMULA_TRIGGERS.replace('-', '\\-')}]`);
/** A cell that starts with a tab, carriage return or line feed is neutralised whatever follows. */
const CONTROL_START = /^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Spreadsheet formula neutralisation for exports: a cell whose first character that a spreadsheet
 * does not skip is a formula trigger (FORMULA_TRIGGERS, so `=1+1`, `  =1+1`, `\n=1+1`, `＝1+1`), or
 * that begins with a tab, carriage return or line feed, gets a leading apostrophe so no spreadsheet
 * runs it. A plain number such as -6.18 is left alone: it is data, not a formula, and an apostrophe
 * would turn it into text.
 */
export function neutraliseCell(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return CONTROL_START.test(value) || FORMULA_START.test(value) ? `'${value}` : value;
}

/** A price or amount header with the market's currency symbol appended where the spec asks. */
export function currencyHeader(header: string, country: CountryCode): string {
  const suffix = REPORT_CURRENCY_SUFFIX[country];
  return suffix ? `${header} (${suffix})` : header;
}

/** Columns hidden for a market (spec section 5). */
export function hiddenReportColumns(key: ReportKey, country: CountryCode): string[] {
  if (country !== 'bd') return [];
  if (key === 'outlet-master') return ['isActive'];
  if (key === 'product-master') return ['dtSiteCode'];
  return [];
}
