/**
 * User Access Management (/useraccess, issue 13; docs/admin.md "User access"): the market's users as
 * an admin table (list, filtered list, export, DT filter list: registerAdminTable), one user with what
 * the caller may grant, the edit of their access, deactivation / reactivation and "end sessions". The
 * rules of spec section 6 are contracts' userAccessRefusals plus the data checks here; each change is
 * one transaction with its audit entry and a data-version bump. A change shows at the user's next
 * request: the auth plugin loads the user (and their BSAs) on every request, and cached UCube answers
 * key on that scope.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  normaliseDtCodes,
  targetRefusals,
  updateUserAccessSchema,
  USER_ACCESS_ACTIONS,
  USER_ACCESS_API,
  USER_ACCESS_MESSAGES,
  userAccessDetailSchema,
  userAccessMessage,
  userAccessPageSchema,
  userAccessQuerySchema,
  userAccessRefusals,
  userAccessUserQuerySchema,
  userActionResultSchema,
  userActionSchema,
  type CountryCode,
  type UserAccessRefusal,
  type UserAccessState,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/policy.js';
import {
  audited,
  registerAdminChange,
  registerAdminRead,
  registerAdminTable,
  unchanged,
  type AuthorizeChange,
} from '../../lib/tables/index.js';
import { assertUserAccess, grantorOf } from './policy.js';
import { presentDetail } from './presenter.js';
import {
  deactivate,
  distributorsOf,
  endSessionsOf,
  findTarget,
  reactivate,
  unknownDtCodes,
  writeAccess,
  type TargetUser,
} from './queries.js';
import { userAccessTable } from './table.js';

const TAG = 'admin';

const ACCESS_TEXT =
  'Admins (userType admin) of the market. Users whose markets hold the market; an admin limited to some DT ' +
  'codes sees only users whose DT codes all lie among theirs.';
const FILTER_TEXT =
  'filter_search: name or email contains (case-insensitive; a name also without its Vietnamese marks); ' +
  'filter_role: roles, comma-separated; ' +
  'filter_ucube, filter_reports, filter_admin: 1 or 0; filter_dt_code: users holding any of these DT codes ' +
  '(at most 10); filter_status: active, invited, disabled; filter_last_login_from / filter_last_login_to: ' +
  'YYYY-MM-DD, a day of the market’s calendar. sort: name, email, role, status or a flag column, - for ' +
  'descending; page, pageSize.';
const RULES_TEXT =
  'Spec section 6, enforced here: the user must be of the market, hold no market the caller does not hold ' +
  '(403), and for a caller limited to DT codes reach only those (404 otherwise, as in the list). What is ' +
  'newly given must be the caller’s own: a market, DT codes (every distributor only with All (Super Access)), ' +
  'UCube or reports access, a BSA; Super User rights (isSuperUser or the role Super User) only by a Super ' +
  'User (403, errors.fields naming each refused field). Roles and BSAs must be known and DT codes ' +
  'distributors of the user’s markets (400). An admin cannot remove their own admin right.';

const VALIDATION_CODES = new Set<UserAccessRefusal['code']>([
  'ROLE_UNKNOWN',
  'BSA_UNKNOWN',
  'MARKETS_REQUIRED',
  'DT_UNKNOWN',
]);

/** The refusals as one error: 400 when every one is about the data, else 403. */
function refused(refusals: UserAccessRefusal[]): AppError {
  const fields = refusals.map((r) => ({
    field: r.field === 'user' ? 'body.userId' : `body.${r.field}`,
    message: userAccessMessage(r),
  }));
  const validation = refusals.every((r) => VALIDATION_CODES.has(r.code));
  return new AppError(validation ? 'VALIDATION_FAILED' : 'FORBIDDEN', fields[0]!.message, fields);
}

const notFound = (userId: string) =>
  new AppError('NOT_FOUND', userAccessMessage({ code: 'USER_NOT_FOUND', params: { userId } }));

/**
 * The user, if the caller may see them: of the market, and (for a caller limited to DT codes) within
 * those codes, as the list shows them. Else 404.
 */
async function visibleTarget(
  q: Queryable,
  user: AuthUser,
  market: CountryCode,
  userId: string,
  lock = false,
): Promise<TargetUser> {
  const target = await findTarget(q, userId, market, lock);
  if (!target) throw notFound(userId);
  const grantor = grantorOf(user);
  if (grantor.dtCodes !== null && targetRefusals({ ...grantor, superUser: true }, target.state).length > 0) {
    throw notFound(userId);
  }
  return target;
}

async function detail(ctx: { user: AuthUser; market: CountryCode }, q: Queryable, target: TargetUser) {
  const grantor = grantorOf(ctx.user);
  const why = targetRefusals(grantor, target.state)[0];
  return presentDetail(target, {
    self: target.id === ctx.user.id,
    refusal: why ? userAccessMessage(why) : null,
    grantor,
    market: ctx.market,
    dtOptions: await distributorsOf(q, grantor.markets, grantor.dtCodes),
  });
}

/** The fields that differ, before and after (for the audit entry). */
function changedFields(before: UserAccessState, after: UserAccessState) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof UserAccessState)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { was, now, changed: Object.keys(now).length > 0 };
}

export const userAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'userAccess',
    table: userAccessTable,
    query: userAccessQuerySchema,
    page: userAccessPageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertUserAccess,
    list: [
      {
        path: `${USER_ACCESS_API}/list`,
        summary: 'User Access: a page of the market’s users',
        filters: false,
      },
      {
        path: `${USER_ACCESS_API}/filterResult`,
        summary: 'User Access: a page of the market’s users matching the search and filters',
        filters: true,
      },
    ],
    export: {
      path: `${USER_ACCESS_API}/fileExport`,
      summary: 'User Access: Export, the filtered users as a CSV or XLSX file, streamed',
      fileName: (market) => `user-access_${market}`,
      sheetName: 'User Access',
    },
    filterOptions: {
      path: `${USER_ACCESS_API}/filters`,
      summary: 'User Access: the DT codes the caller may filter users by',
    },
  });

  registerAdminRead(app, {
    path: `${USER_ACCESS_API}/user`,
    tag: TAG,
    summary: 'User Access: one user’s access, what the caller may do with it and what they may grant',
    description:
      `${ACCESS_TEXT} 404 for a user the list would not show. can.edit is false (with refusal saying why) ` +
      'for a user who also holds a market the caller does not. grantor, roles and dtOptions are what the ' +
      'edit panel may offer.',
    query: userAccessUserQuerySchema,
    response: userAccessDetailSchema,
    authorize: assertUserAccess,
    read: async (ctx) =>
      detail(ctx, ctx.db, await visibleTarget(ctx.db, ctx.user, ctx.market, ctx.query.userId)),
  });

  const tool = 'userAccess';
  const authorize: AuthorizeChange = (q, user, market) => assertUserAccess(q, user, market, 'edit');

  registerAdminChange(app, {
    method: 'PUT',
    path: USER_ACCESS_API,
    tool,
    tag: TAG,
    summary: 'User Access: change a user’s role, access flags, admin right, DT codes, BSAs and markets',
    description:
      `${ACCESS_TEXT} The fields given change; the others stay. ${RULES_TEXT} One transaction: the change, ` +
      `one audit entry ('${USER_ACCESS_ACTIONS.update}', before and after of the changed fields, target ` +
      'the user’s email) and a data-version bump. The user’s next request sees the new access. Answers ' +
      'the user as GET …/user does.',
    body: updateUserAccessSchema,
    response: userAccessDetailSchema,
    authorize,
    run: async (tx, ctx) => {
      const body = ctx.body;
      const target = await visibleTarget(tx, ctx.user, ctx.market, body.userId, true);
      const before = target.state;
      const after: UserAccessState = {
        role: (body.role ?? before.role).trim(),
        accessToUcube: body.accessToUcube ?? before.accessToUcube,
        accessToOperationalDashboards:
          body.accessToOperationalDashboards ?? before.accessToOperationalDashboards,
        isAdmin: body.isAdmin ?? before.isAdmin,
        isSuperUser: body.isSuperUser ?? before.isSuperUser,
        dtAccessCodes: body.dtAccessCodes ? normaliseDtCodes(body.dtAccessCodes) : before.dtAccessCodes,
        bsa: body.bsa ? [...new Set(body.bsa.map((b) => b.trim()))] : before.bsa,
        markets: body.markets ? [...new Set(body.markets)] : before.markets,
      };
      const refusals = userAccessRefusals(grantorOf(ctx.user), before, after, {
        self: target.id === ctx.user.id,
      });
      if (refusals.length === 0 && body.dtAccessCodes) {
        for (const code of await unknownDtCodes(tx, after.dtAccessCodes, after.markets)) {
          refusals.push({ field: 'dtAccessCodes', code: 'DT_UNKNOWN', params: { code } });
        }
      }
      if (refusals.length > 0) throw refused(refusals);
      const { was, now, changed } = changedFields(before, after);
      const saved = { id: target.id, market: after.markets[0]! };
      if (!changed) return unchanged(saved);
      await writeAccess(tx, target, after, ctx.clock.now());
      return audited(saved, {
        action: USER_ACCESS_ACTIONS.update,
        target: target.email,
        before: was,
        after: now,
      });
    },
    answer: async (tx, ctx, saved: { id: string; market: CountryCode }) =>
      detail(
        ctx,
        tx,
        // The user left the market the caller acts in (markets changed): answer the last known state.
        ((await findTarget(tx, saved.id, saved.market)) ?? (await findTarget(tx, saved.id, ctx.market)))!,
      ),
  });

  const ACTIONS = [
    {
      path: 'deactivate',
      action: USER_ACCESS_ACTIONS.deactivate,
      summary: 'User Access: deactivate a user (every open session ends at once)',
      description:
        'The user’s status becomes disabled: sign-in is refused and every open session ends now (its next ' +
        'call is answered SESSION_ENDED, refresh tokens revoked). Deactivating a deactivated user changes nothing.',
    },
    {
      path: 'reactivate',
      action: USER_ACCESS_ACTIONS.reactivate,
      summary: 'User Access: reactivate a deactivated user',
      description:
        'The user may sign in again (status active, or invited when they never chose a password). Sessions ' +
        'ended by the deactivation stay ended.',
    },
    {
      path: 'endSessions',
      action: USER_ACCESS_ACTIONS.endSessions,
      summary: 'User Access: end every open session of a user',
      description:
        'Each open device session ends now (the next call with it is answered SESSION_ENDED; its refresh ' +
        'tokens are revoked); the user may sign in again.',
    },
  ] as const;

  for (const def of ACTIONS) {
    registerAdminChange(app, {
      method: 'POST',
      path: `${USER_ACCESS_API}/${def.path}`,
      tool,
      tag: TAG,
      summary: def.summary,
      description:
        `${ACCESS_TEXT} ${def.description} The user must be one the caller may edit (403 naming why), ` +
        `never the caller (403: '${USER_ACCESS_MESSAGES.SELF_ACTION}'). One transaction with an audit entry ` +
        `('${def.action}', target the user’s email) and a data-version bump when something changed.`,
      body: userActionSchema,
      response: userActionResultSchema,
      authorize,
      run: async (tx, ctx) => {
        const target = await visibleTarget(tx, ctx.user, ctx.market, ctx.body.userId, true);
        const refusals = targetRefusals(grantorOf(ctx.user), target.state);
        if (target.id === ctx.user.id) refusals.push({ field: 'user', code: 'SELF_ACTION' });
        if (refusals.length > 0) throw refused(refusals);
        const now = ctx.clock.now();
        let ended = 0;
        let changed = false;
        if (def.path === 'deactivate' && target.status !== 'disabled') {
          ended = await deactivate(tx, target, ctx.user, now);
          changed = true;
        } else if (def.path === 'reactivate' && target.status === 'disabled') {
          await reactivate(tx, target, now);
          changed = true;
        } else if (def.path === 'endSessions') {
          ended = await endSessionsOf(tx, target, now);
          changed = ended > 0;
        }
        const result = { id: target.id, ended };
        if (!changed) return unchanged(result);
        const after = await findTarget(tx, target.id, ctx.market);
        return audited(result, {
          action: def.action,
          target: target.email,
          before: { status: target.status, activeSessions: target.activeSessions },
          after: { status: after?.status ?? target.status, endedSessions: ended },
        });
      },
      answer: async (tx, ctx, { id, ended }: { id: string; ended: number }) => ({
        ...(await detail(ctx, tx, (await findTarget(tx, id, ctx.market))!)),
        endedSessions: ended,
      }),
    });
  }
};
