/**
 * The edit panel's pure rules (User Access): the change between the saved access and the panel's,
 * as the PUT body (only the changed fields) and as lines for the confirmation; what may be offered
 * follows contracts' userAccessRefusals, the rule the server enforces.
 */
import {
  ALL_DT_ACCESS,
  normaliseDtCodes,
  userAccessRefusals,
  type UpdateUserAccess,
  type UserAccessDetail,
  type UserAccessRefusal,
  type UserAccessState,
} from '@fieldforce/contracts';

export type AccessField = keyof UserAccessState;

export const ACCESS_FIELDS: readonly AccessField[] = [
  'role',
  'accessToUcube',
  'accessToOperationalDashboards',
  'isAdmin',
  'isSuperUser',
  'dtAccessCodes',
  'bsa',
  'markets',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The state as the panel edits it, from the server's answer. */
export function stateOf(detail: UserAccessDetail): UserAccessState {
  const u = detail.user;
  return {
    role: u.role,
    accessToUcube: u.accessToUcube,
    accessToOperationalDashboards: u.accessToOperationalDashboards,
    isAdmin: u.isAdmin,
    isSuperUser: u.isSuperUser,
    dtAccessCodes: u.dtAccessCodes,
    bsa: u.bsa,
    markets: u.markets,
  };
}

/** The fields that differ, normalised as the server stores them. */
export function changedFields(before: UserAccessState, after: UserAccessState): AccessField[] {
  const a = { ...after, dtAccessCodes: normaliseDtCodes(after.dtAccessCodes) };
  const b = { ...before, dtAccessCodes: normaliseDtCodes(before.dtAccessCodes) };
  return ACCESS_FIELDS.filter((field) => !same(a[field], b[field]));
}

/** The PUT body: the user and only the changed fields. */
export function changeOf(userId: string, before: UserAccessState, after: UserAccessState): UpdateUserAccess {
  const change: UpdateUserAccess = { userId };
  for (const field of changedFields(before, after)) {
    const value = field === 'dtAccessCodes' ? normaliseDtCodes(after.dtAccessCodes) : after[field];
    (change as Record<string, unknown>)[field] = value;
  }
  return change;
}

/** Why Save would be refused (the server's rule, run before sending). */
export function panelRefusals(
  detail: UserAccessDetail,
  after: UserAccessState,
  selfId: string | null,
): UserAccessRefusal[] {
  return userAccessRefusals(detail.grantor, stateOf(detail), after, { self: detail.user.id === selfId });
}

/** Adds or removes one value, keeping the list's order (new values at the end). */
export function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? (list.includes(value) ? [...list] : [...list, value]) : list.filter((v) => v !== value);
}

/** A list's additions and removals, for the confirmation ("added X; removed Y"). */
export function listDelta(before: readonly string[], after: readonly string[]) {
  return {
    added: after.filter((v) => !before.includes(v)),
    removed: before.filter((v) => !after.includes(v)),
  };
}

/** The user's DT codes reach every distributor ('All (Super Access)' or none given). */
export const isAllDts = (codes: readonly string[]) => codes.length === 0 || codes.includes(ALL_DT_ACCESS);
