/**
 * The steps every upload route takes after the intake (intake.ts), in one place:
 * - `recordUpload`: the received original's stored_files record and the `imports` row, in one
 *   transaction (with the caller's own statements, such as enqueueing a whole-file import's job); a row
 *   import is taken by this process under a lease (`locked_by`, `locked_until`, migration 0010);
 * - `holdImport`: runs the validation or the apply while that lease is renewed (lib/lease.ts); an import
 *   whose process died is settled by recovery (modules/files/recovery.ts) once the lease has run out;
 * - `validateUpload`: validates the stored original and, when rows have errors, writes the error sheet
 *   (`imports/<importId>/errors.csv`, recorded in stored_files as `<importId>-errors`: the import's
 *   errorFileId, served by file/download);
 * - `updateImport`: sets fields of an import row (JSON columns encoded).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CodedMessage, CountryCode, ImportJob, ImportPreview } from '@fieldforce/contracts';
import type { Database, Queryable } from '../../db/client.js';
import type { Clock } from '../clock.js';
import { recordStoredFile, type FileStore } from '../file-store.js';
import { holdLease, leaseUntil, type Lease, type LeaseOptions } from '../lease.js';
import type { ImportContext, ImportDefinition } from './definition.js';
import { errorFileLines } from './error-file.js';
import { extensionOf, type ReceivedUpload } from './intake.js';
import { validateImport, type OpenFile } from './validate.js';

/** How long an import's lease holds without renewal (renewed every third of it). */
export const IMPORT_LEASE_MS = 60_000;

/** The fields that give an import's lease back (set with the import's outcome). */
export const IMPORT_RELEASED = { locked_by: null, locked_until: null } as const;

/** The id of an import's error sheet in stored_files. */
export const errorFileIdOf = (importId: string) => `${importId}-errors`;

/** A row of `imports`. */
export interface ImportRow {
  id: string;
  kind: string;
  market: string;
  uploader_id: string;
  session_id: string | null;
  original_name: string;
  stored_name: string;
  original_file_id: string;
  error_file_id: string | null;
  state: ImportJob['state'];
  progress_done: number;
  progress_total: number | null;
  preview: ImportPreview | null;
  result: ImportJob['result'];
  message: CodedMessage | null;
  created_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
}

/** What the steps need of the app. */
export interface ImportDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
  log: FastifyBaseLogger;
  /** This process, as written in `locked_by` (the job queue's worker id). */
  workerId: string;
  /** The imports this process holds now (holdImport adds them; recovery skips them). */
  working?: Set<string>;
}

const workingByQueue = new WeakMap<object, Set<string>>();

/**
 * The imports this app is validating or applying now, one set per app (keyed by its job queue, shared
 * by every plugin): every upload route's holdImport adds to it, recovery (modules/files/recovery.ts)
 * skips what is in it.
 */
export function workingImports(app: FastifyInstance): Set<string> {
  let working = workingByQueue.get(app.jobs);
  if (!working) workingByQueue.set(app.jobs, (working = new Set()));
  return working;
}

/** The steps' needs from the app; the imports it holds are registered in the app's `workingImports`. */
export const importDeps = (app: FastifyInstance): ImportDeps => ({
  db: app.db,
  files: app.files,
  clock: app.clock,
  log: app.log,
  workerId: app.jobs.workerId,
  working: workingImports(app),
});

const JSON_COLUMNS = new Set(['preview', 'result', 'message']);

/**
 * Sets `fields` of import `id` (JSON columns encoded), only where `where` also holds when given (an SQL
 * condition on the row). Returns the updated row, or null when no row matched.
 */
export async function updateImport(
  q: Queryable,
  id: string,
  fields: Record<string, unknown>,
  where?: string,
): Promise<ImportRow | null> {
  const names = Object.keys(fields);
  const sets = names.map((n, i) => `${n} = $${i + 2}${JSON_COLUMNS.has(n) ? '::jsonb' : ''}`);
  const values = names.map((n) =>
    JSON_COLUMNS.has(n) && fields[n] !== null ? JSON.stringify(fields[n]) : fields[n],
  );
  const { rows } = await q.query<ImportRow>(
    `UPDATE imports SET ${sets.join(', ')} WHERE id = $1${where ? ` AND ${where}` : ''} RETURNING *`,
    [id, ...values],
  );
  return rows[0] ?? null;
}

/** The fields of an import once validated: 'validated' with its preview, or 'rejected'; its lease given back. */
export function validatedFields(outcome: ValidationOutcome, errorFileId: string | null, now: Date) {
  return {
    state: outcome.preview === null ? 'rejected' : 'validated',
    preview: outcome.preview,
    message: outcome.message,
    error_file_id: errorFileId,
    progress_done: outcome.preview?.rows ?? 0,
    progress_total: outcome.preview?.rows ?? 0,
    validated_at: now,
    ...IMPORT_RELEASED,
  };
}

type ValidationOutcome = Awaited<ReturnType<typeof validateImport>>;

/** Who uploads, where: the route's context. */
export interface Uploader {
  market: CountryCode;
  userId: string;
  sessionId: string | null;
}

/**
 * Records a received upload: its stored_files record and the `imports` row (state `state`), in one
 * transaction with `also`'s statements. `leased`: the row is taken by this process until
 * IMPORT_LEASE_MS from now (hold it with `holdImport`). Returns the inserted row.
 */
export async function recordUpload(
  deps: ImportDeps,
  input: Uploader & {
    importId: string;
    kind: string;
    file: Omit<ReceivedUpload, 'fields'>;
    now: Date;
    state: 'parsing' | 'queued';
    leased: boolean;
    also?: (tx: Queryable) => Promise<void>;
  },
): Promise<ImportRow> {
  const fileId = randomUUID();
  const { file } = input;
  return deps.db.transaction(async (tx) => {
    await recordStoredFile(tx, {
      id: fileId,
      market: input.market,
      ownerId: input.userId,
      kind: input.kind,
      originalName: file.originalName,
      storedName: file.storedName,
      key: file.key,
      bytes: file.bytes,
      createdAt: input.now,
    });
    const { rows } = await tx.query<ImportRow>(
      `INSERT INTO imports (id, kind, market, uploader_id, session_id, original_name, stored_name,
                            original_file_id, state, created_at, locked_by, locked_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
      [
        input.importId,
        input.kind,
        input.market,
        input.userId,
        input.sessionId,
        file.originalName,
        file.storedName,
        fileId,
        input.state,
        input.now,
        input.leased ? deps.workerId : null,
        input.leased ? leaseUntil(deps.clock, IMPORT_LEASE_MS) : null,
      ],
    );
    await input.also?.(tx);
    return rows[0]!;
  });
}

/** The lease of import `id`, taken by `deps.workerId` (the statement that set its state took it). */
export function importLease(deps: ImportDeps, id: string): LeaseOptions {
  return {
    clock: deps.clock,
    log: deps.log,
    leaseMs: IMPORT_LEASE_MS,
    what: 'import lease',
    logFields: { importId: id },
    renew: async (until) => {
      const { rows } = await deps.db.query(
        'UPDATE imports SET locked_until = $3 WHERE id = $1 AND locked_by = $2 RETURNING id',
        [id, deps.workerId, until],
      );
      return rows.length > 0;
    },
  };
}

/** Runs `work` while renewing import `id`'s lease; the import's outcome gives it back (IMPORT_RELEASED). */
export async function holdImport<T>(
  deps: ImportDeps,
  id: string,
  work: (lease: Lease) => Promise<T>,
): Promise<T> {
  deps.working?.add(id);
  try {
    return await holdLease(importLease(deps, id), work);
  } finally {
    deps.working?.delete(id);
  }
}

/**
 * Validates the stored original of an import (`key`, named `storedName`) and, when rows have errors,
 * writes its error sheet. Returns the outcome and the error sheet's id (null without one).
 */
export async function validateUpload(
  deps: ImportDeps,
  def: ImportDefinition<unknown>,
  ctx: ImportContext,
  stored: { key: string; storedName: string },
) {
  const open: OpenFile = () => deps.files.get(stored.key) as AsyncIterable<Uint8Array>;
  const outcome = await validateImport(deps.db, open, def, ctx);
  const errorFileId =
    outcome.errors.length > 0
      ? await writeErrorSheet(deps, def, ctx, stored.storedName, open, outcome.errors)
      : null;
  return { outcome, errorFileId };
}

/**
 * The error sheet: the original rows with an Error column (error-file.ts), stored as
 * `imports/<importId>/errors.csv` and recorded (again, after a second validation) as `<importId>-errors`.
 */
async function writeErrorSheet(
  deps: ImportDeps,
  def: ImportDefinition<unknown>,
  ctx: ImportContext,
  storedName: string,
  open: OpenFile,
  errors: ImportPreview['errors'],
): Promise<string> {
  const id = errorFileIdOf(ctx.importId);
  const key = `imports/${ctx.importId}/errors.csv`;
  const { bytes } = await deps.files.put(key, Readable.from(errorFileLines(open, errors, ctx.market)));
  const ext = extensionOf(storedName);
  const name = `${ext ? storedName.slice(0, -ext.length) : storedName}_errors.csv`;
  await deps.db.query('DELETE FROM stored_files WHERE id = $1', [id]);
  await recordStoredFile(deps.db, {
    id,
    market: ctx.market,
    ownerId: ctx.user.id,
    kind: `${def.kind}.errors`,
    originalName: name,
    storedName: name,
    key,
    bytes,
    createdAt: deps.clock.now(),
  });
  return id;
}
