/**
 * UCube KPIs (issue 4): the definitions, their labels per market and mode (spec section 9), the
 * period rules (spec section 4), the hierarchy level entries of spec section 3, and the request and
 * response schemas of the three KPI calls. Pure functions, shared by the server and the web;
 * docs/kpis.md explains each formula against the generated data.
 */
import { z } from 'zod';
import { BSA_VALUES } from './users.js';
import { countryCodeSchema, type CountryCode } from './countries.js';
import {
  CD_VP_ROLE,
  chainFor,
  DEMO_LEVEL_INDEX,
  DT_OPERATOR_ROLE,
  MARKET_VARIANT,
  SUPER_USER_ROLE,
} from './hierarchy.js';
import { achievedPercentageValue, compareEmailLocalPart, roundHalfUp } from './format.js';

// ---------------------------------------------------------------------------------------------
// Periods (spec section 4: day, mtd and a third, last month, which is the fallback)
// ---------------------------------------------------------------------------------------------

export const KPI_PERIODS = ['day', 'mtd', 'lm'] as const;
export type KpiPeriod = (typeof KPI_PERIODS)[number];

/** 'day' and 'mtd' as asked (any case); anything else, or nothing, is the fallback 'lm'. */
export function resolvePeriod(value: string | null | undefined): KpiPeriod {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'day' || v === 'mtd' ? v : 'lm';
}

export interface PeriodRange {
  period: KpiPeriod;
  /** First and last day of the actuals, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** First day of the month whose targets apply. */
  month: string;
  daysInMonth: number;
  /** Days of the target month up to and including `to`. */
  daysGone: number;
  /**
   * Share of the monthly target a period carries for the flow KPIs (calls, bills, GSV): a day is
   * 1/daysInMonth, month-to-date the straight line daysGone/daysInMonth, last month all of it.
   */
  targetShare: number;
  /** Straight-line expectation (daysGone/daysInMonth, %), what a pace flag compares achievement with. */
  timeGonePercentage: number;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const round2 = (x: number) => roundHalfUp(x, 2);

/** The calendar dates of a period, given today ('YYYY-MM-DD' in the market's time zone). */
export function periodRange(period: KpiPeriod, today: string): PeriodRange {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  if (period === 'lm') {
    const first = utc(y, m - 2, 1);
    const last = utc(y, m - 1, 0);
    const days = last.getUTCDate();
    return {
      period,
      from: iso(first),
      to: iso(last),
      month: iso(first),
      daysInMonth: days,
      daysGone: days,
      targetShare: 1,
      timeGonePercentage: 100,
    };
  }
  const daysInMonth = utc(y, m, 0).getUTCDate();
  const month = iso(utc(y, m - 1, 1));
  return {
    period,
    from: period === 'day' ? today : month,
    to: today,
    month,
    daysInMonth,
    daysGone: d,
    targetShare: period === 'day' ? 1 / daysInMonth : d / daysInMonth,
    timeGonePercentage: round2((d / daysInMonth) * 100),
  };
}

// ---------------------------------------------------------------------------------------------
// KPI definitions and labels (spec section 9)
// ---------------------------------------------------------------------------------------------

export const KPI_VIEWS = ['performance', 'distributor', 'disciplinary'] as const;
/** performance: Team View; distributor: DT View; disciplinary: KPI View. */
export type KpiView = (typeof KPI_VIEWS)[number];
export const KPI_VIEW_TITLES: Record<KpiView, string> = {
  performance: 'Team View',
  distributor: 'DT View',
  disciplinary: 'KPI View',
};

/** Which chain a view walks: the team chain or the distributor chain of spec section 3. */
export const CHAIN_TYPES = ['team', 'distributor'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

export const KPI_KEYS = ['eco', 'newEco', 'prodCalls', 'billsProd', 'gsv', 'calls'] as const;
export type KpiKey = (typeof KPI_KEYS)[number];
export type KpiUnit = 'count' | 'percent' | 'amount';

export interface KpiColumn {
  key: KpiKey;
  label: string;
  targetLabel: string;
  actualLabel: string;
  unit: KpiUnit;
}

/** Markets whose productive calls show as counts; elsewhere as a percentage of planned calls. */
export const PC_COUNT_MARKETS: readonly CountryCode[] = ['vn', 'th'];

/** Distributor mode: the DT View, or any view walking the distributor chain. */
export const isDistributorMode = (view: KpiView, type: ChainType) =>
  view === 'distributor' || type === 'distributor';

/** 'Bills Productivity' for pk or in distributor mode, productive calls (PC) otherwise. */
export function productivityKpi(country: CountryCode, distributorMode: boolean): 'billsProd' | 'prodCalls' {
  return country === 'pk' || distributorMode ? 'billsProd' : 'prodCalls';
}

export function kpiColumn(key: KpiKey, country: CountryCode, distributorMode: boolean): KpiColumn {
  switch (key) {
    case 'eco':
      return { key, label: 'ECO', targetLabel: 'ECO Target', actualLabel: 'Eco Actuals', unit: 'count' };
    case 'newEco':
      return {
        key,
        label: 'New ECO',
        targetLabel: 'New ECO Target',
        actualLabel: 'New ECO Actuals',
        unit: 'count',
      };
    case 'prodCalls':
      return PC_COUNT_MARKETS.includes(country)
        ? { key, label: 'PC', targetLabel: 'PC Target', actualLabel: 'PC Actuals', unit: 'count' }
        : { key, label: 'PC %', targetLabel: 'PC Target %', actualLabel: 'PC Actuals %', unit: 'percent' };
    case 'billsProd':
      return {
        key,
        label: 'Bills Productivity',
        targetLabel: 'Bills Productivity Target',
        actualLabel: 'Bills Productivity Actuals',
        unit: 'count',
      };
    case 'gsv': {
      const label = distributorMode ? 'Secondary [TP]' : 'GSV';
      return { key, label, targetLabel: `${label} Target`, actualLabel: `${label} Actuals`, unit: 'amount' };
    }
    case 'calls':
      return {
        key,
        label: 'Calls',
        targetLabel: 'Planned Calls',
        actualLabel: 'Actual Calls',
        unit: 'count',
      };
  }
}

/**
 * The KPIs of a view, headline first (the row's achievedPercentage is the headline's): Team View
 * GSV, DT View Secondary [TP], KPI View ECO. The coverage KPI is New ECO for a day, ECO otherwise.
 */
export function kpiColumnsFor(
  view: KpiView,
  country: CountryCode,
  period: KpiPeriod,
  type: ChainType,
): KpiColumn[] {
  const dm = isDistributorMode(view, type);
  const coverage: KpiKey = period === 'day' ? 'newEco' : 'eco';
  const productivity = productivityKpi(country, dm);
  const keys: KpiKey[] =
    view === 'disciplinary' ? [coverage, productivity, 'calls'] : ['gsv', coverage, productivity];
  return keys.map((k) => kpiColumn(k, country, dm));
}

/** Summed figures of a node (salesmen under it) over the period, from the summary tables. */
export interface KpiSums {
  plannedCalls: number;
  actualCalls: number;
  productiveCalls: number;
  bills: number;
  gsv: number;
  /** Distinct outlets billed in the period. */
  eco: number;
  /** Day period: outlets billed on the day and not earlier in the month. */
  newEco: number;
  /** Day period: distinct outlets billed in the month before the day. */
  ecoBeforeDay: number;
  /** Monthly targets of the period's month, summed over the salesmen. */
  ecoTarget: number;
  productiveCallsTarget: number;
  billsTarget: number;
  gsvTarget: number;
  /** Whether any salesman had a target row for the month. */
  hasTargets: boolean;
}

export const emptyKpiSums = (): KpiSums => ({
  plannedCalls: 0,
  actualCalls: 0,
  productiveCalls: 0,
  bills: 0,
  gsv: 0,
  eco: 0,
  newEco: 0,
  ecoBeforeDay: 0,
  ecoTarget: 0,
  productiveCallsTarget: 0,
  billsTarget: 0,
  gsvTarget: 0,
  hasTargets: false,
});

export type AchievedPercentage = number | 'NA';

/** actual / target in %, 2 decimals; 'NA' when the target is missing or 0. */
export function achievedPercentage(actual: number, target: number | null | undefined): AchievedPercentage {
  if (target === null || target === undefined || !Number.isFinite(target) || target === 0) return 'NA';
  return round2((actual / target) * 100);
}

export interface KpiValue {
  actual: number;
  /** null when there is no target. */
  target: number | null;
  achievedPercentage: AchievedPercentage;
  /** The whole month's target (before the period's share), for pace and the home cards. */
  monthTarget: number | null;
}

/** One KPI's value from a node's sums, per docs/kpis.md. */
export function kpiValue(key: KpiKey, sums: KpiSums, range: PeriodRange, country: CountryCode): KpiValue {
  const t = (monthly: number) => (sums.hasTargets ? monthly : null);
  const share = (monthly: number) => (sums.hasTargets ? round2(monthly * range.targetShare) : null);
  const value = (actual: number, target: number | null, monthTarget: number | null): KpiValue => ({
    actual: round2(actual),
    target,
    achievedPercentage: achievedPercentage(actual, target),
    monthTarget,
  });
  switch (key) {
    case 'eco':
      // Coverage is a monthly count of distinct outlets: measured against the whole month's target.
      return value(sums.eco, t(sums.ecoTarget), t(sums.ecoTarget));
    case 'newEco': {
      const daysLeft = range.daysInMonth - range.daysGone + 1;
      const target = sums.hasTargets
        ? Math.ceil(Math.max(0, sums.ecoTarget - sums.ecoBeforeDay) / daysLeft)
        : null;
      return value(sums.newEco, target, t(sums.ecoTarget));
    }
    case 'prodCalls': {
      const target = share(sums.productiveCallsTarget);
      if (!PC_COUNT_MARKETS.includes(country)) {
        // Shown as shares of the planned calls; the achievement is the same ratio as the counts'.
        if (sums.plannedCalls === 0)
          return {
            actual: 0,
            target: null,
            achievedPercentage: 'NA',
            monthTarget: t(sums.productiveCallsTarget),
          };
        const pct = (n: number) => (n / sums.plannedCalls) * 100;
        return {
          actual: round2(pct(sums.productiveCalls)),
          target: target === null ? null : round2(pct(target)),
          achievedPercentage: achievedPercentage(sums.productiveCalls, target),
          monthTarget: t(sums.productiveCallsTarget),
        };
      }
      return value(sums.productiveCalls, target, t(sums.productiveCallsTarget));
    }
    case 'billsProd':
      return value(sums.bills, share(sums.billsTarget), t(sums.billsTarget));
    case 'gsv':
      return value(sums.gsv, share(sums.gsvTarget), t(sums.gsvTarget));
    case 'calls':
      return value(sums.actualCalls, sums.plannedCalls, null);
  }
}

// ---------------------------------------------------------------------------------------------
// One meaning of target, one status scale (issue 10 "Numbers that agree"; docs/kpis.md "Status")
// ---------------------------------------------------------------------------------------------

/**
 * Status bands on the status figure (see `readKpi`): on target at 100 % and more, close from 80 %,
 * behind under 80 % (red means more than a fifth short of where the row should stand today).
 */
export const STATUS_THRESHOLDS = { onTarget: 100, close: 80 } as const;
export type StatusBand = 'good' | 'warn' | 'bad' | 'na';

/** The band of a percentage, taken on the figure as shown (2 decimals), so 99.996 % is on target. */
export function statusBand(value: AchievedPercentage | null | undefined): StatusBand {
  if (value === 'NA' || value === null || value === undefined || !Number.isFinite(value)) return 'na';
  const shown = roundHalfUp(value, 2);
  if (shown >= STATUS_THRESHOLDS.onTarget) return 'good';
  if (shown >= STATUS_THRESHOLDS.close) return 'warn';
  return 'bad';
}

/** What a screen shows of one KPI value: one target, the expected-by-today, and one status. */
export interface KpiReading {
  actual: number;
  /**
   * The target: the month target wherever a month target applies (MTD and last month); a day's own
   * target in the Day view; planned calls for Calls; the rate in % markets.
   */
  target: number | null;
  /** Month to date: where the straight line to the month target stands today; null otherwise. */
  expected: number | null;
  /** actual ÷ target, %. */
  achievement: AchievedPercentage;
  /** The status figure: actual ÷ expected by today (MTD), else the achievement. */
  pace: AchievedPercentage;
  /** The one status of the value, from `pace`: the colour, the pace flag and the banner all read it. */
  band: StatusBand;
}

const MONTH_TARGET_KEYS: readonly KpiKey[] = ['gsv', 'eco', 'prodCalls', 'billsProd'];

/**
 * One KPI value as every screen shows it. Month to date, a KPI with a month target shows that
 * target, its achievement of it, and is judged (band, pace flag) on actual ÷ expected by today, the
 * straight line monthTarget × daysGone ÷ daysInMonth; otherwise target and status are the answer's.
 */
export function readKpi(
  key: KpiKey,
  value: KpiValue | undefined,
  unit: KpiUnit,
  range: Pick<PeriodRange, 'period' | 'daysGone' | 'daysInMonth'>,
): KpiReading {
  if (!value) return { actual: 0, target: null, expected: null, achievement: 'NA', pace: 'NA', band: 'na' };
  const paced =
    range.period === 'mtd' &&
    unit !== 'percent' &&
    MONTH_TARGET_KEYS.includes(key) &&
    value.monthTarget !== null &&
    value.monthTarget > 0 &&
    range.daysInMonth > 0;
  if (!paced) {
    return {
      actual: value.actual,
      target: value.target,
      expected: null,
      achievement: value.achievedPercentage,
      pace: value.achievedPercentage,
      band: statusBand(value.achievedPercentage),
    };
  }
  const monthTarget = value.monthTarget!;
  // The same expression as the server's period share, so the figures agree to the last digit.
  const expected = round2(monthTarget * (range.daysGone / range.daysInMonth));
  const pace = achievedPercentage(value.actual, expected);
  return {
    actual: value.actual,
    target: monthTarget,
    expected,
    achievement: achievedPercentage(value.actual, monthTarget),
    pace,
    band: statusBand(pace),
  };
}

/**
 * The pace flag of a month-to-date value, read from its band so the two never disagree: 'behind'
 * on a red row, 'close' on an amber one, none on a green row or where no straight line applies.
 */
export function paceFlag(reading: KpiReading): 'behind' | 'close' | null {
  if (reading.expected === null) return null;
  return reading.band === 'bad' ? 'behind' : reading.band === 'warn' ? 'close' : null;
}

// ---------------------------------------------------------------------------------------------
// Hierarchy level entries (spec section 3)
// ---------------------------------------------------------------------------------------------

/** One level of a viewer's chain, as the server walks it. */
export interface ChainLevel {
  levelname: string;
  columnName: string;
  /** 'LEVELn', the value of the drill-down query's `role`. */
  level: string;
  /** What a row at this level is: the viewer's own scope, a hierarchy member, or a distributor. */
  node: 'viewer' | 'member' | 'distributor';
  /** hierarchy_members.level_index of member levels (and of a viewer who is a member). */
  memberLevel?: number;
}

/** The title index of a role in its market's chain, or -1. */
export function chainIndexOf(role: string | null | undefined, country: CountryCode): number {
  return chainFor(country).findIndex((t) => t.role === role);
}

const viewerTitle = (role: string | null | undefined) =>
  role === SUPER_USER_ROLE || role === DT_OPERATOR_ROLE ? role : CD_VP_ROLE;

/**
 * The team chain of a viewer: Super User or CD VP (also unknown roles) above the market's titles; a
 * member from their own title down; a DT Operator: DT Operator, team leader, salesperson.
 */
export function teamChain(country: CountryCode, role: string | null | undefined): ChainLevel[] {
  const titles = chainFor(country);
  const idx = DEMO_LEVEL_INDEX[MARKET_VARIANT[country]];
  const member = (i: number, level: string): ChainLevel => ({
    levelname: titles[i]!.role,
    columnName: titles[i]!.columnName,
    level,
    node: 'member',
    memberLevel: i,
  });
  if (role === DT_OPERATOR_ROLE) {
    return [
      { levelname: DT_OPERATOR_ROLE, columnName: DT_OPERATOR_ROLE, level: 'LEVEL2', node: 'viewer' },
      member(idx.tl, 'LEVEL3'),
      member(idx.sm, 'LEVEL4'),
    ];
  }
  const own = chainIndexOf(role, country);
  if (own >= 0) {
    return titles.slice(own).map((_, k) => {
      const level = member(own + k, `LEVEL${own + k + 2}`);
      return k === 0 ? { ...level, node: 'viewer' } : level;
    });
  }
  const top = viewerTitle(role);
  return [
    { levelname: top, columnName: top, level: 'LEVEL1', node: 'viewer' },
    ...titles.map((_, i) => member(i, `LEVEL${i + 2}`)),
  ];
}

/**
 * The distributor chain: the viewer's own role, then Distributor (LEVEL2, column DT Site Code;
 * 'Distributor Details' in the regional variant), the team lead (LEVEL3) and the salesperson (LEVEL4).
 */
export function distributorChain(country: CountryCode, role: string | null | undefined): ChainLevel[] {
  const titles = chainFor(country);
  const idx = DEMO_LEVEL_INDEX[MARKET_VARIANT[country]];
  const own = chainIndexOf(role, country);
  const top = own >= 0 ? titles[own]!.role : viewerTitle(role);
  return [
    {
      levelname: top,
      columnName: own >= 0 ? titles[own]!.columnName : top,
      level: 'LEVEL1',
      node: 'viewer',
      ...(own >= 0 ? { memberLevel: own } : {}),
    },
    {
      levelname: MARKET_VARIANT[country] === 'regional' ? 'Distributor Details' : 'Distributor',
      columnName: 'DT Site Code',
      level: 'LEVEL2',
      node: 'distributor',
    },
    {
      levelname: titles[idx.tl]!.role,
      columnName: titles[idx.tl]!.columnName,
      level: 'LEVEL3',
      node: 'member',
      memberLevel: idx.tl,
    },
    {
      levelname: titles[idx.sm]!.role,
      columnName: titles[idx.sm]!.columnName,
      level: 'LEVEL4',
      node: 'member',
      memberLevel: idx.sm,
    },
  ];
}

export function chainOf(
  type: ChainType,
  country: CountryCode,
  role: string | null | undefined,
): ChainLevel[] {
  return type === 'distributor' ? distributorChain(country, role) : teamChain(country, role);
}

/**
 * The level active by default: the distributor in the distributor chain; in the team chain the
 * second entry, or the first for a team leader (and a lone salesperson).
 */
export function defaultActiveIndex(
  type: ChainType,
  chain: readonly ChainLevel[],
  country: CountryCode,
): number {
  if (chain.length === 1) return 0;
  if (type === 'distributor') return 1;
  const tl = chainFor(country)[DEMO_LEVEL_INDEX[MARKET_VARIANT[country]].tl]!.role;
  return chain[0]!.levelname === tl ? 0 : 1;
}

export const hierarchyLevelEntrySchema = z.object({
  levelname: z.string(),
  columnName: z.string(),
  /** The email chosen at this level; empty until chosen. */
  emailId: z.string(),
  active: z.boolean(),
  /** 'LEVELn', what the drill-down query's `role` names. */
  level: z.string(),
  /** Distributor-side entries: the spec's role (LEVEL1 … LEVEL4). */
  role: z.string().optional(),
  /** The distributor entry once a distributor is chosen. */
  dtCode: z.string().optional(),
  /** The chosen member's or distributor's name, for the breadcrumb. */
  name: z.string().optional(),
});
export type HierarchyLevelEntry = z.infer<typeof hierarchyLevelEntrySchema>;

/** The entries of a chain with the active level and the choices made above it. */
export function levelEntries(
  type: ChainType,
  chain: readonly ChainLevel[],
  activeIndex: number,
  chosen: readonly { emailId?: string; dtCode?: string; name?: string }[],
): HierarchyLevelEntry[] {
  return chain.map((c, i) => {
    const pick = i < activeIndex ? chosen[i] : undefined;
    return {
      levelname: c.levelname,
      columnName: c.columnName,
      emailId: pick?.emailId ?? '',
      active: i === activeIndex,
      level: c.level,
      ...(type === 'distributor' ? { role: c.level } : {}),
      ...(pick?.dtCode ? { dtCode: pick.dtCode } : {}),
      ...(pick?.name && (pick.emailId || pick.dtCode) ? { name: pick.name } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Sorting (spec section 9)
// ---------------------------------------------------------------------------------------------

export const KPI_SORTS = ['achievedPercentage', 'email'] as const;
export type KpiSort = (typeof KPI_SORTS)[number];

/**
 * achievedPercentage numerically ('NA' as 0), or the email's local part (numeric ones first); ties by
 * email then code. Descending is the default for achievement, ascending for email.
 */
export function comparePerformanceRows(
  sort: KpiSort,
  order: 'asc' | 'desc',
): (a: SortableRow, b: SortableRow) => number {
  const sign = order === 'asc' ? 1 : -1;
  const byEmail = (a: SortableRow, b: SortableRow) =>
    compareEmailLocalPart(a.emailId ?? a.code, b.emailId ?? b.code) || a.code.localeCompare(b.code);
  return (a, b) => {
    if (sort === 'email') return sign * byEmail(a, b);
    const d = achievedPercentageValue(a.achievedPercentage) - achievedPercentageValue(b.achievedPercentage);
    return d !== 0 ? sign * d : byEmail(a, b);
  };
}

interface SortableRow {
  emailId: string | null;
  code: string;
  achievedPercentage: AchievedPercentage;
}

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

export const KPI_SPAN_SUBTREE = 'subtree';

export const kpiQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  customerToken: z.string().optional(),
  /** day, mtd; anything else (or nothing) is last month. */
  period: z.string().max(20).optional(),
  /** The selected business scope assignment; the caller's first one by default. */
  bsa: z.enum(BSA_VALUES).optional(),
  /** The level viewed (LEVELn of the caller's chain); the chain's default when omitted. */
  role: z
    .string()
    .regex(/^LEVEL\d$/, 'must be LEVEL1 to LEVEL9')
    .optional(),
  type: z.enum(CHAIN_TYPES).optional(),
  /** The member chosen at the level above the one viewed. */
  emailId: z.string().max(254).optional(),
  /** The distributor chosen (LEVEL3 under a distributor). */
  dtCode: z.string().max(40).optional(),
  /**
   * `subtree`: the rows of level `role` anywhere under the chosen node, skipping the levels between
   * (the total row's drill: every salesperson of a region at once). The chosen node may then sit at
   * any level above; none chosen is the caller's whole scope.
   */
  span: z.literal(KPI_SPAN_SUBTREE).optional(),
  sort: z.enum(KPI_SORTS).default('achievedPercentage'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type KpiQuery = z.infer<typeof kpiQuerySchema>;

export const kpiValueSchema = z.object({
  actual: z.number(),
  target: z.number().nullable(),
  achievedPercentage: z.union([z.number(), z.literal('NA')]),
  monthTarget: z.number().nullable(),
});

export const kpiColumnSchema = z.object({
  key: z.enum(KPI_KEYS),
  label: z.string(),
  targetLabel: z.string(),
  actualLabel: z.string(),
  unit: z.enum(['count', 'percent', 'amount']),
});

export const drillQuerySchema = z.object({
  role: z.string(),
  type: z.enum(CHAIN_TYPES),
  emailId: z.string().optional(),
  dtCode: z.string().optional(),
  span: z.literal(KPI_SPAN_SUBTREE).optional(),
});
export type DrillQuery = z.infer<typeof drillQuerySchema>;

export const performanceRowSchema = z.object({
  name: z.string(),
  /** Members: their email; distributors: null. */
  emailId: z.string().nullable(),
  /** Employee code, salesman code or DT code. */
  code: z.string(),
  levelname: z.string(),
  level: z.string(),
  salesmanCode: z.string().optional(),
  dtCode: z.string().nullable(),
  dtSiteCode: z.string().nullable(),
  isActive: z.boolean(),
  salesmen: z.number().int(),
  /** The headline KPI's achievement ('NA' sorts as 0). */
  achievedPercentage: z.union([z.number(), z.literal('NA')]),
  kpis: z.record(z.string(), kpiValueSchema),
  /**
   * The query that opens the level below this row; null at the bottom of the chain. On the total
   * row: the bottom level of the whole node at once (`span: subtree`); null when the rows already
   * are that level.
   */
  drill: drillQuerySchema.nullable(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

export const kpiAnswerSchema = z.object({
  view: z.enum(KPI_VIEWS),
  viewTitle: z.string(),
  type: z.enum(CHAIN_TYPES),
  countryCode: countryCodeSchema,
  bsa: z.enum(BSA_VALUES),
  period: z.enum(KPI_PERIODS),
  range: z.object({
    from: z.string(),
    to: z.string(),
    month: z.string(),
    daysInMonth: z.number().int(),
    daysGone: z.number().int(),
    timeGonePercentage: z.number(),
  }),
  levels: z.array(hierarchyLevelEntrySchema),
  kpis: z.array(kpiColumnSchema),
  total: performanceRowSchema,
  rows: z.array(performanceRowSchema),
});
export type KpiAnswer = z.infer<typeof kpiAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// A salesperson's day (issue 10: a salesperson row leads to their visits and orders)
// ---------------------------------------------------------------------------------------------

/** How many days back a salesperson's day can be opened (the summaries keep about two months). */
export const SALESMAN_DAY_MAX_DAYS_BACK = 92;

export const salesmanDayQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  customerToken: z.string().optional(),
  /** The salesperson's email (the row's emailId). */
  emailId: z.string().min(3).max(254),
  /** 'YYYY-MM-DD' in the market's calendar; the market's today by default. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
});
export type SalesmanDayQuery = z.infer<typeof salesmanDayQuerySchema>;

const salesmanDayOrderSchema = z.object({
  orderNumber: z.string(),
  lines: z.number().int(),
  /** Gross amount of the order (before returns), in the market's currency. */
  amount: z.number(),
});

export const salesmanDayAnswerSchema = z.object({
  countryCode: countryCodeSchema,
  currencyCode: z.string(),
  date: z.string(),
  /** The market's today, the latest day that can be asked for. */
  today: z.string(),
  salesman: z.object({
    name: z.string(),
    emailId: z.string(),
    smCode: z.string(),
    dtCode: z.string(),
    dtSiteCode: z.string(),
    teamLeader: z.object({ name: z.string(), emailId: z.string() }).nullable(),
  }),
  totals: z.object({
    plannedCalls: z.number().int(),
    actualCalls: z.number().int(),
    productiveCalls: z.number().int(),
    orders: z.number().int(),
    orderValue: z.number(),
  }),
  /** The day's visits in visit order (unplanned ones after the planned). */
  visits: z.array(
    z.object({
      sequence: z.number().int().nullable(),
      outletCode: z.string(),
      outletName: z.string(),
      address: z.string(),
      planned: z.boolean(),
      actual: z.boolean(),
      productive: z.boolean(),
      checkInAt: z.string().nullable(),
      checkOutAt: z.string().nullable(),
      orders: z.array(salesmanDayOrderSchema),
    }),
  ),
  /** Orders of the day taken without a visit record. */
  ordersWithoutVisit: z.array(
    salesmanDayOrderSchema.extend({ outletCode: z.string(), outletName: z.string() }),
  ),
});
export type SalesmanDayAnswer = z.infer<typeof salesmanDayAnswerSchema>;
