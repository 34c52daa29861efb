/**
 * Number and date formats of spec sections 5 and 9, written once for the web, exports and tests.
 */

const DASHBOARD_UNITS = [
  { min: 1e12, suffix: 'Tr' },
  { min: 1e9, suffix: 'Bn' },
  { min: 1e6, suffix: 'M' },
  { min: 1e3, suffix: 'K' },
] as const;

const KPI_UNITS = [
  { min: 1e12, suffix: 't' },
  { min: 1e9, suffix: 'b' },
  { min: 1e6, suffix: 'm' },
  { min: 1e3, suffix: 'k' },
] as const;

/**
 * Abbreviates numbers of 1,000 and more to 2 decimals with K, M, Bn, Tr (or k, m, b, t in KPI
 * views); smaller fractional numbers get 2 decimals, smaller whole numbers stay as they are.
 * Not-a-number input (a missing figure) shows 'NA'.
 */
export function formatAmount(
  value: number | null | undefined,
  style: 'dashboard' | 'kpi' = 'dashboard',
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'NA';
  return abbreviate(value, style, 2);
}

/**
 * `value` abbreviated by the largest unit it reaches once rounded (999,999 is 1.00M, not 1000.00K),
 * with 2 decimals; below 1,000 with `smallDecimals` (whole numbers stay whole). One rounding:
 * roundHalfUp, so the same value shows the same digits everywhere.
 */
function abbreviate(value: number, style: 'dashboard' | 'kpi', smallDecimals: number): string {
  const units = style === 'kpi' ? KPI_UNITS : DASHBOARD_UNITS;
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (Math.abs(value) < unit.min) continue;
    const scaled = roundHalfUp(value / unit.min, 2);
    if (Math.abs(scaled) >= 1000 && i > 0) {
      const up = units[i - 1]!;
      return `${roundHalfUp(value / up.min, 2).toFixed(2)}${up.suffix}`;
    }
    return `${scaled.toFixed(2)}${unit.suffix}`;
  }
  const small = roundHalfUp(value, smallDecimals);
  if (Math.abs(small) >= 1000) return `${roundHalfUp(value / 1e3, 2).toFixed(2)}${units.at(-1)!.suffix}`;
  return Number.isInteger(value) ? String(value) : small.toFixed(smallDecimals);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

// Building an Intl.DateTimeFormat costs far more than using one: exports format every row.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * `dd-MMM-yy | HH:mm` (24 h) in the given IANA time zone, or '--' when the value is absent or not a
 * date (spec section 5).
 */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone = 'UTC'): string {
  if (value === null || value === undefined || value === '') return '--';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  const local = new Date(date.getTime() + zoneOffsetMs(date.getTime(), timeZone));
  return `${pad(local.getUTCDate())}-${MONTHS[local.getUTCMonth()]}-${pad(local.getUTCFullYear() % 100)} | ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The calendar date (YYYY-MM-DD) at an instant in a time zone: "today" for a market. */
export function localDateIso(value: Date | number, timeZone: string): string {
  const ms = typeof value === 'number' ? value : value.getTime();
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 10);
}

const HOUR_MS = 3_600_000;
const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant, asked of Intl once per zone and hour (offsets change on
 * the hour at most), so formatting a 100,000-row export stays cheap.
 */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const parts = dateTimeFormat(timeZone).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
    offset = wall - at;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** Sort key of an email's local part: numeric local parts first (by value), then the rest by text. */
export function compareEmailLocalPart(a: string, b: string): number {
  const la = a.split('@')[0] ?? '';
  const lb = b.split('@')[0] ?? '';
  const na = /^\d+$/.test(la);
  const nb = /^\d+$/.test(lb);
  if (na && nb) return Number(la) - Number(lb) || la.localeCompare(lb);
  if (na !== nb) return na ? -1 : 1;
  return la.localeCompare(lb, 'en', { sensitivity: 'base' });
}

/** achievedPercentage as a number for sorting: 'NA', blanks and non-numbers count as 0. */
export function achievedPercentageValue(value: number | string | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (value === null || value === undefined) return 0;
  const parsed = Number(String(value).replace('%', '').trim());
  return Number.isFinite(parsed) && String(value).trim() !== '' ? parsed : 0;
}

// ---------------------------------------------------------------------------------------------
// One rounding for every figure (issue 10 "Numbers that agree"), used by the server's KPI answers,
// the UCube screens and the home cards alike.
// ---------------------------------------------------------------------------------------------

/**
 * Rounds half away from zero at `decimals` places, on the decimal value as written (1.005 → 1.01,
 * 87.745 → 87.75), not on its binary approximation as `toFixed` does (1.005.toFixed(2) is "1.00").
 */
export function roundHalfUp(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  const rounded = Number(
    `${Math.round(Number.isFinite(shifted) ? shifted : Math.abs(value) * 10 ** decimals)}e-${decimals}`,
  );
  return rounded === 0 ? 0 : sign * rounded;
}

/**
 * Currencies shown without decimals: VND has no minor unit, and as is customary PKR, BDT and IDR
 * amounts are written in whole units.
 */
export const WHOLE_UNIT_CURRENCIES: readonly string[] = ['VND', 'PKR', 'BDT', 'IDR'];

export type FigureUnit = 'count' | 'percent' | 'amount';

export interface FigureOptions {
  /** K/M/Bn/Tr (dashboard) or k/m/b/t (KPI View) above 1,000. */
  style?: 'dashboard' | 'kpi';
  /** ISO currency of amounts; whole-unit currencies get no decimals below 1,000. */
  currency?: string;
}

/**
 * A KPI figure, the one rule for every screen: counts (calls, outlets, bills) are whole numbers;
 * amounts and counts of 1,000 and more abbreviate to 2 decimals; smaller amounts get 2 decimals,
 * none in a whole-unit currency; percentages 2 decimals and '%'. Missing figures are 'NA'.
 */
export function formatFigure(
  value: number | null | undefined,
  unit: FigureUnit,
  options: FigureOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'NA';
  const style = options.style ?? 'dashboard';
  if (unit === 'percent') return `${roundHalfUp(value, 2).toFixed(2)}%`;
  if (unit === 'count') return abbreviate(roundHalfUp(value, 0), style, 0);
  const whole = options.currency !== undefined && WHOLE_UNIT_CURRENCIES.includes(options.currency);
  return abbreviate(whole ? roundHalfUp(value, 0) : value, style, whole ? 0 : 2);
}

/** An achievement (or any share in %): 2 decimals and '%', 'NA' as is. */
export function formatPercentage(value: number | 'NA' | null | undefined): string {
  if (value === 'NA' || value === null || value === undefined || !Number.isFinite(value)) return 'NA';
  return `${roundHalfUp(value, 2).toFixed(2)}%`;
}
