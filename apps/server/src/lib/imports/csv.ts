/**
 * Reading an uploaded CSV as a stream: the bytes are decoded (a BOM names UTF-8 or UTF-16; without
 * one the file must be valid UTF-8, or, in markets whose Excel saves a legacy code page, that code
 * page), and split into records by a small RFC 4180 state machine (quoted fields, doubled quotes,
 * commas and line breaks inside quotes, CRLF / LF / CR line ends). Memory holds one chunk and one
 * record at a time.
 */
import { TextDecoder } from 'node:util';
import type { CountryCode } from '@fieldforce/contracts';

/**
 * The legacy code page Excel writes "CSV (Comma delimited)" in, per market (Windows' ANSI code page
 * for the market's language). Markets without one must upload UTF-8 or UTF-16.
 */
export const MARKET_CODE_PAGE: Partial<Record<CountryCode, string>> = {
  vn: 'windows-1258',
  th: 'windows-874',
};

/** The file is not valid text in any encoding the market accepts. */
export class UnreadableEncoding extends Error {
  constructor() {
    super('unreadable encoding');
    this.name = 'UnreadableEncoding';
  }
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | string;

/** Which encoding the first bytes name (BOM), or a guess for UTF-16 without one; else undefined. */
export function sniffEncoding(head: Uint8Array): { encoding: Encoding; bom: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // UTF-16 without a BOM: ASCII headers show as every other byte zero.
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0)
    return { encoding: 'utf-16le', bom: 0 };
  if (head.length >= 4 && head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0)
    return { encoding: 'utf-16be', bom: 0 };
  return undefined;
}

/**
 * Decodes a byte stream to text chunks. `fallback` is the legacy code page tried when the bytes are not
 * valid UTF-8: the caller re-reads the file with it (decodeText throws `Utf8Invalid` first).
 */
export async function* decodeText(
  source: AsyncIterable<Uint8Array>,
  forced?: Encoding,
): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  let pending: Uint8Array | undefined;
  // Text from a legacy code page goes through `legacy` (composed to NFC, undefined bytes refused).
  let legacy: LegacyText | undefined;
  for await (const raw of source) {
    let chunk: Uint8Array = raw;
    if (!decoder) {
      // Wait for 4 bytes to sniff the BOM.
      chunk = pending ? concat(pending, chunk) : chunk;
      if (chunk.length < 4) {
        pending = chunk;
        continue;
      }
      pending = undefined;
      const sniffed = sniffEncoding(chunk);
      const encoding = forced && !sniffed ? forced : (sniffed?.encoding ?? 'utf-8');
      decoder = makeDecoder(encoding);
      if (forced && !sniffed) legacy = new LegacyText();
      if (sniffed?.bom) chunk = chunk.subarray(sniffed.bom);
    }
    const decoded = decode(decoder, chunk, true);
    const text = legacy ? legacy.push(decoded) : decoded;
    if (text) yield text;
  }
  if (!decoder) {
    const chunk = pending ?? new Uint8Array(0);
    const sniffed = sniffEncoding(chunk);
    decoder = makeDecoder(forced && !sniffed ? forced : (sniffed?.encoding ?? 'utf-8'));
    if (forced && !sniffed) legacy = new LegacyText();
    const decoded = decode(decoder, chunk.subarray(sniffed?.bom ?? 0), false);
    const text = legacy ? legacy.push(decoded) + legacy.flush() : decoded;
    if (text) yield text;
    return;
  }
  const decoded = decode(decoder, new Uint8Array(0), false);
  const rest = legacy ? legacy.push(decoded) + legacy.flush() : decoded;
  if (rest) yield rest;
}

/**
 * Text decoded from a legacy code page, chunk by chunk:
 * - composed to NFC: Windows-1258 has few precomposed Vietnamese letters, so Excel and Calc write most
 *   tone marks as a combining character after the letter ("ẵ" = "ă" + U+0303), while the portal and
 *   every UTF-8 file hold the composed letter; undecomposed, "Đà Nẵng" would not match and a value
 *   ending in a tone mark would read as ending in a special character. The last letter of a chunk and
 *   the marks after it wait for the next chunk, which may bring more marks.
 * - refused (UnreadableEncoding) when it holds a Private Use Area character: ICU decodes the bytes a
 *   code page leaves undefined (Windows-874 0xDB-0xDE, 0xFC-0xFF) there instead of failing, which
 *   only happens when the file is in another encoding (a Windows-1258 file read as Thai).
 */
class LegacyText {
  private carry = '';

  push(text: string): string {
    const all = this.carry + text;
    let cut = all.length;
    while (cut > 0 && isCombiningMark(all.charCodeAt(cut - 1))) cut--;
    cut = Math.max(0, cut - 1);
    this.carry = all.slice(cut);
    return composed(all.slice(0, cut));
  }

  flush(): string {
    const rest = this.carry;
    this.carry = '';
    return composed(rest);
  }
}

/** Combining Diacritical Marks (U+0300-U+036F): the tone marks Windows-1258 writes. */
const isCombiningMark = (code: number) => code >= 0x0300 && code <= 0x036f;

function composed(text: string): string {
  if (/[\uE000-\uF8FF]/.test(text)) throw new UnreadableEncoding();
  return text.normalize('NFC');
}

function makeDecoder(encoding: Encoding): TextDecoder {
  // fatal: a byte sequence that is not valid in the encoding throws instead of becoming U+FFFD.
  return new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
}

/**
 * One chunk's text. A NUL character (U+0000) is refused like bytes the encoding does not take: no text
 * file a spreadsheet writes holds one (it means a binary file or a wrong encoding), and PostgreSQL
 * cannot store it, so it would fail the staging insert as a technical error (issue 9, finding 6).
 */
function decode(decoder: TextDecoder, bytes: Uint8Array, stream: boolean): string {
  let text: string;
  try {
    text = decoder.decode(bytes, { stream });
  } catch {
    throw new UnreadableEncoding();
  }
  if (text.includes('\u0000')) throw new UnreadableEncoding();
  return text;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Splits text chunks into records (arrays of fields, untrimmed). */
export async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  for await (const records of parseCsvBatches(chunks)) for (const record of records) yield record;
}

/**
 * parseCsv's records as one array per text chunk (a few thousand records): a reader that takes them
 * this way pays one step of the async iteration per chunk instead of one per record.
 */
export async function* parseCsvBatches(chunks: AsyncIterable<string>): AsyncGenerator<string[][]> {
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  // After a closing quote: the next character decides (a doubled quote, or the end of the field).
  let quoteSeen = false;
  // A CR ended the last record: skip an LF that follows it.
  let skipLf = false;
  let started = false; // the record has at least one character
  for await (const text of chunks) {
    const out: string[][] = [];
    let i = 0;
    const n = text.length;
    while (i < n) {
      if (inQuotes) {
        if (quoteSeen) {
          quoteSeen = false;
          if (text.charCodeAt(i) === 34) {
            field += '"';
            i++;
            continue;
          }
          inQuotes = false;
          continue; // the character after the closing quote is read as unquoted
        }
        const q = text.indexOf('"', i);
        if (q === -1) {
          field += text.slice(i);
          i = n;
          break;
        }
        field += text.slice(i, q);
        quoteSeen = true;
        i = q + 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (skipLf) {
        skipLf = false;
        if (c === 10) {
          i++;
          continue;
        }
      }
      if (c === 44) {
        record.push(field);
        field = '';
        started = true;
        i++;
      } else if (c === 10 || c === 13) {
        record.push(field);
        out.push(record);
        record = [];
        field = '';
        started = false;
        skipLf = c === 13;
        i++;
      } else if (c === 34 && field.length === 0) {
        inQuotes = true;
        started = true;
        i++;
      } else {
        // A run of plain characters up to the next comma, quote or line end.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === 44 || d === 10 || d === 13) break;
          j++;
        }
        field += text.slice(i, j);
        started = true;
        i = j;
      }
    }
    if (out.length > 0) yield out;
  }
  if (started || field.length > 0 || record.length > 0) {
    record.push(field);
    yield [record];
  }
}

/** Quotes a field for CSV output when it needs it. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
