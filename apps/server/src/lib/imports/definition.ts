/**
 * What an upload tool declares once (issue 11, "import pipeline"): the file rules, the template, the
 * row rules, the checks against the database and the caller's scope, the plan (create / update /
 * unchanged) and the set-based apply from a staging table. The pipeline (intake, parse, validate,
 * preview, error file, apply, audit) is the same for every tool; a tool registers its definition at
 * module load with `registerImport(def)`, and the pipeline finds it with `importDefinition(kind)`.
 */
import type {
  AdminToolKey,
  CountryCode,
  ImportKind,
  ImportMessageCode,
  RowError,
} from '@fieldforce/contracts';
import type { Queryable, Transaction } from '../../db/client.js';
import type { JobName } from '../jobs.js';
import type { AuthUser } from '../policy.js';

/** Who uploads, where, and which import: passed to every database step of a definition. */
export interface ImportContext {
  importId: string;
  market: CountryCode;
  user: AuthUser;
  /** The time the import runs at (the app's clock). */
  now: Date;
}

/** A row as read from the file: header → trimmed text (date columns already dd/mm/yyyy). */
export type RawRow = Readonly<Record<string, string>>;

/** A row that passed the definition's own rules, with its spreadsheet row number (row-numbers.ts). */
export interface ValidRow<V> {
  row: number;
  value: V;
}

/** `validateRow`'s answer: the typed value, or the row's errors (every one, not only the first). */
export type RowCheck<V> = { value: V; errors?: undefined } | { errors: RowError[]; value?: undefined };

export interface ImportPlan {
  create: number;
  update: number;
  unchanged: number;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** A staging table column: name and SQL type (the pipeline creates the table from these). */
export interface StagingColumn {
  name: string;
  type: 'text' | 'integer' | 'bigint' | 'numeric' | 'date' | 'boolean';
}

/** A rule over every valid row of the file at once (the pipeline must then keep every row). */
export type RowsRule<V> = (rows: ReadonlyArray<ValidRow<V>>) => RowError[];

/**
 * A rule across rows that only rows sharing a key can break (duplicates of a code, one device per
 * salesman, lines of one display). While the file is read the pipeline keeps only a compact hash of
 * each row's `key` (null: the row takes no part) with its row number, not the rows; afterwards it
 * reads the rows whose key may repeat another's again (a second look at the stored file, only when
 * there are any) and gives them to `check`, in row order. `check` gets every row whose key equals
 * another row's key, and may get a few more (hash collisions), so it must give the same errors for
 * any such set: a row whose key no other row has never has an error and never causes one.
 */
export interface KeyedRule<V> {
  key(value: V): string | null;
  check: RowsRule<V>;
}

interface DefinitionBase<V> {
  kind: ImportKind;
  /** The admin tool whose 'upload' ability the uploader needs. */
  tool: AdminToolKey;
  /** Refused before the body is buffered (FILE_TOO_LARGE). */
  maxBytes: number;
  /** Lower-case, with the dot: ['.csv']. Anything else: NOT_CSV. */
  extensions: readonly string[];
  /** The spec's "file name should not contain spaces" (NAME_HAS_SPACES). */
  noSpacesInName: boolean;
  /** The template's headers, in order; a file whose header differs: INVALID_TEMPLATE. */
  headers: readonly string[];
  /** Columns whose dd-mm-yyyy values are rewritten to dd/mm/yyyy before validateRow sees them. */
  dateColumns: readonly string[];
  /** The row's own rules (blank, format, allowed values). `rowNumber`: the spreadsheet's (header row 1). */
  validateRow(raw: RawRow, rowNumber: number): RowCheck<V>;
  /** Existence and the uploader's scope (market, DT): one error per offending row, set-based SQL. */
  checkAgainstDb(q: Queryable, rows: ReadonlyArray<ValidRow<V>>, ctx: ImportContext): Promise<RowError[]>;
  /** What applying would do, without changing anything. */
  plan(q: Queryable, rows: ReadonlyArray<ValidRow<V>>, ctx: ImportContext): Promise<ImportPlan>;
  /** The staging table's columns and one row's values in that order (null = SQL NULL). */
  staging: {
    columns: readonly StagingColumn[];
    toRow(value: V): ReadonlyArray<string | number | boolean | null>;
  };
  /**
   * Set-based SQL from the filled staging table (never a query per row), inside the pipeline's
   * transaction; the pipeline bumps the data version and writes the audit entry in the same one.
   */
  apply(tx: Transaction, stagingTable: string, ctx: ImportContext): Promise<ImportResult>;
  /** The audit entry's action, e.g. 'outlet.status.import'. */
  auditAction: string;
  /** The tool's own texts for the intake's refusals (default NOT_CSV and FILE_TOO_LARGE). */
  intakeMessages?: IntakeMessages;
}

/**
 * A definition whose rules across rows are keyed (every tool's): validation streams, keeping compact
 * keys rather than rows, and the apply reads the stored file again into the staging table.
 */
export interface StreamedDefinition<V> extends DefinitionBase<V> {
  /** Rules across rows (duplicates), on compact keys: see KeyedRule. */
  crossRowRules: ReadonlyArray<KeyedRule<V>>;
}

/**
 * A definition whose rules across rows see every valid row at once: validation keeps every row in
 * memory (about 300 bytes a row) and hands them to the apply. For small files and tests; a tool's
 * definition declares keyed rules (StreamedDefinition).
 */
export interface KeptRowsDefinition<V> extends DefinitionBase<V> {
  /** Rules across rows: each returns the errors it finds over every valid row. */
  crossRowRules: ReadonlyArray<RowsRule<V>>;
}

export type ImportDefinition<V = unknown> = StreamedDefinition<V> | KeptRowsDefinition<V>;

/** Whether validation may stream: every rule across rows is keyed (no rule needs every row). */
export function isStreamed<V>(def: ImportDefinition<V>): def is StreamedDefinition<V> {
  return def.crossRowRules.every((rule) => typeof rule !== 'function');
}

export interface IntakeMessages {
  wrongExtension: ImportMessageCode;
  tooLarge: ImportMessageCode;
}

/**
 * An upload that is one whole file rather than rows (a zip of images): the pipeline's intake takes it
 * as for any import (multipart stream, name and size refused before buffering, the original stored
 * through the file store, the import recorded), then `enqueue` hands it to the tool's job in the same
 * transaction; the job moves the import to 'applied', 'rejected' or 'failed' (file/checkstatus shows
 * it). There is no preview and no file/apply step.
 */
export interface FileImportDefinition {
  kind: ImportKind;
  tool: AdminToolKey;
  maxBytes: number;
  extensions: readonly string[];
  noSpacesInName: boolean;
  intakeMessages: IntakeMessages;
  /** The tool's own rule for uploading on top of `can(user, 'upload', tool)` (403 when false). */
  allows?(user: AuthUser): boolean;
  /**
   * The job that processes the stored original, enqueued in the intake's transaction with the payload
   * `{importId}`. When that job ends failed (its process died on every attempt) while the import is still
   * queued, file/checkstatus settles the import as failed with the technical-error message.
   */
  jobName: JobName;
  /** Enqueues the job (`q` is the intake's transaction). */
  enqueue(q: Queryable, importId: string, ctx: ImportContext): Promise<void>;
}

const fileRegistry = new Map<ImportKind, FileImportDefinition>();

/** Registers a whole-file import (at module load). */
export function registerFileImport(def: FileImportDefinition): FileImportDefinition {
  const existing = fileRegistry.get(def.kind) ?? registry.get(def.kind);
  if (existing && existing !== def)
    throw new Error(`An import definition for '${def.kind}' is already registered`);
  fileRegistry.set(def.kind, def);
  return def;
}

/** The whole-file import of `kind`, or undefined. */
export function fileImportDefinition(kind: string): FileImportDefinition | undefined {
  return fileRegistry.get(kind as ImportKind);
}

const registry = new Map<ImportKind, ImportDefinition<unknown>>();

/** Registers a tool's definition (at module load). A second definition of the same kind throws. */
export function registerImport<V>(def: ImportDefinition<V>): ImportDefinition<V> {
  const existing = registry.get(def.kind);
  if (existing && existing !== (def as ImportDefinition<unknown>)) {
    throw new Error(`An import definition for '${def.kind}' is already registered`);
  }
  if (def.extensions.some((ext) => !/^\.[a-z0-9]+$/.test(ext))) {
    throw new Error(`Import '${def.kind}': extensions are lower-case with a leading dot`);
  }
  registry.set(def.kind, def as ImportDefinition<unknown>);
  return def;
}

/** The definition of `kind`, or undefined when no tool registered it. */
export function importDefinition(kind: string): ImportDefinition<unknown> | undefined {
  return registry.get(kind as ImportKind);
}

/** Tests only: forget a definition (a test registers its own over a test table). */
export function unregisterImport(kind: string): void {
  registry.delete(kind as ImportKind);
}
