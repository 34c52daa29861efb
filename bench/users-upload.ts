// The user access bulk upload at volume (issue 13, "Speed"), on PostgreSQL:
//   userUpload10k.ms   a 10,000-row .xlsx (written by exceljs, the template's columns) validated and
//                      applied through the import pipeline (validateImport: read, template, row rules,
//                      duplicates, database and scope checks, plan; then applyImport: staging COPY, the
//                      users definition's set-based create-or-update and BSA lists, audit, data version),
//                      every row a new user (each run's file has its own email domain).
//   rawXlsxRead10k.ms  the reader alone (lib/imports/xlsx.ts spreadsheetRecords) on the same bytes.
//   userUploadRatio    userUpload10k.ms / rawXlsxRead10k.ms (target: at most 2).
// Median of --runs (3), the two alternating after one warm-up of each. The warm-up also leaves the
// reader's worker thread warm (lib/imports/xlsx.ts keeps one for 60 s), as in a server that read a
// workbook in the last minute; the first upload after that pays the worker's start (0.5-0.8 s at load 7).
//   npm run bench -- users [--runs 3] [--only upload]
// DATABASE_URL, else a throwaway cluster (scripts/pg-cluster.mjs), seeded with the `test` scale when empty.
import ExcelJS from 'exceljs';
import { USER_UPLOAD_HEADERS } from '@fieldforce/contracts';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { applyImport } from '../apps/server/src/lib/imports/apply.js';
import { validateImport } from '../apps/server/src/lib/imports/validate.js';
import { spreadsheetRecords } from '../apps/server/src/lib/imports/xlsx.js';
import { userImport } from '../apps/server/src/modules/users/user-import.js';
import { adminContext, marketSites, storedFile } from './uploads.js';
import { arg, log } from './lib.js';

const ROWS = 10_000;
const MARKET = 'id';
const EMAIL_DOMAIN = 'bench-upload.test';
const ROLES = [
  'Area Sales Manager',
  'Regional Sales Director',
  'CD VP',
  'OM DSS',
  'Assistant Area Sales Manager',
];
// The BSAs admin.id holds (a BSA the uploader lacks is refused).
const BSAS = ['Distributor', 'New Channel', 'Distributor,New Channel', 'New Channel,Distributor'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The 10,000-row workbook: users of market id, DT codes of the market, as an admin fills the template. */
export async function userWorkbook(dtCodes: string[], rows = ROWS, domain = EMAIL_DOMAIN): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users');
  sheet.addRow([...USER_UPLOAD_HEADERS]);
  for (let i = 0; i < rows; i += 1) {
    sheet.addRow([
      `user${String(i).padStart(5, '0')}@${domain}`,
      `Bench User ${i}`,
      ROLES[i % ROLES.length],
      i % 50 === 0 ? 'admin' : 'user',
      i % 3 === 0 ? 'NO' : 'YES',
      'YES',
      'NO',
      i % 10 === 0
        ? 'All (Super Access)'
        : `${dtCodes[i % dtCodes.length]},${dtCodes[(i + 1) % dtCodes.length]}`,
      MARKET,
      BSAS[i % BSAS.length],
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Removes the bench users (slow: every table referring to users is checked; only for DATABASE_URL). */
async function removeBenchUsers(db: Database): Promise<void> {
  await db.query('DELETE FROM users WHERE email LIKE $1', [`%.${EMAIL_DOMAIN}`]);
}

export async function userUploadFigures(args: string[]): Promise<Record<string, number>> {
  const runs = Math.max(1, Number(arg(args, '--runs', '3')));
  const cluster = process.env.DATABASE_URL ? null : await startCluster({ log });
  const url = process.env.DATABASE_URL ?? cluster!.url;
  const db = await openDatabase({ databaseUrl: url });
  try {
    await migrate(db);
    const sites = await marketSites(db);
    const dtCodes = [...new Set(sites.map((s) => s.dt_code))];
    // One file per run (the warm-up's too), each with its own email domain: every run creates 10,000 users.
    const files = await Promise.all(
      Array.from({ length: runs + 1 }, (_, i) => userWorkbook(dtCodes, ROWS, `run${i}.${EMAIL_DOMAIN}`)),
    );
    log(
      `user workbook: ${(files[0]!.length / 1024).toFixed(0)} KiB, ${ROWS} rows, ${dtCodes.length} DT codes`,
    );
    const admin = await adminContext(db);
    // The request's user carries their BSAs (the auth plugin loads them); the grant rule reads them.
    const { rows: bsa } = await db.query<{ bsa: string }>(
      'SELECT bsa FROM user_bsa WHERE user_id = $1 ORDER BY position',
      [admin.user.id],
    );
    const ctx = { ...admin, user: { ...admin.user, bsa: bsa.map((b) => b.bsa) } };
    log(`uploader ${admin.user.email}: BSAs ${ctx.user.bsa.join(', ')}`);
    const stored = files.map((bytes) => storedFile(bytes));
    const read = (bytes: Buffer) => () => {
      const records = spreadsheetRecords(bytes);
      if (records.length !== ROWS + 1) throw new Error(`read ${records.length} records`);
    };
    const upload = (open: () => AsyncIterable<Uint8Array>) => async () => {
      const importCtx = { ...ctx, importId: crypto.randomUUID(), now: new Date() };
      const outcome = await validateImport(db, open, userImport, importCtx);
      if (outcome.message || outcome.preview?.rows !== ROWS || outcome.preview.create !== ROWS)
        throw new Error(
          `validation: ${JSON.stringify(outcome.message)} ${JSON.stringify(outcome.preview).slice(0, 800)}`,
        );
      const result = await applyImport(db, userImport, outcome.valid, importCtx, {
        sessionId: null,
        requestId: null,
        fileName: 'users-10k.xlsx',
      });
      if (result.created !== ROWS) throw new Error(`applied: ${JSON.stringify(result)}`);
    };
    const timed = async (fn: () => unknown) => {
      const started = performance.now();
      await fn();
      return performance.now() - started;
    };
    try {
      log('warm-up');
      await timed(read(files[0]!));
      await timed(upload(stored[0]!.open));
      const uploads: number[] = [];
      const reads: number[] = [];
      for (let i = 1; i <= runs; i += 1) {
        reads.push(await timed(read(files[i]!)));
        uploads.push(await timed(upload(stored[i]!.open)));
        log(`run ${i}: upload ${uploads.at(-1)!.toFixed(0)} ms, read ${reads.at(-1)!.toFixed(0)} ms`);
      }
      const u = median(uploads);
      const r = median(reads);
      return {
        'userUpload10k.ms': Math.round(u),
        'rawXlsxRead10k.ms': Math.round(r),
        userUploadRatio: Math.round((u / r) * 100) / 100,
      };
    } finally {
      for (const file of stored) file.remove();
      if (process.env.DATABASE_URL) await removeBenchUsers(db);
    }
  } finally {
    await db.close();
    cluster?.stop();
  }
}
