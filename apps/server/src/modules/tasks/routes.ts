/**
 * Task Management (issue 15; /taskmanagment; docs/admin.md "Task Management"): the task list, filtered
 * list and export, and a task's targeted outlets (the progress drill-down) and their export, all from
 * the declared tables through registerAdminTable; one task (GET), its progress (GET …/progress),
 * create (POST), edit (PUT) and close (POST …/close), each change audited with the data version bumped
 * in its transaction. Many tasks at once come from the CSV template through the import pipeline (kind
 * 'tasks', import-definition.ts). Admins of the market, within their DT scope (policy.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  saveTaskResultSchema,
  TASK_API,
  taskDetailSchema,
  taskFormSchema,
  taskOutletPageSchema,
  taskOutletQuerySchema,
  taskPageSchema,
  taskProgressSchema,
  taskOutletTypesSchema,
  taskQuerySchema,
  type CountryCode,
  type SaveTaskResult,
  type TaskInput,
} from '@fieldforce/contracts';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';
import {
  registerAdminChange,
  registerAdminRead,
  registerAdminTable,
  type AuthorizeChange,
} from '../../lib/tables/index.js';
import type { Queryable } from '../../db/client.js';
import { assertTasks, TASK_TOOL } from './policy.js';
import {
  checkTask,
  closeTask,
  createTask,
  findTask,
  taskOutletTypes,
  taskProgress,
  updateTask,
} from './queries.js';
import { taskOutletTable, taskTable } from './table.js';
// Registers the 'tasks' upload with the import pipeline.
import './import-definition.js';

const ACCESS_TEXT =
  'Admins (userType admin) of the market. A DT-limited admin sees the tasks that reach one of their ' +
  'distributors, counts only their outlets, and creates, edits or closes only tasks wholly within them.';
const FILTER_TEXT =
  'search: contains, in the code or title; filter_kind (displayCheck, productPush, survey), filter_status ' +
  '(open, closed), filter_location, filter_item: comma-joined, at most 10; filter_from / filter_to: YYYY-MM-DD, ' +
  'tasks running on or after / starting on or before that day. sort: a column key, - for descending; page, pageSize.';
const OUTLET_FILTER_TEXT =
  'task: the task code (required); filter_state (done, notDone, notReached), filter_team_leader (member ids), ' +
  'filter_salesman (salesman ids), filter_outlet_code: comma-joined, at most 10.';
const codeParams = z.object({ code: z.string().min(1).max(20) });

/** A refusal naming each field's problem (the web translates the problem words). */
function formRefused(
  problems: Record<string, string>,
  unknown: Record<string, string[] | undefined>,
): AppError {
  const fields = Object.entries(problems).map(([field, problem]) => ({
    field: `body.${field}`,
    message: problem,
  }));
  const text = Object.entries(problems)
    .map(
      ([field, problem]) => `${field}: ${problem}${unknown[field] ? ` (${unknown[field]!.join(', ')})` : ''}`,
    )
    .join('; ');
  return new AppError('VALIDATION_FAILED', text, fields);
}

async function checkedInput(q: Queryable, user: AuthUser, market: CountryCode, input: TaskInput) {
  const check = await checkTask(q, user, market, input);
  if (Object.keys(check.problems).length > 0) throw formRefused(check.problems, check.unknown);
}

/** The task named by the path; 404 when the caller may not see it (another market, outside their DT codes). */
async function visibleTask(q: Queryable, user: AuthUser, market: CountryCode, code: string, lock = false) {
  const task = await findTask(q, user, market, code, lock);
  if (!task) throw notFound('The task');
  return task;
}

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'taskManagement',
    table: taskTable,
    query: taskQuerySchema,
    page: taskPageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertTasks,
    list: [
      {
        path: `${TASK_API}/list`,
        summary: 'Task Management: a page of every task (no filters)',
        filters: false,
      },
      {
        path: `${TASK_API}/filterResult`,
        summary: 'Task Management: a page of the tasks matching the filters',
        filters: true,
      },
    ],
    export: {
      path: `${TASK_API}/fileExport`,
      summary: 'Task Management: the filtered tasks as a CSV or XLSX file, streamed',
      fileName: (market) => `tasks_${market}`,
      sheetName: 'Tasks',
    },
  });

  registerAdminTable(app, {
    tool: 'taskManagement',
    table: taskOutletTable,
    query: taskOutletQuerySchema.extend({ task: z.string().min(1).max(20) }),
    page: taskOutletPageSchema,
    access: ACCESS_TEXT,
    filters: OUTLET_FILTER_TEXT,
    authorize: assertTasks,
    list: [
      {
        path: `${TASK_API}/outlets`,
        summary: 'Task Management: a page of one task’s targeted outlets with their progress and last visit',
        filters: true,
      },
    ],
    export: {
      path: `${TASK_API}/outlets/fileExport`,
      summary: 'Task Management: one task’s targeted outlets as a CSV or XLSX file, streamed',
      fileName: (market) => `task-outlets_${market}`,
      sheetName: 'Task Outlets',
    },
  });

  registerAdminRead(app, {
    path: `${TASK_API}/outletTypes`,
    summary: 'Task Management: the outlet types and subtypes the task form offers',
    description:
      `${ACCESS_TEXT} The outlet types of the market’s active outlets within the caller’s distributors, in ` +
      'order, each with its subtypes in order (at most 500 type and subtype pairs).',
    response: taskOutletTypesSchema,
    authorize: assertTasks,
    read: ({ db, user, market }) => taskOutletTypes(db, user, market),
  });

  registerAdminRead(app, {
    path: `${TASK_API}/:code`,
    summary: 'Task Management: one task as the form edits it',
    description: `${ACCESS_TEXT} 404 for a task of another market or outside the caller’s distributors.`,
    params: codeParams,
    response: taskDetailSchema,
    authorize: assertTasks,
    read: async ({ db, user, market, params }) => {
      const { id: _id, dtCodes: _dts, ...detail } = await visibleTask(db, user, market, params.code);
      return detail;
    },
  });

  registerAdminRead(app, {
    path: `${TASK_API}/:code/progress`,
    summary: 'Task Management: a task’s progress from the visits, overall and per team',
    description:
      `${ACCESS_TEXT} Over the targeted outlets within the caller’s distributors: reached (a visit in the ` +
      'task’s window), done (a visit recorded it done), not done (reached, not done), not reached; per team ' +
      'leader with each salesman.',
    params: codeParams,
    response: taskProgressSchema,
    authorize: assertTasks,
    read: async ({ db, user, market, params }) => {
      const { id, dtCodes: _dts, ...detail } = await visibleTask(db, user, market, params.code);
      const progress = await taskProgress(db, user, id);
      return { task: detail, ...progress, limitedToScope: dtScope(user) !== null };
    },
  });

  const tool = TASK_TOOL;
  const authorize: AuthorizeChange = (q, user, market) => assertTasks(q, user, market, 'edit');
  const response = saveTaskResultSchema;
  /** The task as the form edits it, read after the change in its transaction. */
  const answer = async (
    tx: Queryable,
    ctx: { user: AuthUser; market: CountryCode },
    code: string,
  ): Promise<SaveTaskResult> => {
    const { id: _id, dtCodes: _dts, ...detail } = (await findTask(tx, ctx.user, ctx.market, code))!;
    return { task: detail };
  };
  /** The task named by the path, locked for the change; 404 when the caller may not see it. */
  const lockedTask = (
    tx: Queryable,
    ctx: { user: AuthUser; market: CountryCode; params: { code: string } },
  ) => visibleTask(tx, ctx.user, ctx.market, ctx.params.code, true);

  registerAdminChange(app, {
    method: 'POST',
    path: TASK_API,
    tool,
    summary: 'Task Management: create one task',
    description:
      `${ACCESS_TEXT} The form's rules (taskFormProblems) then the market's: known codes, an active outlet ` +
      'reached, only the caller’s distributors (400 VALIDATION_FAILED, each field with its problem). The ' +
      "targets are resolved now; 'task.create' audit entry; the data version is bumped.",
    body: taskFormSchema,
    response,
    authorize,
    run: async (tx, ctx) => {
      await checkedInput(tx, ctx.user, ctx.market, ctx.body);
      return createTask(tx, ctx.user, ctx.market, ctx.body);
    },
    answer,
  });

  registerAdminChange(app, {
    method: 'PUT',
    path: `${TASK_API}/:code`,
    tool,
    summary: 'Task Management: edit an open task',
    description:
      `${ACCESS_TEXT} The same rules as create; the targets are resolved again. 409 for a closed task, 403 ` +
      "for a task reaching outside the caller's distributors. 'task.update' audit entry with before and " +
      'after when anything changed; the data version is bumped.',
    params: codeParams,
    body: taskFormSchema,
    response,
    authorize,
    run: async (tx, ctx) => {
      const task = await lockedTask(tx, ctx);
      if (task.status === 'closed') throw new AppError('CONFLICT', 'A closed task cannot be edited.');
      if (!task.canEdit) throw forbidden('This task reaches outlets outside your distributors.');
      await checkedInput(tx, ctx.user, ctx.market, ctx.body);
      return updateTask(tx, ctx.market, task, ctx.body, ctx.user.id);
    },
    answer,
  });

  registerAdminChange(app, {
    method: 'POST',
    path: `${TASK_API}/:code/close`,
    tool,
    summary: 'Task Management: close a task',
    description:
      `${ACCESS_TEXT} Closing an open task ends it for the salesmen (its progress stays readable). ` +
      "'task.close' audit entry; the data version is bumped. Closing a closed task changes nothing.",
    params: codeParams,
    response,
    authorize,
    run: async (tx, ctx) => {
      const task = await lockedTask(tx, ctx);
      if (task.status === 'open' && !task.canEdit)
        throw forbidden('This task reaches outlets outside your distributors.');
      return closeTask(tx, task, ctx.user.id);
    },
    answer,
  });
};
