/**
 * The month trend of the UCube home page (GET /api/ucube/daily-trend): per calendar day of the
 * month, the day's figures and their running totals for the caller's whole scope (the Team View's
 * top-level total), with the month's targets, so the web can draw the cumulative actual against the
 * straight line from 0 to the target. docs/kpis.md "Daily trend" defines every figure.
 */
import { z } from 'zod';
import { countryCodeSchema } from './countries.js';
import { BSA_VALUES } from './users.js';

/** `mtd`: the first of this month up to the market's today; `lm`: the whole of last month. */
export const TREND_PERIODS = ['mtd', 'lm'] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

export const dailyTrendQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  customerToken: z.string().optional(),
  /** The selected business scope assignment; the caller's first one by default. */
  bsa: z.enum(BSA_VALUES).optional(),
  period: z.enum(TREND_PERIODS).default('mtd'),
});
export type DailyTrendQuery = z.infer<typeof dailyTrendQuerySchema>;

export const trendDaySchema = z.object({
  /** The calendar day, 'YYYY-MM-DD' (market time). */
  date: z.string(),
  /** GSV invoiced that day (`salesman_daily_kpis.gsv`), and the month's running total up to it. */
  gsv: z.number(),
  gsvCumulative: z.number(),
  /** Outlets billed that day for the first time this month, and the month's distinct outlets billed so far (ECO). */
  newEco: z.number().int(),
  ecoCumulative: z.number().int(),
  /** Visits with an order that day, and the running total (PC as a count, in every market). */
  productiveCalls: z.number().int(),
  productiveCallsCumulative: z.number().int(),
  /** Calls planned for that day, and the running total. */
  plannedCalls: z.number().int(),
  plannedCallsCumulative: z.number().int(),
  /** Invoices that day, and the running total. */
  bills: z.number().int(),
  billsCumulative: z.number().int(),
});
export type TrendDay = z.infer<typeof trendDaySchema>;

export const dailyTrendAnswerSchema = z.object({
  countryCode: countryCodeSchema,
  bsa: z.enum(BSA_VALUES),
  period: z.enum(TREND_PERIODS),
  /** First day of the month shown, 'YYYY-MM-DD'. */
  month: z.string(),
  daysInMonth: z.number().int(),
  /** Days of the month with figures: today's day of the month for mtd, every day for lm. */
  daysGone: z.number().int(),
  /**
   * The whole month's targets summed over the salesmen in scope (`monthly_targets`); each null when
   * no salesman in scope has a target row for the month. The straight line runs from 0 before the
   * first day to the target at the end of the last day.
   */
  targets: z.object({
    gsv: z.number().nullable(),
    eco: z.number().int().nullable(),
    productiveCalls: z.number().int().nullable(),
    bills: z.number().int().nullable(),
  }),
  /** One entry per day from the first of the month to the last day with figures, in order. */
  days: z.array(trendDaySchema),
});
export type DailyTrendAnswer = z.infer<typeof dailyTrendAnswerSchema>;
