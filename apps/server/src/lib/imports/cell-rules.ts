/**
 * The cell rules every CSV template shares (spec section 5), written once: a row error with its
 * message by code, a blank cell, and "no blank space or special character around a value". A tool's
 * rules file adds only what its own columns need.
 */
import { importMessage, type ImportMessageCode, type RowError } from '@fieldforce/contracts';

/**
 * A data row's error (`row`: its spreadsheet row number, row-numbers.ts): the message of `code` (with the
 * row and any parameters), the column.
 */
export function rowError(
  code: ImportMessageCode,
  row: number,
  header: string | null,
  params: Record<string, string | number> = {},
): RowError {
  return { ...importMessage(code, { row, ...params }), row, header };
}

export const isBlank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/**
 * Whitespace anywhere, or a value that does not start with a letter or a digit, or does not end with
 * one (a letter may carry its combining marks: Thai vowels and tone marks such as 'สาขานี้', Vietnamese
 * tone marks written apart).
 */
export function hasSpaceOrSpecialAround(value: string): boolean {
  if (/\s/u.test(value)) return true;
  return !/^[\p{L}\p{N}]/u.test(value) || !/[\p{L}\p{N}]\p{M}*$/u.test(value);
}

/**
 * The cells of a template row with a 1/0 column, every failing cell reported: a blank cell
 * (BLANK_VALUE), the 1/0 column holding anything else (`binary.code`), any other value with a space or
 * special character around it (SPACES_OR_SPECIAL).
 */
export function binaryTemplateErrors(
  raw: Readonly<Record<string, string | undefined>>,
  row: number,
  headers: readonly string[],
  binary: { header: string; code: ImportMessageCode },
): RowError[] {
  const errors: RowError[] = [];
  for (const header of headers) {
    const value = raw[header];
    if (value === undefined || isBlank(value)) {
      errors.push(rowError('BLANK_VALUE', row, header));
    } else if (header === binary.header) {
      if (value !== '0' && value !== '1') errors.push(rowError(binary.code, row, header));
    } else if (hasSpaceOrSpecialAround(value)) {
      errors.push(rowError('SPACES_OR_SPECIAL', row, header));
    }
  }
  return errors;
}
