/** Pieces the validation tests share (streamed-validate, validate-at-volume): row errors and files. */
import { importMessage, type ImportMessageCode, type RowError } from '@fieldforce/contracts';
import type { ValidRow } from '../../src/lib/imports/definition.js';

/** A row error on the Code column, as the rules under test give it. */
export const codeError = (
  code: ImportMessageCode,
  row: number,
  params: Record<string, number> = {},
): RowError => ({ ...importMessage(code, { row, ...params }), row, header: 'Code' });

/** DUPLICATE_ROW on a repeated code (the first row keeps it). */
export function duplicateCodes(rows: ReadonlyArray<ValidRow<{ code: string }>>): RowError[] {
  const seen = new Set<string>();
  const out: RowError[] = [];
  for (const r of rows) {
    if (seen.has(r.value.code)) out.push(codeError('DUPLICATE_ROW', r.row));
    seen.add(r.value.code);
  }
  return out;
}

/** The file's bytes as the file store yields them: 64 KiB chunks. */
export async function* inStoreChunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
}

/** The fixed parts of the test definitions: a CSV upload of the outlet-status tool, up to 50 MB. */
export const csvDefinitionBase = {
  kind: 'outletStatus',
  tool: 'outletStatus',
  maxBytes: 50 * 1024 * 1024,
  extensions: ['.csv'],
  noSpacesInName: true,
  dateColumns: [],
} as const;
