import { ERROR_STATUS, type ErrorCode, type FieldError } from '@fieldforce/contracts';

/** The one error class of the server. The error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly shortDescription: string,
    readonly fields?: FieldError[],
    statusCode?: number,
  ) {
    super(shortDescription);
    this.name = 'AppError';
    this.statusCode = statusCode ?? ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (why = 'You do not have access to this.') => new AppError('FORBIDDEN', why);
export const badRequest = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
