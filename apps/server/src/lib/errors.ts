import {
  ERROR_STATUS,
  serverMessage,
  type ErrorMessageCode,
  type ErrorCode,
  type FieldError,
  type MessageParams,
  type ServerMessageCode,
} from '@fieldforce/contracts';

/**
 * The one error class of the server. The error handler turns it into the envelope. An error built with
 * `coded` (or given a `message`) also carries the message's stable code and parameters, which the web
 * translates; `shortDescription` keeps the English text for every other client.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messageCode?: ServerMessageCode;
  readonly params?: MessageParams;
  constructor(
    readonly code: ErrorCode,
    readonly shortDescription: string,
    readonly fields?: FieldError[],
    statusCode?: number,
    message?: { messageCode: ServerMessageCode; params?: MessageParams },
  ) {
    super(shortDescription);
    this.name = 'AppError';
    this.statusCode = statusCode ?? ERROR_STATUS[code];
    if (message) {
      this.messageCode = message.messageCode;
      if (message.params) this.params = message.params;
    }
  }

  /** What the envelope's `errors.messageCode` / `errors.params` carry, if the message has a code. */
  get codedMessage(): ErrorMessageCode | undefined {
    return this.messageCode ? { messageCode: this.messageCode, params: this.params } : undefined;
  }
}

/** An error whose text is the coded message's English (contracts' SERVER_MESSAGES). */
export function coded(code: ErrorCode, messageCode: ServerMessageCode, params?: MessageParams): AppError {
  return new AppError(code, serverMessage(messageCode, params), undefined, undefined, {
    messageCode,
    params,
  });
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (why = 'You do not have access to this.') => new AppError('FORBIDDEN', why);
export const badRequest = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);

/** A refused field whose message is coded: `field: text`, the field error, and the code. */
export function codedBadRequest(
  field: string,
  messageCode: ServerMessageCode,
  params?: MessageParams,
): AppError {
  const message = serverMessage(messageCode, params);
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }], undefined, {
    messageCode,
    params,
  });
}
