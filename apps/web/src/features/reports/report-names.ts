import type { ReportColumn, ReportKey } from '@fieldforce/contracts';
import { en, type MessageKey, type Translate } from '../../lib/i18n';

/**
 * A report's name in the reader's language. The API, the URL and the files keep the spec's English
 * names (`reportName`); only the screen translates them.
 */
export const reportNameKey = (key: ReportKey) => `reports.name.${key}` as MessageKey;

/**
 * A column header in the reader's language, keeping the market's currency suffix the server added
 * (`Amount (₫)` becomes `Thành tiền (₫)`); a header without a translation is shown as it came.
 */
export function columnHeader(column: Pick<ReportColumn, 'header'>, t: Translate): string {
  const match = /^(.*?)(\s\([^)]*\))?$/.exec(column.header);
  const base = match?.[1] ?? column.header;
  const key = `reports.header.${base}`;
  return Object.hasOwn(en, key) ? `${t(key as MessageKey)}${match?.[2] ?? ''}` : column.header;
}
