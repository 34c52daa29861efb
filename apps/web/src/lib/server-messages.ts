import { LOGIN_MESSAGES } from '@fieldforce/contracts';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';
import type { MessageKey, Translate } from './i18n';

/** The server's sign-in messages (English, @fieldforce/contracts) and their translated keys. */
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
];

const EXPIRY_WARNING = /^Your password will expire soon\. Please reset it within (\d+) days?\.$/;

/** A message from the server in the interface language when it is one we know, else as sent. */
export function translateServerMessage(message: string, t: Translate): string {
  const known = KNOWN.find(([text]) => text === message);
  if (known) return t(known[1]);
  const warning = EXPIRY_WARNING.exec(message);
  if (warning) return t('msg.passwordExpiryWarning', { days: Number(warning[1]) });
  return message;
}

/** What to tell the user about a failed call. */
export function errorMessage(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('msg.tryAgain');
  if (error.code === CLIENT_ERROR_CODES.network) return t('msg.network');
  if (error.status === 429) return t('msg.rateLimited');
  if (error.status >= 500 || error.code === CLIENT_ERROR_CODES.notJson) return t('msg.tryAgain');
  return translateServerMessage(error.shortDescription, t);
}
