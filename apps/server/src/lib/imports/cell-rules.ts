/**
 * The cell rules every CSV template shares (spec section 5), written once: a row error with its
 * message by code, a blank cell, and "no blank space or special character around a value". A tool's
 * rules file adds only what its own columns need.
 */
import { importMessage, type ImportMessageCode, type RowError } from '@fieldforce/contracts';

/** A 1-based data row's error: the message of `code` (with the row and any parameters), the column. */
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
