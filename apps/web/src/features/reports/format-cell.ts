import { formatDateTime, type ReportCell, type ReportColumnType } from '@fieldforce/contracts';

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/**
 * A report cell as text: datetimes `dd-MMM-yy | HH:mm` in the market's zone (or '--'), plain dates
 * without a time (they are calendar days, not instants), amounts with thousands separators and two
 * decimals, numbers with separators, booleans through `yesNo`.
 */
export function formatReportCell(
  value: ReportCell | undefined,
  type: ReportColumnType,
  timeZone: string,
  yesNo: (value: boolean) => string,
): string {
  if (value === null || value === undefined || value === '') return type === 'text' ? '' : '--';
  switch (type) {
    case 'datetime':
      return formatDateTime(String(value), timeZone);
    case 'date': {
      const text = String(value);
      const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
      return formatDateTime(day, /^\d{4}-\d{2}-\d{2}$/.test(text) ? 'UTC' : timeZone).split(' | ')[0] ?? '--';
    }
    case 'amount': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? amountFormat.format(n) : String(value);
    }
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? numberFormat.format(n) : String(value);
    }
    case 'boolean':
      return typeof value === 'boolean' ? yesNo(value) : String(value);
    default:
      return String(value);
  }
}
