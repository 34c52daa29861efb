/**
 * Task Management (/taskmanagment, issue 15): tasks for salesmen at outlets. What (a display to
 * check, a product to push, a survey; which items), where (a location: a DT code or DT site code of the
 * market, narrowed by outlet types and subtypes; or explicit customer codes), when (start and end
 * date). Created one by one (the form, `taskFormSchema`) or many from the CSV template
 * (TASK_TEMPLATE_HEADERS, through the import pipeline). Progress comes from the visit data: an outlet is
 * reached when a salesman visited it in the task's window, done when a visit recorded the task done.
 *
 * The rules a form and a template row share are written once here (`taskFormProblems`, the cell
 * parsers), so the web's messages and the server's refusals agree.
 */
import { z } from 'zod';
import { tablePageSchema, tableQuerySchema } from './admin.js';

export const TASK_API = '/api/admin/tasks';
export const TASK_KINDS = ['displayCheck', 'productPush', 'survey'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_STATUSES = ['open', 'closed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Limits of one task (form and template row alike). */
export const TASK_LIMITS = {
  title: 120,
  description: 1000,
  itemCodes: 20,
  customerCodes: 500,
  outletTypes: 10,
  outletSubtypes: 10,
  /** Start to end, both included. */
  days: 366,
} as const;

// ---------------------------------------------------------------------------------------------
// Template upload
// ---------------------------------------------------------------------------------------------

/**
 * The spec's task template (section 9: "location code, outlet type code, outlet subtype code, item
 * codes, customer codes, start date, end date and country code"), in that order. Several codes in one
 * cell are separated by ';' (or '|'). A task made from a row gets its kind and title from the row
 * (docs/decisions.md, "Task Management").
 */
export const TASK_TEMPLATE_HEADERS = [
  'Location Code',
  'Outlet Type Code',
  'Outlet Subtype Code',
  'Item Codes',
  'Customer Codes',
  'Start Date',
  'End Date',
  'Country Code',
] as const;
/** The spec's general upload limit. */
export const TASK_MAX_BYTES = 25 * 1024 * 1024;
export const TASK_IMPORT_KIND = 'tasks' as const;

/** A cell of codes: split on ';' or '|', trimmed, blanks dropped, each once (first order kept). */
export function parseCodeCell(cell: string | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (cell ?? '').split(/[;|]/)) {
    const code = part.trim();
    if (code !== '') seen.add(code);
  }
  return [...seen];
}

/** A code: letters, digits, '-', '_' and '.', starting and ending with a letter or digit, ≤ 40. */
export const isTaskCode = (code: string): boolean =>
  code.length <= 40 && /^[\p{L}\p{N}](?:[\p{L}\p{N}._-]*[\p{L}\p{N}])?$/u.test(code);

/**
 * An outlet type or subtype as the market names it ('Wet Market', 'Medium Grocery'): a code, or words of
 * letters, digits and - _ . / & separated by single spaces, ≤ 60.
 */
export const isOutletTypeCode = (value: string): boolean =>
  value.length <= 60 &&
  /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}._/&-]| (?! ))*(?<! )$/u.test(value) &&
  !/[._/&-]$/.test(value);

/** dd/mm/yyyy (the pipeline already turned dd-mm-yyyy into it) → YYYY-MM-DD, or undefined. */
export function parseTaskDate(cell: string | undefined): string | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((cell ?? '').trim());
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return undefined;
  if (y < 2000 || y > 2100) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Days from start to end, both included (YYYY-MM-DD). */
export const taskDays = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The kind a template row's task gets: items to push, else a display to check. */
export const templateTaskKind = (itemCodes: readonly string[]): TaskKind =>
  itemCodes.length > 0 ? 'productPush' : 'displayCheck';

/** The title a template row's task gets (editable afterwards). */
export function templateTaskTitle(v: {
  locationCode: string | null;
  outletTypes: readonly string[];
  itemCodes: readonly string[];
  customerCodes: readonly string[];
}): string {
  const what = v.itemCodes.length > 0 ? `Push ${v.itemCodes.slice(0, 3).join(', ')}` : 'Display check';
  const more = v.itemCodes.length > 3 ? ` +${v.itemCodes.length - 3}` : '';
  const where = v.locationCode
    ? `${v.locationCode}${v.outletTypes.length > 0 ? ` ${v.outletTypes.join('/')}` : ''}`
    : `${v.customerCodes.length} outlet${v.customerCodes.length === 1 ? '' : 's'}`;
  return `${what}${more} @ ${where}`.slice(0, TASK_LIMITS.title);
}

// ---------------------------------------------------------------------------------------------
// The form (create / edit one task)
// ---------------------------------------------------------------------------------------------

/** The form's problems by field: the web shows them translated, the server refuses with them. */
export const TASK_FORM_PROBLEMS = [
  'required',
  'tooLong',
  'badCode',
  'tooMany',
  'badDate',
  'endBeforeStart',
  'windowTooLong',
  'noScope',
  'itemsRequired',
  // The server's, after the form's own rules: codes the market does not have, outlets outside the
  // caller's distributors, a task that reaches no active outlet.
  'unknown',
  'outOfScope',
  'noTargets',
] as const;
export type TaskFormProblem = (typeof TASK_FORM_PROBLEMS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');
const codes = (max: number) => z.array(z.string().min(1).max(60)).max(max);

export const taskInputSchema = z.object({
  title: z.string().max(TASK_LIMITS.title),
  kind: z.enum(TASK_KINDS),
  description: z.string().max(TASK_LIMITS.description).default(''),
  /** A DT code or DT site code of the market, or null (the customer codes say where). */
  locationCode: z.string().max(40).nullable().default(null),
  outletTypes: codes(TASK_LIMITS.outletTypes).default([]),
  outletSubtypes: codes(TASK_LIMITS.outletSubtypes).default([]),
  customerCodes: codes(TASK_LIMITS.customerCodes).default([]),
  itemCodes: codes(TASK_LIMITS.itemCodes).default([]),
  startDate: day,
  endDate: day,
});
export type TaskInput = z.infer<typeof taskInputSchema>;
export type TaskField = keyof TaskInput;

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** Every problem of a form, by field (empty: valid). The database rules (known codes, scope) come after. */
export function taskFormProblems(input: {
  title: string;
  kind?: string;
  description?: string;
  locationCode?: string | null;
  outletTypes?: readonly string[];
  outletSubtypes?: readonly string[];
  customerCodes?: readonly string[];
  itemCodes?: readonly string[];
  startDate: string;
  endDate: string;
}): Partial<Record<TaskField, TaskFormProblem>> {
  const p: Partial<Record<TaskField, TaskFormProblem>> = {};
  if (input.title.trim() === '') p.title = 'required';
  else if (input.title.length > TASK_LIMITS.title) p.title = 'tooLong';
  if (!input.kind || !(TASK_KINDS as readonly string[]).includes(input.kind)) p.kind = 'required';
  if ((input.description ?? '').length > TASK_LIMITS.description) p.description = 'tooLong';
  const location = input.locationCode?.trim() ?? '';
  if (location !== '' && !isTaskCode(location)) p.locationCode = 'badCode';
  const lists = [
    ['outletTypes', input.outletTypes ?? [], TASK_LIMITS.outletTypes],
    ['outletSubtypes', input.outletSubtypes ?? [], TASK_LIMITS.outletSubtypes],
    ['customerCodes', input.customerCodes ?? [], TASK_LIMITS.customerCodes],
    ['itemCodes', input.itemCodes ?? [], TASK_LIMITS.itemCodes],
  ] as const;
  for (const [field, list, max] of lists) {
    const valid = field === 'outletTypes' || field === 'outletSubtypes' ? isOutletTypeCode : isTaskCode;
    if (list.length > max) p[field] = 'tooMany';
    else if (list.some((c) => !valid(c))) p[field] = 'badCode';
  }
  if (location === '' && (input.customerCodes ?? []).length === 0) p.locationCode = 'noScope';
  if (input.kind === 'productPush' && (input.itemCodes ?? []).length === 0 && !p.itemCodes)
    p.itemCodes = 'itemsRequired';
  if (!isDay(input.startDate)) p.startDate = input.startDate === '' ? 'required' : 'badDate';
  if (!isDay(input.endDate)) p.endDate = input.endDate === '' ? 'required' : 'badDate';
  if (!p.startDate && !p.endDate) {
    if (input.endDate < input.startDate) p.endDate = 'endBeforeStart';
    else if (taskDays(input.startDate, input.endDate) > TASK_LIMITS.days) p.endDate = 'windowTooLong';
  }
  return p;
}

/** POST …/tasks and PUT …/tasks/{code}: the form, checked by taskFormProblems as well. */
export const taskFormSchema = taskInputSchema.superRefine((input, ctx) => {
  for (const [field, problem] of Object.entries(taskFormProblems(input))) {
    ctx.addIssue({ code: 'custom', path: [field], message: problem });
  }
});
export type TaskForm = z.infer<typeof taskFormSchema>;

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

const commaList = z.string().max(2000).optional();

/** GET …/tasks/list, …/filterResult and …/fileExport. */
export const taskQuerySchema = tableQuerySchema.extend({
  /** Contains, in the code or the title. */
  search: z.string().max(100).optional(),
  filter_kind: commaList,
  filter_status: commaList,
  filter_location: commaList,
  /** Tasks naming any of these items. */
  filter_item: commaList,
  /** Tasks still running on or after this day (end date ≥), YYYY-MM-DD. */
  filter_from: z.string().max(10).optional(),
  /** Tasks starting on or before this day (start date ≤), YYYY-MM-DD. */
  filter_to: z.string().max(10).optional(),
});
export type TaskQuery = z.infer<typeof taskQuerySchema>;

export const taskRowSchema = z.object({
  code: z.string(),
  title: z.string(),
  kind: z.string(),
  status: z.string(),
  locationCode: z.string().nullable(),
  outletTypes: z.string().nullable(),
  outletSubtypes: z.string().nullable(),
  itemCodes: z.string().nullable(),
  customers: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  targets: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;
export const taskPageSchema = tablePageSchema(taskRowSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;

/** GET …/tasks/{code}: the task as the form edits it, with who made it and whether the caller may edit. */
/**
 * What the task form offers to choose from: the outlet types of the caller's outlets in the market, each
 * with its subtypes, sorted (GET /api/admin/tasks/outletTypes). At most TASK_OUTLET_TYPES_MAX pairs.
 */
export const TASK_OUTLET_TYPES_MAX = 500;
export const taskOutletTypesSchema = z.object({
  outletTypes: z.array(z.object({ type: z.string(), subtypes: z.array(z.string()) })),
});
export type TaskOutletTypes = z.infer<typeof taskOutletTypesSchema>;

export const taskDetailSchema = taskInputSchema.extend({
  code: z.string(),
  status: z.enum(TASK_STATUSES),
  targets: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The caller may edit or close it (a DT-limited admin: only tasks wholly within their distributors). */
  canEdit: z.boolean(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const saveTaskResultSchema = z.object({ task: taskDetailSchema });
export type SaveTaskResult = z.infer<typeof saveTaskResultSchema>;

// ---------------------------------------------------------------------------------------------
// Progress
// ---------------------------------------------------------------------------------------------

/**
 * Counts over the targeted outlets (within the caller's distributors): done (a visit in the window
 * recorded the task done), notDone (visited in the window, not recorded done), notReached (no visit in
 * the window). reached = done + notDone; targeted = reached + notReached.
 */
export const taskCountsSchema = z.object({
  targeted: z.number().int(),
  reached: z.number().int(),
  done: z.number().int(),
  notDone: z.number().int(),
  notReached: z.number().int(),
});
export type TaskCounts = z.infer<typeof taskCountsSchema>;

export const taskTeamRowSchema = taskCountsSchema.extend({
  /** The team leader's hierarchy member id (null: outlets without a salesman). */
  teamLeaderId: z.number().int().nullable(),
  teamLeaderName: z.string().nullable(),
  salesmen: z.array(
    taskCountsSchema.extend({
      salesmanId: z.number().int().nullable(),
      smCode: z.string().nullable(),
      salesmanName: z.string().nullable(),
    }),
  ),
});
export type TaskTeamRow = z.infer<typeof taskTeamRowSchema>;

export const taskProgressSchema = z.object({
  task: taskDetailSchema,
  overall: taskCountsSchema,
  teams: z.array(taskTeamRowSchema),
  /** The progress counts only the caller's distributors' outlets. */
  limitedToScope: z.boolean(),
});
export type TaskProgress = z.infer<typeof taskProgressSchema>;

export const TASK_OUTLET_STATES = ['done', 'notDone', 'notReached'] as const;
export type TaskOutletState = (typeof TASK_OUTLET_STATES)[number];

/** GET …/tasks/{code}/outlets: the targeted outlets (drill-down), a page. */
export const taskOutletQuerySchema = tableQuerySchema.extend({
  filter_state: commaList,
  /** A team leader's hierarchy member id. */
  filter_team_leader: commaList,
  filter_salesman: commaList,
  filter_outlet_code: commaList,
});
export type TaskOutletQuery = z.infer<typeof taskOutletQuerySchema>;

export const taskOutletRowSchema = z.object({
  outletCode: z.string(),
  outletName: z.string(),
  dtCode: z.string(),
  outletType: z.string(),
  outletSubtype: z.string(),
  salesmanName: z.string().nullable(),
  teamLeaderName: z.string().nullable(),
  state: z.string(),
  lastVisitDate: z.string().nullable(),
  resultVisitDate: z.string().nullable(),
  note: z.string().nullable(),
});
export type TaskOutletRow = z.infer<typeof taskOutletRowSchema>;
export const taskOutletPageSchema = tablePageSchema(taskOutletRowSchema);
export type TaskOutletPage = z.infer<typeof taskOutletPageSchema>;
