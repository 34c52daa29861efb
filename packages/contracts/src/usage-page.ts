import { z } from 'zod';
import { countryCodeSchema } from './countries.js';
import type { UsageEventName } from './usage.js';

/**
 * The admins' usage page (issue 13, "beyond the spec"): GET /api/usage/overview and
 * /api/usage/export, read from the daily rollups (migrations 0015 and 0019), never the raw events.
 */

/**
 * The events that open a screen (the page's "most opened screens"); the profile popup and a section of
 * a screen (performance, assortment) count as events, not as screens opened.
 */
export const SCREEN_EVENTS: readonly UsageEventName[] = [
  'homepage',
  'reportView',
  'teamView',
  'teamDetails',
  'distributorView',
  'distributorDetails',
  'kpiView',
  'kpiDetails',
  'trackingView',
  'adminView',
];

/** Report categories as the usage events name them (spec section 7: operational, transactional, master). */
export const USAGE_REPORT_CATEGORIES = ['operational', 'transactional', 'master'] as const;
export type UsageReportCategory = (typeof USAGE_REPORT_CATEGORIES)[number];

/** The longest period the usage page reads at once. */
export const USAGE_PAGE_MAX_DAYS = 366;
/** How many screens, reports and download items the page lists (the most used first). */
export const USAGE_TOP_ITEMS = 15;
export const USAGE_PERIODS = ['day', 'week', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

const usageDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

const pageFields = {
  countryCode: countryCodeSchema,
  /** 'all' (a Super User only) or one market; the selected market (countryCode) by default. */
  market: z.union([z.literal('all'), countryCodeSchema]).optional(),
  from: usageDay,
  to: usageDay,
};

function checkSpan(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const span = dayNumber(q.to) - dayNumber(q.from);
  if (!Number.isFinite(span) || span < 0) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  } else if (span >= USAGE_PAGE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${USAGE_PAGE_MAX_DAYS} days` });
  }
}

export const usagePageQuerySchema = z.object(pageFields).superRefine(checkSpan);
export type UsagePageQuery = z.infer<typeof usagePageQuerySchema>;

export const usageExportQuerySchema = z
  .object({
    ...pageFields,
    format: z.enum(['csv', 'xlsx']).default('csv'),
    lang: z.enum(['en', 'vi']).default('en'),
  })
  .superRefine(checkSpan);
export type UsageExportQuery = z.infer<typeof usageExportQuerySchema>;

const usageSplitSchema = z.object({ key: z.string(), users: z.array(z.number().int()) });

/**
 * Active users of one granularity: a value per bucket, in total and split by role and by market. A
 * person counts once per market and bucket (with the role of their first event in it); the total over
 * several markets adds the markets up.
 */
export const usageActiveSeriesSchema = z.object({
  /** Each bucket's first day (weeks start on Monday, months on the 1st), oldest first. */
  buckets: z.array(z.string()),
  total: z.array(z.number().int()),
  byRole: z.array(usageSplitSchema),
  byMarket: z.array(usageSplitSchema),
});
export type UsageActiveSeries = z.infer<typeof usageActiveSeriesSchema>;

export const uploadFunnelSchema = z.object({
  started: z.number().int(),
  previewed: z.number().int(),
  applied: z.number().int(),
  failed: z.number().int(),
});
export type UploadFunnel = z.infer<typeof uploadFunnelSchema>;

export const usageOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The markets read. */
  markets: z.array(countryCodeSchema),
  can: z.object({ export: z.boolean(), chooseMarket: z.boolean() }),
  active: z.object({
    day: usageActiveSeriesSchema,
    week: usageActiveSeriesSchema,
    month: usageActiveSeriesSchema,
  }),
  /** Events in the period by name, most first. */
  events: z.array(z.object({ event: z.string(), count: z.number().int() })),
  screens: z.array(z.object({ screen: z.string(), opens: z.number().int() })),
  reports: z.array(z.object({ name: z.string(), category: z.string(), opens: z.number().int() })),
  downloads: z.object({
    total: z.number().int(),
    rows: z.number().int(),
    items: z.array(
      z.object({
        item: z.string(),
        format: z.string(),
        downloads: z.number().int(),
        rows: z.number().int(),
      }),
    ),
  }),
  uploads: z.object({
    /** From the import pipeline's records (lib/imports): files started, previewed, applied, failed. */
    funnel: uploadFunnelSchema,
    byKind: z.array(uploadFunnelSchema.extend({ kind: z.string() })),
    /** The web's upload events: each step of the upload dialog (upload, apply, downloadErrors). */
    steps: z.array(z.object({ tool: z.string(), step: z.string(), events: z.number().int() })),
  }),
});
export type UsageOverview = z.infer<typeof usageOverviewSchema>;
