import { LOGIN_MESSAGES } from './auth.js';
import { EXPORT_LIMIT_MESSAGES } from './export-limits.js';

/** The values a coded message fills in (a count of seconds, a limit). */
export type MessageParams = Record<string, string | number>;

/**
 * Every server error message that carries a code: the stable code (sent as `errors.messageCode`, with
 * `errors.params`) and its English text (sent as `errors.shortDescription`, unchanged). The web
 * translates by the code; the text stays for API clients and logs. Add a code here before throwing it;
 * never rename one (a web build in a browser may still know only the old name).
 */
export const SERVER_MESSAGES = {
  'auth.invalidCredentials': () => LOGIN_MESSAGES.invalidCredentials,
  'auth.invalidCode': () => LOGIN_MESSAGES.invalidCode,
  'auth.tooManyAttempts': (p: MessageParams) => LOGIN_MESSAGES.tooManyAttempts(Number(p['seconds'])),
  'auth.sessionEnded': () => LOGIN_MESSAGES.sessionEnded,
  'auth.sessionEvicted': () => LOGIN_MESSAGES.maxDevices,
  'auth.signedOutRemotely': () => LOGIN_MESSAGES.signedOut,
  'auth.passwordExpired': () => LOGIN_MESSAGES.passwordExpired,
  'auth.loginRequired': () => 'Please login to continue.',
  'auth.refreshTokenInvalid': () => 'The refresh token is not valid. Please login again.',
  'auth.refreshTokenMissing': () => 'No refresh token was sent. Please login again.',
  'auth.ssoUnavailable': () => 'Single sign-on is not configured.',
  'auth.noMarketAccess': () => 'You do not have access to this market.',
  'ucube.noHierarchyPlace': () => 'You have no place in this market’s sales hierarchy.',
  'ucube.teamOutsideScope': () => 'That team is outside your scope.',
  'ucube.salespersonOutsideScope': () => 'That salesperson is outside your scope.',
  'ucube.distributorOutsideScope': () => 'That distributor is outside your scope.',
  'ucube.ownTeamOnly': () => 'You can only read your own team.',
  'reports.sortingOff': () => 'Sorting by column is turned off in this market.',
  'reports.downloadsOff': (p: MessageParams) =>
    `Report downloads are turned off in ${String(p['market'])}: the market's DownloadReports setting is off. ` +
    'An admin of the market can turn it on in Admin configuration.',
  'export.perUserLimit': () => EXPORT_LIMIT_MESSAGES.perUser,
  'export.totalLimit': () => EXPORT_LIMIT_MESSAGES.total,
} as const satisfies Record<string, (params: MessageParams) => string>;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

export function isServerMessageCode(value: unknown): value is ServerMessageCode {
  return typeof value === 'string' && Object.hasOwn(SERVER_MESSAGES, value);
}

/** The English text of a coded message. */
export function serverMessage(code: ServerMessageCode, params: MessageParams = {}): string {
  return SERVER_MESSAGES[code](params);
}
