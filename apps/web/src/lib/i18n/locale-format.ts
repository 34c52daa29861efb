import { formatDateTime } from '@fieldforce/contracts';
import type { Language } from './i18n';

/**
 * Numbers and dates the Vietnamese way when Vietnamese is chosen (vi-VN: `.` groups thousands, `,`
 * marks decimals; dates dd/MM/yyyy), applied to the text the shared formatters of
 * @fieldforce/contracts produce (spec sections 5 and 9), so the one rounding stays exactly as it is; an
 * abbreviated figure's letters (K, M, Bn, Tr; k, m, b, t) become Vietnamese words (`localizeAmount`).
 * English keeps the spec's forms (1,234.56; 45.23M; dd-MMM-yy).
 */

let active: Language = 'en';

/** The interface language, for formatters called outside a component's render (I18nProvider sets it). */
export function setActiveLanguage(language: Language): void {
  active = language;
}

export function activeLanguage(): Language {
  return active;
}

/** `45.23M` → `45,23M`, `87.75%` → `87,75%`, `1,234.50` → `1.234,50` in Vietnamese; as is in English. */
export function localizeFigure(text: string, language: Language = active): string {
  if (language !== 'vi') return text;
  return text.replace(/\d[\d.,]*\d/g, (run) => run.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.')));
}

/**
 * The abbreviation letters in Vietnamese words (the shortenings Vietnamese readers use: nghìn, tr for
 * triệu, tỷ, nghìn tỷ). The spec's letters read wrongly in Vietnamese: its Tr (trillion) is how a
 * Vietnamese reader writes triệu (million).
 */
const VI_UNITS: Readonly<Record<string, string>> = {
  K: 'nghìn',
  k: 'nghìn',
  M: 'tr',
  m: 'tr',
  Bn: 'tỷ',
  b: 'tỷ',
  Tr: 'nghìn tỷ',
  t: 'nghìn tỷ',
};

/**
 * One abbreviated figure of packages/contracts' `formatFigure`/`formatAmount` (`45.23M`, `4.35Bn`,
 * `1.20k`) the reader's way: as is in English; in Vietnamese with its marks swapped and its letters as
 * Vietnamese words after a no-break space (`45,23 tr`, `4,35 tỷ`, `1,20 nghìn`).
 */
export function localizeAmount(text: string, language: Language = active): string {
  const figure = localizeFigure(text, language);
  if (language !== 'vi') return figure;
  return figure.replace(
    /(\d)(Tr|Bn|K|M|t|b|m|k)$/,
    (_, digit: string, unit: string) => `${digit}\u00a0${VI_UNITS[unit]!}`,
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Every `dd-MMM-yy` date in the text as `dd/MM/yyyy` in Vietnamese (times stay 24 h); as is in English. */
export function localizeDates(text: string, language: Language = active): string {
  if (language !== 'vi') return text;
  return text.replace(
    /\b(\d{2})-([A-Z][a-z]{2})-(\d{2})\b/g,
    (match, day: string, month: string, year: string) => {
      const index = MONTHS.indexOf(month);
      return index < 0 ? match : `${day}/${String(index + 1).padStart(2, '0')}/20${year}`;
    },
  );
}

/**
 * A calendar day (YYYY-MM-DD): `dd-MMM-yy` in English (spec section 5), `dd/MM/yyyy` in Vietnamese;
 * '--' when absent. The one way screens write a day that is not an instant (a task's start, a set's go
 * live); a text that is not a day is shown as it is.
 */
export function formatIsoDay(day: string | null | undefined, language: Language = active): string {
  if (day === null || day === undefined || day === '') return '--';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return language === 'vi'
    ? `${date}/${month}/${year}`
    : `${date}-${MONTHS[Number(month) - 1] ?? month}-${year!.slice(2)}`;
}

/** The reader's time zone (the browser's), in which screens show instants unless a market's is asked. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * An instant (a timestamp) the one way screens write it: `dd-MMM-yy | HH:mm` (24 h) in English,
 * `dd/MM/yyyy | HH:mm` in Vietnamese, the day alone with `time: false`; '--' when absent or not a date.
 * In the given IANA zone, else the reader's; the shared formatDateTime does the zone.
 */
export function formatInstant(
  value: string | number | Date | null | undefined,
  {
    time = true,
    timeZone = viewerTimeZone(),
    language = active,
  }: { time?: boolean; timeZone?: string; language?: Language } = {},
): string {
  const text = formatDateTime(value, timeZone);
  return localizeDates(time ? text : (text.split(' | ')[0] ?? text), language);
}

/**
 * A chart's days (YYYY-MM-DD) as labels. `axis`, under the columns: short ('23 Nov', '23 thg 11'); the
 * period with its years is stated above the chart. `full`, for a column's tip, its screen-reader text and
 * the figures table, where one label is read alone: the same, with the year on every label when the series
 * spans more than one calendar year (a year of weeks has two '23 Nov').
 */
export function chartDayLabels(
  days: readonly string[],
  language: Language = active,
): { axis: string[]; full: string[] } {
  const locale = language === 'vi' ? 'vi-VN' : 'en-GB';
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const withYear = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dates = days.map((d) => new Date(`${d}T00:00:00Z`));
  const axis = dates.map((d) => short.format(d));
  const spansYears = new Set(days.map((d) => d.slice(0, 4))).size > 1;
  return { axis, full: spansYears ? dates.map((d) => withYear.format(d)) : axis };
}

/**
 * Text as a search compares it: Vietnamese (and any) marks removed, đ as d, lower case, so 'tap hoa'
 * finds 'Tạp hóa'.
 */
export const foldForSearch = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
