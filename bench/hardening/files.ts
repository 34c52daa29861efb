/**
 * Malformed files for the hostile-input part: CSV, XLSX, SpreadsheetML XML and ZIP, built byte by byte
 * (a small zip writer of our own, so that sizes, names, flags and attributes can lie). Deterministic:
 * file `i` for a target is always the same file.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface HostileFile {
  family: 'csv' | 'xlsx' | 'xml' | 'zip' | 'name' | 'binary';
  variant: string;
  name: string;
  type: string;
  data: Buffer;
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** 0 store, 8 deflate (default). */
  method?: 0 | 8;
  /** Declared uncompressed size (a lie when set). */
  declaredSize?: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags?: number;
  /** External attributes (a symbolic link: 0xA1FF0000). */
  external?: number;
  /** Already-compressed bytes to store as the entry's data (with `rawSize` as the true size). */
  raw?: { bytes: Buffer; size: number; crc: number };
}

/** A zip archive (no zip64, no data descriptors). */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const method = e.raw ? 8 : (e.method ?? 8);
    const body = e.raw ? e.raw.bytes : method === 8 ? deflateRawSync(e.data) : e.data;
    const crc = e.raw ? e.raw.crc : crc32(e.data);
    const size = e.declaredSize ?? (e.raw ? e.raw.size : e.data.length);
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE((e.flags ?? 0) | 0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.external ? 0x031e : 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE((e.flags ?? 0) | 0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((e.external ?? 0) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length & 0xffff, 8);
  end.writeUInt16LE(entries.length & 0xffff, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sheetXml(rows: string[][], prolog = ''): string {
  const cells = rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r
          .map((v) =>
            v.startsWith('=')
              ? `<c t="str"><f>${xmlEscape(v.slice(1))}</f><v>0</v></c>`
              : `<c t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${prolog}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells}</sheetData></worksheet>`;
}

/** A minimal .xlsx (inline strings) with `rows` on its first sheet; `sheet` replaces the sheet's XML. */
export function xlsx(
  rows: string[][],
  options: { sheet?: string; drop?: string; extra?: ZipEntry[] } = {},
): Buffer {
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(options.sheet ?? sheetXml(rows)) },
    ...(options.extra ?? []),
  ];
  return zip(entries.filter((e) => e.name !== options.drop));
}

/** SpreadsheetML 2003 (.xml), what the user upload also reads. */
export function spreadsheetMl(rows: string[][], prolog = '', cellText?: (v: string) => string): Buffer {
  const body = rows
    .map(
      (r) =>
        `<Row>${r.map((v) => `<Cell><Data ss:Type="String">${cellText ? cellText(v) : xmlEscape(v)}</Data></Cell>`).join('')}</Row>`,
    )
    .join('');
  return Buffer.from(
    `<?xml version="1.0"?>${prolog}<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="Sheet1"><Table>${body}</Table></Worksheet></Workbook>`,
  );
}

const BILLION_LAUGHS =
  '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">' +
  '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">' +
  '<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">' +
  '<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">' +
  '<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">' +
  '<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">' +
  '<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">' +
  '<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>';
const XXE = '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';

/** Expensive parts, built once: a deflate bomb (256 MiB of zeros in ~256 KB) and a file over the limits. */
let bombCache: { bytes: Buffer; size: number; crc: number } | null = null;
function bomb(): { bytes: Buffer; size: number; crc: number } {
  if (!bombCache) {
    const size = 256 * 1024 * 1024;
    const zeros = Buffer.alloc(size);
    bombCache = { bytes: deflateRawSync(zeros, { level: 9 }), size, crc: crc32(zeros) };
  }
  return bombCache;
}
let bigCache: Buffer | null = null;
/** 101 MiB of CSV-looking bytes: above every upload's limit (the largest, the image zip, is 100 MiB). */
function oversize(): Buffer {
  bigCache ??= Buffer.alloc(101 * 1024 * 1024, 'a,b,c,d\n');
  return bigCache;
}

/** Deterministic pseudo-random bytes. */
function noise(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_TYPE = 'application/zip';
const XML_TYPE = 'application/xml';

type Maker = (i: number, headers: readonly string[], ext: string) => Omit<HostileFile, 'family'>;

const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

const FORMULAS = [
  '=1+1',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3',
  '@SUM(1)',
  '=HYPERLINK("http://evil.example","x")',
  '\t=1+1',
  '=IMPORTXML("http://x","//a")',
];

const CSV: Record<string, Maker> = {
  empty: () => ({ variant: 'empty', name: 'empty.csv', type: CSV_TYPE, data: Buffer.alloc(0) }),
  bomOnly: () => ({
    variant: 'BOM only',
    name: 'bom.csv',
    type: CSV_TYPE,
    data: Buffer.from([0xef, 0xbb, 0xbf]),
  }),
  headerOnly: (_i, h) => ({
    variant: 'header only',
    name: 'header.csv',
    type: CSV_TYPE,
    data: Buffer.from(`\uFEFF${csvLine(h)}\r\n`),
  }),
  badValues: (i, h) => ({
    variant: 'template header, bad values',
    name: `bad${i}.csv`,
    type: CSV_TYPE,
    data: Buffer.from(
      `\uFEFF${csvLine(h)}\n${Array.from({ length: 20 }, (_, r) => csvLine(h.map((_c, k) => ['', 'NOSUCH', '-1', 'x'.repeat(300), '9'.repeat(40), "' OR 1=1--", '2026-02-30'][(r + k) % 7]!))).join('\n')}\n`,
    ),
  }),
  formulas: (i, h) => ({
    variant: 'formula cells',
    name: `formula${i}.csv`,
    type: CSV_TYPE,
    data: Buffer.from(
      `${csvLine(h)}\n${Array.from({ length: 8 }, (_, r) => csvLine(h.map((_c, k) => FORMULAS[(r + k + i) % FORMULAS.length]!))).join('\n')}\n`,
    ),
  }),
  utf16: (_i, h) => ({
    variant: 'UTF-16LE with BOM',
    name: 'utf16.csv',
    type: CSV_TYPE,
    data: Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${csvLine(h)}\r\n${csvLine(h.map(() => 'Tiếng Việt'))}\r\n`, 'utf16le'),
    ]),
  }),
  latin1: (_i, h) => ({
    variant: 'Latin-1 / invalid UTF-8',
    name: 'latin1.csv',
    type: CSV_TYPE,
    data: Buffer.concat([
      Buffer.from(`${csvLine(h)}\n`),
      Buffer.from([0xc3, 0x28, 0x2c, 0xff, 0xfe, 0x2c, 0xe9, 0x74, 0xe9, 0x0a]),
    ]),
  }),
  hugeField: (_i, h) => ({
    variant: 'one 2 MB field',
    name: 'hugefield.csv',
    type: CSV_TYPE,
    data: Buffer.from(
      `${csvLine(h)}\n"${'x'.repeat(2 * 1024 * 1024)}"${',1'.repeat(Math.max(0, h.length - 1))}\n`,
    ),
  }),
  wideRow: () => ({
    variant: '20,000 columns',
    name: 'wide.csv',
    type: CSV_TYPE,
    data: Buffer.from(`${Array.from({ length: 20_000 }, (_, k) => `c${k}`).join(',')}\n`),
  }),
  manyRows: (_i, h) => ({
    variant: '200,000 short rows',
    name: 'rows.csv',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n${'1,\n'.repeat(200_000)}`),
  }),
  openQuote: (_i, h) => ({
    variant: 'unterminated quote',
    name: 'quote.csv',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n"abc,def\n1,2,3\n`),
  }),
  controlChars: (_i, h) => ({
    variant: 'NUL and control characters',
    name: 'nul.csv',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n\u0000\u0001\u0002,\u001b[31m,\u007f\n`),
  }),
  lineEndings: (_i, h) => ({
    variant: 'CR-only line endings',
    name: 'cr.csv',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\r${csvLine(h.map(() => '1'))}\r`),
  }),
  duplicateHeaders: (_i, h) => ({
    variant: 'duplicated header',
    name: 'dup.csv',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine([...h, ...h])}\n${csvLine([...h, ...h].map(() => '1'))}\n`),
  }),
  truncated: (i, h) => {
    const full = Buffer.from(`${csvLine(h)}\n${csvLine(h.map(() => 'VALUE'))}\n`);
    return {
      variant: 'truncated mid-row',
      name: `cut${i}.csv`,
      type: CSV_TYPE,
      data: full.subarray(0, Math.max(1, full.length - 7)),
    };
  },
  binary: (i) => ({
    variant: 'random bytes named .csv',
    name: `noise${i}.csv`,
    type: CSV_TYPE,
    data: noise(i, 4096),
  }),
  oversize: () => ({ variant: 'over the size limit', name: 'big.csv', type: CSV_TYPE, data: oversize() }),
};

const XLSX: Record<string, Maker> = {
  xlsxBadValues: (i, h) => ({
    variant: 'xlsx: template header, bad values',
    name: `bad${i}.xlsx`,
    type: XLSX_TYPE,
    data: xlsx([
      [...h],
      ...Array.from({ length: 10 }, (_, r) =>
        h.map((_c, k) => ['', 'NOSUCH', 'x'.repeat(500), '-1'][(r + k) % 4]!),
      ),
    ]),
  }),
  xlsxFormulas: (i, h) => ({
    variant: 'xlsx: formula cells',
    name: `formula${i}.xlsx`,
    type: XLSX_TYPE,
    data: xlsx([[...h], h.map((_c, k) => FORMULAS[k % FORMULAS.length]!)]),
  }),
  xlsxTruncated: (i, h) => {
    const full = xlsx([[...h], h.map(() => 'x')]);
    return {
      variant: 'xlsx: truncated',
      name: `cut${i}.xlsx`,
      type: XLSX_TYPE,
      data: full.subarray(0, Math.floor((full.length * ((i % 9) + 1)) / 10)),
    };
  },
  xlsxNoSheet: (_i, h) => ({
    variant: 'xlsx: no worksheet part',
    name: 'nosheet.xlsx',
    type: XLSX_TYPE,
    data: xlsx([[...h]], { drop: 'xl/worksheets/sheet1.xml' }),
  }),
  xlsxBomb: () => ({
    variant: 'xlsx: 256 MiB sheet in 256 KB (deflate bomb)',
    name: 'bomb.xlsx',
    type: XLSX_TYPE,
    data: zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), raw: bomb() },
    ]),
  }),
  xlsxLaughs: (_i, h) => ({
    variant: 'xlsx: billion laughs',
    name: 'laughs.xlsx',
    type: XLSX_TYPE,
    data: xlsx([], { sheet: sheetXml([[...h], ['&lol9;']], BILLION_LAUGHS).replace('&amp;lol9;', '&lol9;') }),
  }),
  xlsxXxe: (_i, h) => ({
    variant: 'xlsx: external entity',
    name: 'xxe.xlsx',
    type: XLSX_TYPE,
    data: xlsx([], { sheet: sheetXml([[...h], ['&xxe;']], XXE).replace('&amp;xxe;', '&xxe;') }),
  }),
  xlsxDeep: () => ({
    variant: 'xlsx: 100,000 nested elements',
    name: 'deep.xlsx',
    type: XLSX_TYPE,
    data: xlsx([], {
      sheet: `<?xml version="1.0"?><worksheet>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</worksheet>`,
    }),
  }),
  xlsxLyingSize: (_i, h) => ({
    variant: 'xlsx: sizes that lie',
    name: 'liar.xlsx',
    type: XLSX_TYPE,
    data: zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), declaredSize: 1 },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml([[...h]])), declaredSize: 0xffffffff },
    ]),
  }),
  xlsxEncrypted: (_i, h) => ({
    variant: 'xlsx: entries flagged encrypted',
    name: 'enc.xlsx',
    type: XLSX_TYPE,
    data: zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml([[...h]])), flags: 1 }]),
  }),
};

const XML: Record<string, Maker> = {
  xmlLaughs: (_i, h) => ({
    variant: 'xml: billion laughs',
    name: 'laughs.xml',
    type: XML_TYPE,
    data: spreadsheetMl([[...h], ['&lol9;']], BILLION_LAUGHS, (v) => v),
  }),
  xmlXxe: (_i, h) => ({
    variant: 'xml: external entity',
    name: 'xxe.xml',
    type: XML_TYPE,
    data: spreadsheetMl([[...h], ['&xxe;']], XXE, (v) => v),
  }),
  xmlMalformed: (_i, h) => ({
    variant: 'xml: malformed',
    name: 'broken.xml',
    type: XML_TYPE,
    data: Buffer.from(`<?xml version="1.0"?><Workbook><Row><Cell>${h[0]}</Row></Workbook`),
  }),
  xmlDeep: () => ({
    variant: 'xml: 100,000 nested elements',
    name: 'deep.xml',
    type: XML_TYPE,
    data: Buffer.from(`<?xml version="1.0"?>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`),
  }),
  xmlHugeAttr: () => ({
    variant: 'xml: 5 MB attribute',
    name: 'attr.xml',
    type: XML_TYPE,
    data: Buffer.from(`<?xml version="1.0"?><Workbook a="${'x'.repeat(5 * 1024 * 1024)}"/>`),
  }),
  xmlFormulas: (_i, h) => ({
    variant: 'xml: formula cells',
    name: 'formula.xml',
    type: XML_TYPE,
    data: spreadsheetMl([[...h], h.map((_c, k) => FORMULAS[k % FORMULAS.length]!)]),
  }),
  xmlWrongEncoding: (_i, h) => ({
    variant: 'xml: declared UTF-16, sent UTF-8 with invalid bytes',
    name: 'enc.xml',
    type: XML_TYPE,
    data: Buffer.concat([
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-16"?><Workbook><Row>${h.map((c) => `<Cell>${c}</Cell>`).join('')}</Row>`,
      ),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
      Buffer.from('</Workbook>'),
    ]),
  }),
};

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const ZIP: Record<string, Maker> = {
  zipBomb: () => ({
    variant: 'zip: 256 MiB entry in 256 KB (bomb)',
    name: 'bomb.zip',
    type: ZIP_TYPE,
    data: zip([{ name: 'D1.jpg', data: Buffer.alloc(0), raw: bomb() }]),
  }),
  zipTraversal: (i) => ({
    variant: 'zip: traversal entry names',
    name: `trav${i}.zip`,
    type: ZIP_TYPE,
    data: zip(
      ['../../../../tmp/evil.jpg', '..\\..\\evil.jpg', '/etc/evil.jpg', 'C:\\evil.jpg', 'a/../../b.jpg'].map(
        (name) => ({ name, data: JPEG }),
      ),
    ),
  }),
  zipSymlink: () => ({
    variant: 'zip: symbolic link entry',
    name: 'link.zip',
    type: ZIP_TYPE,
    data: zip([{ name: 'D1.jpg', data: Buffer.from('/etc/passwd'), method: 0, external: 0xa1ff0000 }]),
  }),
  zipTruncated: (i) => {
    const full = zip([
      { name: 'D1.jpg', data: JPEG },
      { name: 'D2.jpg', data: JPEG },
    ]);
    return {
      variant: 'zip: truncated',
      name: `cut${i}.zip`,
      type: ZIP_TYPE,
      data: full.subarray(0, Math.floor((full.length * ((i % 9) + 1)) / 10)),
    };
  },
  zipManyEntries: () => ({
    variant: 'zip: 20,000 empty entries',
    name: 'many.zip',
    type: ZIP_TYPE,
    data: zip(
      Array.from({ length: 20_000 }, (_, k) => ({
        name: `e${k}.jpg`,
        data: Buffer.alloc(0),
        method: 0 as const,
      })),
    ),
  }),
  zipNotImages: () => ({
    variant: 'zip: images that are not images',
    name: 'fake.zip',
    type: ZIP_TYPE,
    data: zip([
      { name: 'D1.jpg', data: Buffer.from('not a jpeg') },
      { name: 'D2.png', data: noise(7, 2000) },
    ]),
  }),
  zipNested: () => ({
    variant: 'zip: a zip inside a zip',
    name: 'nested.zip',
    type: ZIP_TYPE,
    data: zip([{ name: 'inner.zip', data: zip([{ name: 'D1.jpg', data: JPEG }]) }]),
  }),
  zipDuplicates: () => ({
    variant: 'zip: the same name twice',
    name: 'dups.zip',
    type: ZIP_TYPE,
    data: zip([
      { name: 'D1.jpg', data: JPEG },
      { name: 'D1.jpg', data: JPEG },
    ]),
  }),
  zipLying: () => ({
    variant: 'zip: sizes and CRC that lie',
    name: 'liar.zip',
    type: ZIP_TYPE,
    data: zip([{ name: 'D1.jpg', data: JPEG, declaredSize: 3 }]),
  }),
  zipEncrypted: () => ({
    variant: 'zip: entry flagged encrypted',
    name: 'enc.zip',
    type: ZIP_TYPE,
    data: zip([{ name: 'D1.jpg', data: JPEG, flags: 1 }]),
  }),
  zipLongName: () => ({
    variant: 'zip: 5,000-character entry name',
    name: 'long.zip',
    type: ZIP_TYPE,
    data: zip([{ name: `${'d'.repeat(5000)}.jpg`, data: JPEG }]),
  }),
};

const NAMES: Record<string, Maker> = {
  traversalName: (_i, h, ext) => ({
    variant: 'name: ../ traversal',
    name: `../../../etc/passwd${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  backslashName: (_i, h, ext) => ({
    variant: 'name: ..\\ traversal',
    name: `..\\..\\windows\\evil${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  absoluteName: (_i, h, ext) => ({
    variant: 'name: absolute path',
    name: `/var/lib/evil${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  longName: (_i, h, ext) => ({
    variant: 'name: 1,000 characters',
    name: `${'n'.repeat(1000)}${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  nulName: (_i, h, ext) => ({
    variant: 'name: NUL byte',
    name: `evil\u0000.exe${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  doubleExt: (_i, h, ext) => ({
    variant: 'name: double extension',
    name: `invoice${ext}.exe`,
    type: 'application/octet-stream',
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  noExt: (_i, h) => ({
    variant: 'name: no extension',
    name: 'README',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  unicodeName: (_i, h, ext) => ({
    variant: 'name: right-to-left override',
    name: `report\u202Egpj${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  spacesName: (_i, h, ext) => ({
    variant: 'name: spaces',
    name: `my file${ext}`,
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
  emptyName: (_i, h) => ({
    variant: 'name: empty',
    name: '',
    type: CSV_TYPE,
    data: Buffer.from(`${csvLine(h)}\n`),
  }),
};

const FAMILIES: [HostileFile['family'], Record<string, Maker>][] = [
  ['csv', CSV],
  ['xlsx', XLSX],
  ['xml', XML],
  ['zip', ZIP],
  ['name', NAMES],
];

/** Every variant, in a fixed order: file i is variant i modulo their number. */
export const VARIANTS: { family: HostileFile['family']; key: string; make: Maker }[] = FAMILIES.flatMap(
  ([family, makers]) => Object.entries(makers).map(([key, make]) => ({ family, key, make })),
);

/** Variants too heavy to send more than a few times per target (over-limit files, bombs, huge fields). */
export const HEAVY = new Set([
  'oversize',
  'hugeField',
  'manyRows',
  'xlsxBomb',
  'zipBomb',
  'xlsxDeep',
  'xmlDeep',
  'xmlHugeAttr',
  'zipManyEntries',
  'wideRow',
]);

export function hostileFile(i: number, headers: readonly string[], ext: string): HostileFile {
  const v = VARIANTS[i % VARIANTS.length]!;
  return { family: v.family, ...v.make(i, headers, ext) };
}
