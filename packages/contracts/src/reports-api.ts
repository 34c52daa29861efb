/**
 * Request and response schemas of the Reports & Analytics calls (issue 5): the report list, one page
 * of a report, and its export. The rules behind them (filters, ranges, caps) live in reports.ts.
 */
import { z } from 'zod';
import { countryCodeSchema } from './countries.js';
import { REPORT_CATEGORIES, REPORT_KEYS } from './reports.js';

export const reportListEntrySchema = z.object({
  reportName: z.string(),
  reportCategory: z.enum(REPORT_CATEGORIES),
});
export type ReportListEntry = z.infer<typeof reportListEntrySchema>;

export const operationalReportsListSchema = z.object({
  operationalReportsList: z.array(reportListEntrySchema),
});
export type OperationalReportsList = z.infer<typeof operationalReportsListSchema>;

export const reportKeySchema = z.enum(REPORT_KEYS);
export const reportParamsSchema = z.object({ reportKey: reportKeySchema });

export const REPORT_PAGE_SIZE_MAX = 200;
export const REPORT_PAGE_SIZE_DEFAULT = 50;

/** Every filter parameter any report takes (each report accepts only its own, see REPORTS). */
export const REPORT_FILTER_PARAMS = ['outletId', 'customerCode', 'skuId', 'itemCode', 'productName'] as const;
export type ReportFilterParam = (typeof REPORT_FILTER_PARAMS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');
const searchList = z.string().max(2000).optional();

/** The query of a report page, its export and (without page and pageSize) its count. */
export const reportQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  customerToken: z.string().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(REPORT_PAGE_SIZE_DEFAULT),
  /** `column` ascending or `-column` descending; each report lists its sortable columns. */
  sort: z
    .string()
    .regex(/^-?[A-Za-z]+$/, 'must be a column key, with a leading - for descending')
    .optional(),
  outletId: searchList,
  customerCode: searchList,
  skuId: searchList,
  itemCode: searchList,
  productName: searchList,
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportExportQuerySchema = reportQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

export const REPORT_COLUMN_TYPES = ['text', 'number', 'amount', 'date', 'datetime', 'boolean'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  /** With the market's currency symbol for price and amount columns. */
  header: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  sortable: z.boolean(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** A cell: text, number, boolean, ISO date (YYYY-MM-DD) or timestamp (ISO 8601), or null. */
export const reportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportPageSchema = z.object({
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** Rows matching the filters in the caller's scope (the export holds at most `downloadCap` of them). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The sort applied, as `column` or `-column`. */
  sort: z.string(),
  columns: z.array(reportColumnSchema),
  downloadCap: z.number().int(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/**
 * The totals row of a report (GET /api/reports/:reportKey/totals, same query as the page): the row
 * count and the sum of each summed column (quantities and amounts; never prices or coordinates) over
 * every row matching the filters in the caller's scope, not only the page.
 */
export const reportTotalsSchema = z.object({
  total: z.number().int(),
  /** Column key → sum; only the report's summed columns appear. */
  totals: z.record(z.string(), z.number()),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;
