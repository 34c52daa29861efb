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
  const abs = Math.abs(value);
  for (const unit of style === 'kpi' ? KPI_UNITS : DASHBOARD_UNITS) {
    if (abs >= unit.min) return `${(value / unit.min).toFixed(2)}${unit.suffix}`;
  }
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
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
