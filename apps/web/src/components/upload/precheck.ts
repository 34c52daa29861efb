import type { ImportMessageCode } from '@fieldforce/contracts';

/** What a tool's upload accepts (the same numbers the server's import definition enforces). */
export interface PrecheckRules {
  /** Lower-case, with the dot: ['.csv']. */
  extensions: readonly string[];
  maxBytes: number;
  noSpacesInName: boolean;
  /** The template's header row, in order; empty for a file that is not rows (a zip): no header check. */
  headers: readonly string[];
  /** The tool's own messages for a wrong extension and an over-size file (default NOT_CSV, FILE_TOO_LARGE_DETAIL). */
  messages?: { wrongExtension?: ImportMessageCode; tooLarge?: ImportMessageCode };
}

export type PrecheckResult =
  { ok: true } | { ok: false; code: ImportMessageCode; params?: Record<string, string | number> };

/** How much of the file's start is read to find the header row (and, for a small file, a data row). */
export const HEADER_SCAN_BYTES = 64 * 1024;

/** Decodes the start of a file: UTF-16 by its byte-order mark, else UTF-8 (the BOM dropped). */
export function decodeStart(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return new TextDecoder('utf-8').decode(bytes.subarray(start));
}

/** The fields of one CSV line: commas, double quotes and doubled quotes inside them, values trimmed. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

/**
 * The checks the browser can make before sending a byte: extension, spaces in the name, size, the
 * header row against the template, and (for a file small enough to read whole) at least one data
 * row. The server checks all of it again; this only spares a pointless upload.
 */
export async function precheckFile(
  file: Blob & { name: string },
  rules: PrecheckRules,
): Promise<PrecheckResult> {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!rules.extensions.includes(extension))
    return { ok: false, code: rules.messages?.wrongExtension ?? 'NOT_CSV' };
  if (rules.noSpacesInName && /\s/.test(file.name)) return { ok: false, code: 'NAME_HAS_SPACES' };
  if (file.size > rules.maxBytes) {
    if (rules.messages?.tooLarge) return { ok: false, code: rules.messages.tooLarge };
    return {
      ok: false,
      code: 'FILE_TOO_LARGE_DETAIL',
      params: { limit: Math.round(rules.maxBytes / 1048576) },
    };
  }
  if (file.size === 0) return { ok: false, code: 'EMPTY_FILE' };
  if (rules.headers.length === 0) return { ok: true };
  const bytes = new Uint8Array(await file.slice(0, HEADER_SCAN_BYTES).arrayBuffer());
  const lines = decodeStart(bytes)
    .split(/\r?\n/)
    .filter((line) => line.replace(/[",\s]/g, '') !== '');
  const header = lines[0] ? splitCsvLine(lines[0]) : [];
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const expected = rules.headers.map((h) => h.toLowerCase());
  if (header.length !== expected.length || header.some((h, i) => h.toLowerCase() !== expected[i])) {
    return { ok: false, code: 'INVALID_TEMPLATE' };
  }
  if (file.size <= HEADER_SCAN_BYTES && lines.length < 2) return { ok: false, code: 'EMPTY_FILE' };
  return { ok: true };
}
