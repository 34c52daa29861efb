/**
 * Tasks from the CSV template (kind 'tasks'): TASK_TEMPLATE_HEADERS ('Location Code, Outlet Type Code,
 * Outlet Subtype Code, Item Codes, Customer Codes, Start Date, End Date, Country Code'), .csv, 25 MB,
 * all or nothing (the pipeline applies nothing while any row has an error). One row is one task;
 * several codes in a cell are separated by ';'.
 *
 * Row rules: dates dd/mm/yyyy (or dd-mm-yyyy), the end not before the start and at most TASK_LIMITS.days
 * apart; codes of letters, digits, '-', '_', '.'; at most TASK_LIMITS of each list; a Location Code or
 * Customer Codes (TASK_NO_SCOPE); Country Code not blank. Across rows: the same task twice
 * (TASK_DUPLICATE_ROW). Against the database (checkTask, as the form): the country code is the market's,
 * every code is the market's, the task reaches an active outlet, and only the uploader's distributors'.
 * A row whose task already exists (same what/where/when) is unchanged: the same file twice creates
 * nothing the second time. Kind and title come from the row (templateTaskKind/Title).
 */
import {
  parseCodeCell,
  parseTaskDate,
  isOutletTypeCode,
  isTaskCode,
  TASK_IMPORT_KIND,
  TASK_LIMITS,
  TASK_MAX_BYTES,
  TASK_TEMPLATE_HEADERS,
  taskDays,
  templateTaskKind,
  templateTaskTitle,
  type RowError,
  type TaskField,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { isBlank, rowError } from '../../lib/imports/cell-rules.js';
import {
  registerImport,
  type ImportContext,
  type ImportDefinition,
  type RawRow,
  type RowCheck,
  type ValidRow,
} from '../../lib/imports/definition.js';
import { TASK_TOOL } from './policy.js';
import { checkTask, taskFingerprint, type TaskWhere } from './queries.js';

const [LOCATION, TYPE, SUBTYPE, ITEMS, CUSTOMERS, START, END, COUNTRY] = TASK_TEMPLATE_HEADERS;

export interface TaskRowValue extends TaskWhere {
  country: string;
  kind: ReturnType<typeof templateTaskKind>;
  title: string;
  fingerprint: string;
}

/** A template row's own rules: every failing cell reported. */
export function validateTaskRow(raw: RawRow, row: number): RowCheck<TaskRowValue> {
  const errors: RowError[] = [];
  const list = (header: string, max: number) => {
    const codes = parseCodeCell(raw[header]);
    if (codes.some((c) => !isTaskCode(c))) errors.push(rowError('SPACES_OR_SPECIAL', row, header));
    else if (codes.length > max)
      errors.push(rowError('TASK_TOO_MANY_CODES', row, header, { column: header, max }));
    return codes;
  };
  const single = (header: string, valid: (value: string) => boolean = isTaskCode) => {
    const value = (raw[header] ?? '').trim();
    if (value !== '' && !valid(value)) errors.push(rowError('SPACES_OR_SPECIAL', row, header));
    return value;
  };
  const location = single(LOCATION);
  // Outlet types and subtypes are names with spaces in some markets ('Wet Market').
  const type = single(TYPE, isOutletTypeCode);
  const subtype = single(SUBTYPE, isOutletTypeCode);
  const itemCodes = list(ITEMS, TASK_LIMITS.itemCodes);
  const customerCodes = list(CUSTOMERS, TASK_LIMITS.customerCodes);
  if (location === '' && customerCodes.length === 0) errors.push(rowError('TASK_NO_SCOPE', row, LOCATION));
  const date = (header: string) => {
    if (isBlank(raw[header])) {
      errors.push(rowError('BLANK_VALUE', row, header));
      return undefined;
    }
    const day = parseTaskDate(raw[header]);
    if (!day) errors.push(rowError('TASK_DATE_INVALID', row, header, { column: header }));
    return day;
  };
  const startDate = date(START);
  const endDate = date(END);
  if (startDate && endDate) {
    if (endDate < startDate) errors.push(rowError('TASK_END_BEFORE_START', row, END));
    else if (taskDays(startDate, endDate) > TASK_LIMITS.days)
      errors.push(rowError('TASK_WINDOW_TOO_LONG', row, END, { max: TASK_LIMITS.days }));
  }
  const country = (raw[COUNTRY] ?? '').trim();
  if (country === '') errors.push(rowError('BLANK_VALUE', row, COUNTRY));
  if (errors.length > 0) return { errors };
  const where: TaskWhere = {
    locationCode: location === '' ? null : location,
    outletTypes: type === '' ? [] : [type],
    outletSubtypes: subtype === '' ? [] : [subtype],
    itemCodes,
    customerCodes,
    startDate: startDate!,
    endDate: endDate!,
  };
  const kind = templateTaskKind(itemCodes);
  return {
    value: {
      ...where,
      country: country.toLowerCase(),
      kind,
      title: templateTaskTitle(where),
      fingerprint: taskFingerprint(kind, where),
    },
  };
}

/** TASK_DUPLICATE_ROW on every row whose task an earlier row already gave. */
export function duplicateTaskRows(rows: ReadonlyArray<ValidRow<TaskRowValue>>): RowError[] {
  const seen = new Set<string>();
  const errors: RowError[] = [];
  for (const { row, value } of [...rows].sort((a, b) => a.row - b.row)) {
    if (seen.has(value.fingerprint)) errors.push(rowError('TASK_DUPLICATE_ROW', row, LOCATION));
    else seen.add(value.fingerprint);
  }
  return errors;
}

const HEADER_OF: Partial<Record<TaskField, string>> = {
  locationCode: LOCATION,
  outletTypes: TYPE,
  outletSubtypes: SUBTYPE,
  itemCodes: ITEMS,
  customerCodes: CUSTOMERS,
};

/** The database rules of one row, worded as the template's messages. */
async function rowDbErrors(q: Queryable, r: ValidRow<TaskRowValue>, ctx: ImportContext): Promise<RowError[]> {
  const errors: RowError[] = [];
  if (r.value.country !== ctx.market)
    errors.push(rowError('TASK_COUNTRY_MISMATCH', r.row, COUNTRY, { market: ctx.market }));
  const check = await checkTask(q, ctx.user, ctx.market, r.value);
  for (const [field, problem] of Object.entries(check.problems) as [TaskField, string][]) {
    const header = HEADER_OF[field] ?? LOCATION;
    const codes = (check.unknown[field] ?? []).join(';');
    if (problem === 'unknown') {
      if (field === 'locationCode') errors.push(rowError('TASK_UNKNOWN_LOCATION', r.row, header));
      else if (field === 'outletTypes') errors.push(rowError('TASK_UNKNOWN_OUTLET_TYPE', r.row, header));
      else if (field === 'outletSubtypes')
        errors.push(rowError('TASK_UNKNOWN_OUTLET_SUBTYPE', r.row, header));
      else if (field === 'itemCodes') errors.push(rowError('TASK_UNKNOWN_ITEMS', r.row, header, { codes }));
      else errors.push(rowError('TASK_UNKNOWN_CUSTOMERS', r.row, header, { codes }));
    } else if (problem === 'outOfScope') {
      errors.push(rowError('TASK_OUT_OF_SCOPE', r.row, header));
    } else if (problem === 'noTargets') {
      errors.push(rowError('TASK_NO_TARGETS', r.row, header));
    }
  }
  return errors;
}

/** How many of the rows' tasks exist already in the market (same fingerprint). */
async function existing(q: Queryable, rows: ReadonlyArray<ValidRow<TaskRowValue>>, ctx: ImportContext) {
  if (rows.length === 0) return 0;
  const { rows: answer } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM unnest($2::text[]) f
     WHERE EXISTS (SELECT 1 FROM tasks t WHERE t.country_code = $1 AND t.fingerprint = f)`,
    [ctx.market, rows.map((r) => r.value.fingerprint)],
  );
  return answer[0]?.n ?? 0;
}

const joined = (codes: readonly string[]) => codes.join(';');
const asArray = (column: string) => `COALESCE(string_to_array(NULLIF(s.${column}, ''), ';'), '{}')`;

export const taskImport: ImportDefinition<TaskRowValue> = registerImport<TaskRowValue>({
  kind: TASK_IMPORT_KIND,
  tool: TASK_TOOL,
  maxBytes: TASK_MAX_BYTES,
  extensions: ['.csv'],
  noSpacesInName: true,
  headers: TASK_TEMPLATE_HEADERS,
  dateColumns: [START, END],
  validateRow: validateTaskRow,
  // Keyed (lib/imports, KeyedRule): only rows giving the same task can repeat each other.
  crossRowRules: [{ key: (v) => v.fingerprint, check: duplicateTaskRows }],
  /** One check per row (the form's checkTask): task files hold tens or hundreds of rows, not 100,000. */
  async checkAgainstDb(q, rows, ctx) {
    const errors: RowError[] = [];
    for (const r of rows) errors.push(...(await rowDbErrors(q, r, ctx)));
    return errors;
  },
  async plan(q, rows, ctx) {
    const unchanged = await existing(q, rows, ctx);
    return { create: rows.length - unchanged, update: 0, unchanged };
  },
  staging: {
    columns: [
      { name: 'location_code', type: 'text' },
      { name: 'outlet_types', type: 'text' },
      { name: 'outlet_subtypes', type: 'text' },
      { name: 'item_codes', type: 'text' },
      { name: 'customer_codes', type: 'text' },
      { name: 'start_date', type: 'date' },
      { name: 'end_date', type: 'date' },
      { name: 'kind', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'fingerprint', type: 'text' },
    ],
    toRow: (v) => [
      v.locationCode,
      joined(v.outletTypes),
      joined(v.outletSubtypes),
      joined(v.itemCodes),
      joined(v.customerCodes),
      v.startDate,
      v.endDate,
      v.kind,
      v.title,
      v.fingerprint,
    ],
  },
  /**
   * Set-based: the new tasks (rows whose task does not exist yet) in one INSERT, their targets in one
   * INSERT joining the market's outlets to each task's where, their counts and DT codes in one UPDATE,
   * and one 'task.create' audit entry per task with the import id.
   */
  async apply(tx, stagingTable, ctx) {
    const { rows } = await tx.query<{ created: number; total: number }>(
      `WITH created AS (
         INSERT INTO tasks (country_code, title, kind, location_code, outlet_types, outlet_subtypes, customer_codes,
                            item_codes, start_date, end_date, fingerprint, import_id, created_by, updated_by)
         SELECT DISTINCT ON (s.fingerprint) $1, s.title, s.kind, NULLIF(s.location_code, ''), ${asArray('outlet_types')},
                ${asArray('outlet_subtypes')}, ${asArray('customer_codes')}, ${asArray('item_codes')},
                s.start_date, s.end_date, s.fingerprint, $2, $3, $3
         FROM ${stagingTable} s
         WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t.country_code = $1 AND t.fingerprint = s.fingerprint)
         RETURNING 1)
       SELECT (SELECT count(*) FROM created)::int AS created, (SELECT count(*) FROM ${stagingTable})::int AS total`,
      [ctx.market, ctx.importId, ctx.user.id],
    );
    // The same condition as TARGETS_SQL (queries.ts), per task of this import.
    await tx.query(
      `INSERT INTO task_targets (task_id, outlet_id, country_code, dt_code)
       SELECT t.id, o.id, t.country_code, o.dt_code
       FROM tasks t JOIN outlets o ON o.country_code = t.country_code AND o.active
         AND (t.location_code IS NULL OR o.dt_code = t.location_code OR o.dt_site_code = t.location_code)
         AND (cardinality(t.outlet_types) = 0 OR o.outlet_type = ANY(t.outlet_types))
         AND (cardinality(t.outlet_subtypes) = 0 OR o.outlet_subtype = ANY(t.outlet_subtypes))
         AND (cardinality(t.customer_codes) = 0 OR o.outlet_code = ANY(t.customer_codes))
       WHERE t.country_code = $1 AND t.import_id = $2`,
      [ctx.market, ctx.importId],
    );
    await tx.query(
      `UPDATE tasks t SET target_count = c.n, dt_codes = c.dts
       FROM (SELECT task_id, count(*)::int AS n, array_agg(DISTINCT dt_code ORDER BY dt_code) AS dts
             FROM task_targets
             WHERE task_id IN (SELECT id FROM tasks WHERE country_code = $1 AND import_id = $2)
             GROUP BY task_id) c
       WHERE c.task_id = t.id AND t.country_code = $1 AND t.import_id = $2`,
      [ctx.market, ctx.importId],
    );
    await tx.query(
      `INSERT INTO audit_log (id, actor_id, session_id, market, tool, action, target, before, after, import_id,
                              request_id)
       SELECT gen_random_uuid()::text, $3, NULL, $1, $4, 'task.create', t.code, NULL,
              jsonb_build_object('title', t.title, 'kind', t.kind, 'locationCode', t.location_code,
                                 'outletTypes', t.outlet_types, 'outletSubtypes', t.outlet_subtypes,
                                 'customerCodes', t.customer_codes, 'itemCodes', t.item_codes,
                                 'startDate', t.start_date, 'endDate', t.end_date, 'targets', t.target_count),
              $2, NULL
       FROM tasks t WHERE t.country_code = $1 AND t.import_id = $2`,
      [ctx.market, ctx.importId, ctx.user.id, TASK_TOOL],
    );
    const created = rows[0]?.created ?? 0;
    return { created, updated: 0, unchanged: (rows[0]?.total ?? 0) - created };
  },
  auditAction: 'task.import',
});
