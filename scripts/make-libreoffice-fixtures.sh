#!/usr/bin/env bash
# Makes the outlet-status CSV files that LibreOffice Calc writes, for
# apps/server/test/outlet-status/libreoffice-files.test.ts (issue 11, "Tests"): real files from a real
# spreadsheet program rather than bytes typed by hand. CI machines have no LibreOffice, so the files are
# made once with this script and committed under apps/server/test/fixtures/libreoffice/.
#
# How: for each fixture, a workbook is built with the repository's spreadsheet library (exceljs) — the
# template's header and rows typed as an admin would (codes and statuses as numbers where they look like
# numbers, Thai and Vietnamese text in the DT Site Code) — then Calc opens it headless and saves it as
# CSV with the filter options "44,34,<character set>" (comma, double quote, character set):
#   76     UTF-8                  ...-utf8.csv and the rule files (the test's market is th)
#   32     Windows-874 (Thai)     good-windows-874.csv, bad-status-windows-874.csv
#   40     Windows-1258 (Viet.)   vn-windows-1258.csv (Calc writes the tone marks as combining bytes)
#   65535  UTF-16 (UCS-2) LE + BOM  good-utf16.csv, bad-status-utf16.csv
# (the numbers are LibreOffice's rtl_TextEncoding values; its names, e.g. MS_874, are not accepted there).
# The rows name distributors, sites and outlets that the test creates itself (THLO1 / ลาดพร้าว01,
# THLO2 / บางนา02, outlets 5990000001…; vn: VNLO1 / ĐàNẵng01 …), so the fixtures and the test agree.
#
# Needs: node_modules installed, and LibreOffice Calc (`apt-get install -y --no-install-recommends
# libreoffice-calc`). Run from anywhere: scripts/make-libreoffice-fixtures.sh  (about 30 s).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/apps/server/test/fixtures/libreoffice"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
command -v soffice >/dev/null || { echo "soffice (LibreOffice) not found" >&2; exit 1; }
mkdir -p "$OUT" "$WORK/xlsx" "$WORK/profile"

# 1. The workbooks: <name>.xlsx, and <name>.charset holding the character set to save the CSV in.
cd "$ROOT/apps/server" # exceljs resolves from the server package
node --input-type=module - "$WORK/xlsx" <<'EOF'
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';

const [dir] = process.argv.slice(2);
const HEADER = ['DT Code', 'DT Site Code', 'Outlet Code', 'Status'];
const S1 = 'ลาดพร้าว01'; // Thai, with a tone mark (U+0E49) inside
const S2 = 'บางนา02';
const good = [
  ['THLO1', S1, 5990000001, 0],
  ['THLO1', S1, 5990000002, 1],
  ['THLO1', S1, 5990000003, 1],
  ['THLO1', S1, 5990000004, 0],
  ['THLO2', S2, 5990000011, 0],
];
const badStatus = [
  HEADER,
  ['THLO1', S1, 5990000001, 1],
  ['THLO1', S1, 5990000002, 2],
  ['THLO1', S1, 5990000003, 'online'],
  ['THLO1', S1, 5990000004, -1],
  ['THLO2', S2, 5990000011, 1.5],
  ['THLO2', S2, 5990000012, 0],
];
const UTF8 = 76, CP874 = 32, CP1258 = 40, UTF16 = 65535;

/** name → [character set, rows (first is the header; null = an empty row)] */
const files = {
  'good-utf8': [UTF8, [HEADER, ...good]],
  'good-windows-874': [CP874, [HEADER, ...good]],
  'good-utf16': [UTF16, [HEADER, ...good]],
  'bad-status': [UTF8, badStatus],
  'bad-status-windows-874': [CP874, badStatus], // the error file is UTF-8 whatever the upload's encoding
  'bad-status-utf16': [UTF16, badStatus],
  'bad-blank': [UTF8, [HEADER,
    ['THLO1', S1, 5990000001, 1],
    ['THLO1', null, 5990000002, 1],
    null, // an all-blank row: dropped, but still counted in the row numbers
    ['THLO1', S1, 5990000003, null],
    ['THLO2', S2, 5990000011, 0],
  ]],
  'bad-duplicate': [UTF8, [HEADER,
    ['THLO1', S1, 5990000001, 1],
    ['THLO1', S1, 5990000002, 1],
    ['THLO1', S1, 5990000001, 0], // repeats row 1's DT Code + DT Site Code + Outlet Code
    ['THLO2', S2, 5990000011, 1],
    ['THLO2', S2, 5990000011, 1], // repeats row 4
  ]],
  'bad-not-in-portal': [UTF8, [HEADER,
    ['THLO1', S1, 5990000001, 1],
    ['THLO1', S1, 5999999999, 1], // no such outlet
    ['THLO2', S2, 5990000001, 1], // the outlet is under THLO1
    ['THLO1', S2, 5990000002, 1], // the site is THLO2's
    ['IDDT001', 'IDDT001S01', 1100000001, 1], // an outlet of another market (id)
    ['THLO1', S1, '59900"00001', 1], // Calc quotes it: "59900""00001"
  ]],
  'bad-special': [UTF8, [HEADER,
    ['THLO1', S1, 5990000001, 1],
    ['THLO1', S1, '#5990000002', 1],
    ['THLO 1', S1, 5990000003, 1],
    ['THLO1', `${S1}-`, 5990000004, 1],
    ['THLO2', S2, ' 5990000011 ', ' 1'], // spaces around are trimmed: a good row
  ]],
  'bad-last-row': [UTF8, [HEADER, ...good.slice(0, 4), ['THLO2', S2, 5990000011, 7]]],
  'wrong-template': [UTF8, [['DT Code', 'DT Site Code', 'Outlet Code', 'Outlet Status'], ...good]],
  'wrong-template-extra-column': [UTF8, [
    [...HEADER, 'Outlet Name'],
    ...good.map((r, i) => [...r, ['ร้านสมชาย', 'ร้านมานี', 'ร้านชูใจ', 'ร้านปิติ', 'ร้านวีระ'][i]]),
  ]],
  'empty-header-only': [UTF8, [HEADER]],
  'empty-sheet': [UTF8, []],
  'vn-windows-1258': [CP1258, [HEADER,
    ['VNLO1', 'ĐàNẵng01', 4990000001, 1],
    ['VNLO1', 'Huế', 4990000002, 0], // ends with a tone mark: ê + combining acute in Windows-1258
    ['VNLO2', 'HồChíMinh', 4990000003, 1],
  ]],
};

for (const [name, [charset, rows]] of Object.entries(files)) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Outlet Status');
  rows.forEach((row, i) => {
    if (row) sheet.getRow(i + 1).values = row.map((v) => (v === null ? undefined : v));
  });
  await book.xlsx.writeFile(path.join(dir, `${name}.xlsx`));
  writeFileSync(path.join(dir, `${name}.charset`), String(charset));
}
EOF

# 2. Calc saves each workbook as CSV in its character set (its own profile, so a running LibreOffice
#    or a missing home folder does not matter).
for book in "$WORK"/xlsx/*.xlsx; do
  name="$(basename "$book" .xlsx)"
  charset="$(cat "$WORK/xlsx/$name.charset")"
  soffice -env:UserInstallation="file://$WORK/profile" --headless \
    --convert-to "csv:Text - txt - csv (StarCalc):44,34,$charset" --outdir "$WORK/csv" "$book" >/dev/null 2>&1
  test -f "$WORK/csv/$name.csv" || { echo "Calc did not write $name.csv" >&2; exit 1; }
  cp "$WORK/csv/$name.csv" "$OUT/$name.csv"
  echo "$OUT/$name.csv ($charset, $(wc -c <"$OUT/$name.csv") bytes)"
done
