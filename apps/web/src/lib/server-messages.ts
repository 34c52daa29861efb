import {
  EXPORT_LIMIT_MESSAGES,
  EXPORT_LIMITS,
  isServerMessageCode,
  LOGIN_MESSAGES,
  type ServerMessageCode,
} from '@fieldforce/contracts';
import { CLIENT_ERROR_CODES, isApiError, type ApiError } from './api-client';
import type { MessageKey, Translate } from './i18n';

/**
 * A coded server message (`errors.messageCode`, contracts' SERVER_MESSAGES) and its translated key; the
 * message's `params` fill the key's placeholders. Every code must have a line (the type says so).
 */
const BY_MESSAGE_CODE: Record<ServerMessageCode, MessageKey> = {
  'auth.invalidCredentials': 'msg.invalidCredentials',
  'auth.invalidCode': 'msg.invalidCode',
  'auth.tooManyAttempts': 'msg.waitSeconds',
  'auth.sessionEnded': 'msg.sessionEnded',
  'auth.sessionEvicted': 'msg.maxDevices',
  'auth.signedOutRemotely': 'msg.signedOut',
  'auth.passwordExpired': 'msg.passwordExpired',
  'auth.loginRequired': 'msg.sessionEnded',
  'auth.refreshTokenInvalid': 'msg.sessionEnded',
  'auth.refreshTokenMissing': 'msg.sessionEnded',
  'auth.ssoUnavailable': 'msg.ssoUnavailable',
  'auth.noMarketAccess': 'msg.noMarketAccess',
  'ucube.noHierarchyPlace': 'msg.noHierarchyPlace',
  'ucube.teamOutsideScope': 'msg.outsideScope',
  'ucube.salespersonOutsideScope': 'msg.outsideScope',
  'ucube.distributorOutsideScope': 'msg.outsideScope',
  'ucube.ownTeamOnly': 'msg.outsideScope',
  'reports.sortingOff': 'reports.sortingOff',
  'reports.downloadsOff': 'config.downloadsOff',
  'export.perUserLimit': 'download.userLimit',
  'export.totalLimit': 'download.serverLimit',
};

/** A coded message in the interface language, or undefined when the code is unknown to this build. */
function codedMessage(error: ApiError, t: Translate): string | undefined {
  if (!isServerMessageCode(error.messageCode)) return undefined;
  return t(BY_MESSAGE_CODE[error.messageCode], { count: EXPORT_LIMITS.perUser, ...error.params });
}

/**
 * Answers without a code (older servers, messages not yet coded) are translated by their English text:
 * every message the server sends that a user can see (English, @fieldforce/contracts and the
 * server's AppError texts) and its translated key. The API keeps English; the screen translates.
 */
const KNOWN: ReadonlyArray<[string, MessageKey]> = [
  [LOGIN_MESSAGES.invalidCredentials, 'msg.invalidCredentials'],
  [LOGIN_MESSAGES.maxDevices, 'msg.maxDevices'],
  [LOGIN_MESSAGES.passwordExpired, 'msg.passwordExpired'],
  [LOGIN_MESSAGES.enrolmentExpiry, 'msg.enrolmentExpiry'],
  [LOGIN_MESSAGES.sessionEnded, 'msg.sessionEnded'],
  [LOGIN_MESSAGES.signedOut, 'msg.signedOut'],
  [LOGIN_MESSAGES.invalidCode, 'msg.invalidCode'],
  [LOGIN_MESSAGES.codeSent, 'msg.codeSent'],
  [LOGIN_MESSAGES.genericFailure, 'msg.genericFailure'],
  [EXPORT_LIMIT_MESSAGES.perUser, 'download.userLimit'],
  [EXPORT_LIMIT_MESSAGES.total, 'download.serverLimit'],
  ['Please login to continue.', 'msg.sessionEnded'],
  ['The refresh token is not valid. Please login again.', 'msg.sessionEnded'],
  ['No refresh token was sent. Please login again.', 'msg.sessionEnded'],
  ['You do not have access to this market.', 'msg.noMarketAccess'],
  ['You have no place in this market’s sales hierarchy.', 'msg.noHierarchyPlace'],
  ['That team is outside your scope.', 'msg.outsideScope'],
  ['That salesperson is outside your scope.', 'msg.outsideScope'],
  ['That distributor is outside your scope.', 'msg.outsideScope'],
  ['You can only read your own team.', 'msg.outsideScope'],
  ['Single sign-on is not configured.', 'msg.ssoUnavailable'],
];

/**
 * The message of a field the server refused (`errors.fields[].message`), by its English text; a
 * pattern's numbers become the message's placeholders, in order.
 */
const FIELD_MESSAGES: ReadonlyArray<[string | RegExp, MessageKey, ...string[]]> = [
  [LOGIN_MESSAGES.invalidCode, 'msg.invalidCode'],
  ['is not your current password', 'msg.field.notCurrentPassword'],
  ['must differ from the current password', 'msg.field.sameAsCurrent'],
  ['this account has no password; use forgot password', 'msg.field.noPassword'],
  ['is required: a code from your current authenticator app', 'msg.field.currentCodeRequired'],
  ['The email or invitation code is not valid.', 'msg.field.invitationInvalid'],
  ['is too common; choose a password that is harder to guess', 'msg.field.passwordCommon'],
  ['must not be your email address', 'msg.field.passwordIsEmail'],
  [/^must be at least (\d+) characters$/, 'msg.field.passwordMin', 'count'],
  [/^must be at most (\d+) characters$/, 'msg.field.passwordMax', 'count'],
  ['Sorting by column is turned off in this market.', 'reports.sortingOff'],
  // Report date ranges and searches (contracts/reports.ts), the same words as the screen's own checks.
  ['is required for this report (YYYY-MM-DD).', 'dateRange.rule.format'],
  ['Dates must be real dates written YYYY-MM-DD.', 'dateRange.rule.format'],
  ['The start date must be on or before the end date.', 'dateRange.rule.order'],
  ['Data is available from 01-Oct-23 only.', 'dateRange.rule.dataStart'],
  [/^Choose at most (\d+) days \(this range has (\d+)\)\.$/, 'dateRange.rule.maxDays', 'max', 'days'],
  ['The end date cannot be in the future.', 'dateRange.rule.future'],
  [/Search up to (\d+) comma-separated values at a time\.$/, 'reports.search.tooMany', 'max'],
];

const EXPIRY_WARNING = /^Your password will expire soon\. Please reset it within (\d+) days?\.$/;
const WAIT = /^Too many attempts\. Please try again in (\d+) seconds?\.$/;

/** A message from the server in the interface language when it is one we know, else as sent. */
export function translateServerMessage(message: string, t: Translate): string {
  const known = KNOWN.find(([text]) => text === message);
  if (known) return t(known[1], { count: EXPORT_LIMITS.perUser });
  const warning = EXPIRY_WARNING.exec(message);
  if (warning) return t('msg.passwordExpiryWarning', { days: Number(warning[1]) });
  const wait = WAIT.exec(message);
  if (wait) return t('msg.waitSeconds', { seconds: Number(wait[1]) });
  return message;
}

function fieldMessage(message: string, t: Translate): string | undefined {
  for (const [text, key, ...names] of FIELD_MESSAGES) {
    if (typeof text === 'string') {
      if (text === message) return t(key);
      continue;
    }
    const match = text.exec(message);
    if (match) return t(key, Object.fromEntries(names.map((name, i) => [name, Number(match[i + 1])])));
  }
  return undefined;
}

/** The generic words of an error code, when the message itself is not one we know. */
const BY_CODE: Partial<Record<string, MessageKey>> = {
  VALIDATION_FAILED: 'msg.invalidInput',
  FORBIDDEN: 'msg.forbidden',
  NOT_FOUND: 'msg.notFound',
  CONFLICT: 'msg.tryAgain',
  PAYLOAD_TOO_LARGE: 'msg.invalidInput',
  UNSUPPORTED_MEDIA_TYPE: 'msg.invalidInput',
  RATE_LIMITED: 'msg.rateLimited',
  UNAUTHENTICATED: 'msg.sessionEnded',
  INVALID_REFRESH_TOKEN: 'msg.sessionEnded',
  SESSION_ENDED: 'msg.sessionEnded',
  INVALID_CREDENTIALS: 'msg.invalidCredentials',
  INVALID_MFA_CODE: 'msg.invalidCode',
  PASSWORD_EXPIRED: 'msg.passwordExpired',
};

/**
 * A refused call in the interface language: the message when we know it, else a refused field's
 * message, else the words of the error code (a NUL byte in a field, an unknown field rule), so no
 * English reaches a Vietnamese screen.
 */
export function translateApiError(error: ApiError, t: Translate): string {
  const byCode = codedMessage(error, t);
  if (byCode) return byCode;
  const whole = translateServerMessage(error.shortDescription, t);
  if (whole !== error.shortDescription) return whole;
  for (const field of error.fields) {
    const text = fieldMessage(field.message, t);
    if (text) return text;
  }
  return codeMessage(error, t);
}

function codeMessage(error: ApiError, t: Translate): string {
  const key = BY_CODE[error.code];
  return key ? t(key) : t('msg.tryAgain');
}

/**
 * Every reason a refused call gives (a report's 400 can name several fields), each in the interface
 * language; a reason with no translation gives the words of the error code once.
 */
export function apiErrorMessages(error: ApiError, t: Translate): string[] {
  const byCode = codedMessage(error, t);
  if (byCode) return [byCode];
  const whole = translateServerMessage(error.shortDescription, t);
  const messages =
    error.fields.length > 0
      ? error.fields.map((field) => fieldMessage(field.message, t) ?? codeMessage(error, t))
      : [whole !== error.shortDescription ? whole : translateApiError(error, t)];
  return messages.filter((m, i, all) => all.indexOf(m) === i);
}

/** What to tell the user about a failed call. */
export function errorMessage(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('msg.tryAgain');
  if (error.code === CLIENT_ERROR_CODES.network) return t('msg.network');
  if (error.status >= 500 || error.code === CLIENT_ERROR_CODES.notJson) return t('msg.tryAgain');
  return translateApiError(error, t);
}
