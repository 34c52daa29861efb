import { IMPORT_MESSAGES, type ImportMessageCode } from '@fieldforce/contracts';
import type { MessageKey, useT } from '../../lib/i18n';

/** An import message in the reader's language, by its code (IMPORT_MESSAGES), params filled in. */
export function importText(
  t: ReturnType<typeof useT>,
  code: string,
  params: Record<string, string | number> = {},
  fallback?: string,
): string {
  if (code in IMPORT_MESSAGES) return t(`import.${code as ImportMessageCode}` as MessageKey, params);
  return fallback ?? t('import.GENERIC');
}
