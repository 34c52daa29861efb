import type { ReportColumn } from '@fieldforce/contracts';
import { hasMessage, type Translate } from '../../lib/i18n';

// The header's report menus are in every screen's first download, and this module is not: the name's key
// lives with the report links (report-params).
export { reportNameKey } from './report-params';

/**
 * A column header in the reader's language, keeping the market's currency suffix the server added
 * (`Amount (₫)` becomes `Thành tiền (₫)`); a header without a translation is shown as it came.
 */
export function columnHeader(column: Pick<ReportColumn, 'header'>, t: Translate): string {
  const match = /^(.*?)(\s\([^)]*\))?$/.exec(column.header);
  const base = match?.[1] ?? column.header;
  const key = `reports.header.${base}`;
  return hasMessage(key) ? `${t(key)}${match?.[2] ?? ''}` : column.header;
}
