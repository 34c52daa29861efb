import {
  formatDateTime,
  WHOLE_UNIT_CURRENCIES,
  type ReportCell,
  type ReportColumnType,
} from '@fieldforce/contracts';
import { localizeDates } from '../../lib/i18n/locale-format';

export interface CellFormat {
  timeZone: string;
  /** ISO 4217 code of the market's currency: VND, PKR, BDT and IDR amounts show no decimals. */
  currency?: string;
  /** Number locale (en-US: 1,234.50; vi-VN: 1.234,50). */
  locale?: string;
  yesNo(value: boolean): string;
  /** The word for a stored value (a status), or undefined to show the value as it is. */
  label?(value: string): string | undefined;
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** An amount with thousands separators: no decimals in a whole-unit currency (VND), else two. */
export function formatAmount(value: number, currency: string | undefined, locale = 'en-US'): string {
  const digits = currency && WHOLE_UNIT_CURRENCIES.includes(currency) ? 0 : 2;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A calendar day (YYYY-MM-DD) as dd-MMM-yy, as the report's date cells show it. */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return localizeDates(formatDateTime(`${day}T00:00:00Z`, 'UTC').split(' | ')[0] ?? day);
}

/** A quantity or other number with thousands separators. */
export function formatNumber(value: number, locale = 'en-US'): string {
  return numberFormat(locale, { maximumFractionDigits: 6 }).format(value);
}

/**
 * A report cell as text: datetimes `dd-MMM-yy | HH:mm` in the market's zone (or '--'), plain dates
 * without a time (they are calendar days, not instants), amounts with thousands separators and the
 * currency's decimals, numbers with separators, booleans through `yesNo`, stored values (statuses)
 * through `label`.
 */
export function formatReportCell(
  value: ReportCell | undefined,
  type: ReportColumnType,
  format: CellFormat,
): string {
  if (value === null || value === undefined || value === '') return type === 'text' ? '' : '--';
  switch (type) {
    case 'datetime':
      return localizeDates(formatDateTime(String(value), format.timeZone));
    case 'date': {
      const text = String(value);
      const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
      return localizeDates(
        formatDateTime(day, /^\d{4}-\d{2}-\d{2}$/.test(text) ? 'UTC' : format.timeZone).split(' | ')[0] ??
          '--',
      );
    }
    case 'amount': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? formatAmount(n, format.currency, format.locale) : String(value);
    }
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? formatNumber(n, format.locale) : String(value);
    }
    case 'boolean':
      return typeof value === 'boolean' ? format.yesNo(value) : String(value);
    default:
      return format.label?.(String(value)) ?? String(value);
  }
}
