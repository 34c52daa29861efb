import { EXPORT_LIMIT_MESSAGES, LOGIN_MESSAGES, SERVER_MESSAGES } from '@fieldforce/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from './api-client';
import { translate, type MessageKey } from './i18n';
import { apiErrorMessages, errorMessage, translateServerMessage } from './server-messages';

const vi = (key: MessageKey, vars?: Record<string, string | number>) => translate('vi', key, vars);
const en = (key: MessageKey, vars?: Record<string, string | number>) => translate('en', key, vars);

const refused = (status: number, code: string, shortDescription: string, fields: ApiError['fields'] = []) =>
  new ApiError({ status, code, shortDescription, fields });

describe('server messages in the interface language', () => {
  it('translates the sign-in messages, the password warning and the lockout wait', () => {
    expect(translateServerMessage(LOGIN_MESSAGES.invalidCredentials, vi)).toBe(vi('msg.invalidCredentials'));
    expect(translateServerMessage(LOGIN_MESSAGES.passwordExpiryWarning(3), vi)).toBe(
      vi('msg.passwordExpiryWarning', { days: 3 }),
    );
    expect(translateServerMessage(LOGIN_MESSAGES.tooManyAttempts(42), vi)).toBe(
      'Quá nhiều lần thử. Vui lòng thử lại sau 42 giây.',
    );
    expect(translateServerMessage(LOGIN_MESSAGES.tooManyAttempts(1), en)).toBe(
      'Too many attempts. Please try again in 1 s.',
    );
  });

  it('says which download limit refused an export (429), in Vietnamese', () => {
    expect(errorMessage(refused(429, 'RATE_LIMITED', EXPORT_LIMIT_MESSAGES.perUser), vi)).toBe(
      vi('download.userLimit', { count: 2 }),
    );
    expect(errorMessage(refused(429, 'RATE_LIMITED', EXPORT_LIMIT_MESSAGES.total), vi)).toBe(
      vi('download.serverLimit'),
    );
    // The per-IP limiter's own wording ("in 1 minute") has no number of seconds: the generic words.
    expect(
      errorMessage(refused(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 1 minute.'), vi),
    ).toBe(vi('msg.rateLimited'));
  });

  it('translates a refused field by its message: authenticator change, password rules', () => {
    const currentCode = refused(
      400,
      'VALIDATION_FAILED',
      'body.currentCode: is required: a code from your current authenticator app',
      [{ field: 'body.currentCode', message: 'is required: a code from your current authenticator app' }],
    );
    expect(errorMessage(currentCode, vi)).toBe(vi('msg.field.currentCodeRequired'));
    const wrongCode = refused(400, 'VALIDATION_FAILED', `body.currentCode: ${LOGIN_MESSAGES.invalidCode}`, [
      { field: 'body.currentCode', message: LOGIN_MESSAGES.invalidCode },
    ]);
    expect(errorMessage(wrongCode, vi)).toBe(vi('msg.invalidCode'));
    const short = refused(400, 'VALIDATION_FAILED', 'body.newPassword: must be at least 8 characters', [
      { field: 'body.newPassword', message: 'must be at least 8 characters' },
    ]);
    expect(errorMessage(short, vi)).toBe('Mật khẩu phải có ít nhất 8 ký tự.');
    const notCurrent = refused(
      400,
      'VALIDATION_FAILED',
      'body.currentPassword: is not your current password',
      [{ field: 'body.currentPassword', message: 'is not your current password' }],
    );
    expect(errorMessage(notCurrent, en)).toBe('That is not your current password.');
  });

  it('gives a refused input it does not know (a NUL character) the generic words of its code', () => {
    const nul = refused(400, 'VALIDATION_FAILED', 'body.email: must not contain the NUL character (U+0000)', [
      { field: 'body.email', message: 'must not contain the NUL character (U+0000)' },
    ]);
    expect(errorMessage(nul, vi)).toBe(vi('msg.invalidInput'));
    expect(errorMessage(nul, en)).toBe(en('msg.invalidInput'));
  });

  it('translates scope and market refusals, and never shows an unknown English sentence in vi', () => {
    expect(errorMessage(refused(403, 'FORBIDDEN', 'That salesperson is outside your scope.'), vi)).toBe(
      vi('msg.outsideScope'),
    );
    expect(errorMessage(refused(403, 'FORBIDDEN', 'You do not have access to this market.'), vi)).toBe(
      vi('msg.noMarketAccess'),
    );
    expect(errorMessage(refused(403, 'FORBIDDEN', 'Some new refusal nobody translated.'), vi)).toBe(
      vi('msg.forbidden'),
    );
    expect(errorMessage(refused(404, 'NOT_FOUND', 'User was not found.'), vi)).toBe(vi('msg.notFound'));
    expect(errorMessage(refused(401, 'UNAUTHENTICATED', 'Please login to continue.'), vi)).toBe(
      vi('msg.sessionEnded'),
    );
  });

  it("lists each of a report's refused fields in Vietnamese, with the rule's numbers", () => {
    const report = refused(
      400,
      'VALIDATION_FAILED',
      'querystring.to: Choose at most 90 days (this range has 120).',
      [
        { field: 'querystring.to', message: 'Choose at most 90 days (this range has 120).' },
        {
          field: 'querystring.customerCode',
          message: 'Customer Code: Search up to 50 comma-separated values at a time.',
        },
        { field: 'querystring.sort', message: 'Sort by one of: a, b (prefix - for descending).' },
      ],
    );
    expect(apiErrorMessages(report, vi)).toEqual([
      vi('dateRange.rule.maxDays', { max: 90, days: 120 }),
      vi('reports.search.tooMany', { max: 50 }),
      vi('msg.invalidInput'),
    ]);
  });

  it('keeps the network and server-failure words', () => {
    expect(errorMessage(refused(0, CLIENT_ERROR_CODES.network, 'Network Error'), vi)).toBe(vi('msg.network'));
    expect(errorMessage(refused(500, 'INTERNAL_ERROR', 'Internal error'), vi)).toBe(vi('msg.tryAgain'));
    expect(errorMessage(new Error('x'), vi)).toBe(vi('msg.tryAgain'));
  });
});

describe('server messages by code', () => {
  const coded = (
    status: number,
    code: string,
    messageCode: string,
    params?: Record<string, string | number>,
  ) =>
    new ApiError({
      status,
      code,
      shortDescription: 'English text the web no longer reads',
      messageCode,
      params,
    });

  it('translates by the message code and fills in its parameters, whatever the English text says', () => {
    expect(errorMessage(coded(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials'), vi)).toBe(
      vi('msg.invalidCredentials'),
    );
    expect(errorMessage(coded(429, 'RATE_LIMITED', 'auth.tooManyAttempts', { seconds: 42 }), vi)).toBe(
      'Quá nhiều lần thử. Vui lòng thử lại sau 42 giây.',
    );
    expect(errorMessage(coded(429, 'RATE_LIMITED', 'export.perUserLimit', { count: 3 }), vi)).toBe(
      vi('download.userLimit', { count: 3 }),
    );
    expect(errorMessage(coded(403, 'FORBIDDEN', 'ucube.teamOutsideScope'), vi)).toBe(vi('msg.outsideScope'));
    expect(apiErrorMessages(coded(400, 'VALIDATION_FAILED', 'reports.sortingOff'), vi)).toEqual([
      vi('reports.sortingOff'),
    ]);
  });

  it('every coded server message has a Vietnamese translation', () => {
    for (const messageCode of Object.keys(SERVER_MESSAGES)) {
      const text = errorMessage(coded(400, 'VALIDATION_FAILED', messageCode, { seconds: 5, count: 2 }), vi);
      expect(text, messageCode).not.toBe('English text the web no longer reads');
      expect(text, messageCode).not.toBe(vi('msg.tryAgain'));
    }
  });

  it('falls back to the English text when the code is unknown to this build, and to it alone without a code', () => {
    const unknown = new ApiError({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      shortDescription: LOGIN_MESSAGES.invalidCredentials,
      messageCode: 'auth.somethingNewer',
    });
    expect(errorMessage(unknown, vi)).toBe(vi('msg.invalidCredentials'));
    expect(errorMessage(refused(401, 'INVALID_CREDENTIALS', LOGIN_MESSAGES.invalidCredentials), vi)).toBe(
      vi('msg.invalidCredentials'),
    );
  });
});
