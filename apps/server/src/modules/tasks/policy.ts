/**
 * Who may use Task Management: lib/policies' admin rule (admins of the market, in every market). A
 * DT-limited admin works within their distributors (docs/decisions.md, "Task Management: DT scope"):
 * the list shows the tasks that reach one of their distributors, progress counts only their outlets,
 * a task they create or edit may reach only their outlets, and they may edit or close only tasks whose
 * outlets are all theirs.
 */
import type { Abilities, CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import { dtScope, type AuthUser } from '../../lib/policy.js';

export const TASK_TOOL = 'taskManagement';

export const assertTasks = (q: Queryable, user: AuthUser, market: CountryCode, action: keyof Abilities) =>
  assertAdminTool(q, user, market, TASK_TOOL, action);

/** Whether every one of `dtCodes` is among the caller's distributors (a whole-market admin: always). */
export function withinScope(user: AuthUser, dtCodes: readonly string[]): boolean {
  const scope = dtScope(user);
  if (scope === null) return true;
  const mine = new Set(scope);
  return dtCodes.every((dt) => mine.has(dt));
}
