/**
 * How much data each scale makes, per market. Row counts follow mostly from
 * salesmen x working days x (visits + orders + lines + GPS points), about 25 rows per salesman
 * per working day. `demo` stays near 1.1 million rows so it loads into PGlite in well under a
 * minute and is served in well under 1.5 GB; `large` is for PostgreSQL only.
 */
import { COUNTRY_CODES, type CountryCode } from '@fieldforce/contracts';

export const SEED_SCALES = ['test', 'demo', 'large'] as const;
export type SeedScale = (typeof SEED_SCALES)[number];

export interface MarketSize {
  /** Top-of-chain members (RSD / Branch Manager / Regional Manager). */
  heads: number;
  /** Children per member from level 1 down to the team leaders, for the five-title chains. */
  fanout: readonly number[];
  /** The same for the six-title (regional) chain. */
  regionalFanout: readonly number[];
  /** Salesmen per team leader. */
  teamSize: readonly [number, number];
  /** Planned calls per salesman per working day. */
  plannedPerDay: readonly [number, number];
  linesPerOrder: readonly [number, number];
  /** Days of activity ending today, or a fixed first day. */
  history: { days: number } | { since: string };
  /** Weekly stock snapshots kept (plus today's). */
  inventoryWeeks: number;
  /** Days of GPS trail kept before today (tracking shows recent days); omitted keeps every day. */
  gpsDays?: number;
  /** Days (ending today) with the full trail, a ping every 1–2 minutes; default 3 (activity.ts). */
  gpsDenseDays?: number;
  promotions: number;
  promotionOutletsMax: number;
}

const TINY: MarketSize = {
  heads: 1,
  fanout: [2, 1, 1],
  regionalFanout: [2, 1, 1, 1],
  teamSize: [2, 3],
  plannedPerDay: [3, 4],
  linesPerOrder: [1, 3],
  history: { days: 14 },
  inventoryWeeks: 2,
  promotions: 3,
  promotionOutletsMax: 20,
};

const DEMO_MARKET: MarketSize = {
  heads: 1,
  fanout: [2, 3, 4],
  regionalFanout: [2, 2, 2, 3],
  teamSize: [7, 9],
  plannedPerDay: [3, 4],
  linesPerOrder: [1, 3],
  history: { days: 120 },
  inventoryWeeks: 8,
  gpsDays: 30,
  promotions: 10,
  promotionOutletsMax: 120,
};

const LARGE_VN: MarketSize = {
  heads: 6,
  fanout: [3, 3, 4],
  regionalFanout: [3, 1, 3, 4],
  teamSize: [5, 7],
  plannedPerDay: [5, 7],
  linesPerOrder: [1, 6],
  history: { since: '2023-10-01' },
  inventoryWeeks: 26,
  promotions: 40,
  promotionOutletsMax: 400,
};

const each = (size: MarketSize) =>
  Object.fromEntries(COUNTRY_CODES.map((c) => [c, size])) as Record<CountryCode, MarketSize>;

export const SCALES: Record<SeedScale, Record<CountryCode, MarketSize>> = {
  // Every market is present (all demo sign-ins must work), each with a handful of people.
  test: each(TINY),
  // About two hundred salespeople under some thirty managers in every market.
  demo: each(DEMO_MARKET),
  // Vietnam with over ten million invoice lines; the other markets stay tiny so sign-ins work.
  large: { ...each(TINY), vn: LARGE_VN },
};

/** Rows per COPY statement: big enough to be fast, small enough to keep memory flat. */
export const COPY_CHUNK_ROWS: Record<SeedScale, number> = { test: 20_000, demo: 60_000, large: 50_000 };
