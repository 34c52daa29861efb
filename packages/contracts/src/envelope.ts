import { z } from 'zod';

/** Machine-readable error codes. The HTTP status for each lives in ERROR_STATUS. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_ID_TOKEN',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'INVALID_MFA_CODE',
  'SESSION_ENDED',
  'FORBIDDEN',
  'PASSWORD_EXPIRED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_ID_TOKEN: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  INVALID_MFA_CODE: 401,
  SESSION_ENDED: 401,
  FORBIDDEN: 403,
  PASSWORD_EXPIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  code: z.string(),
  shortDescription: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /** The message's stable code (server-messages.ts), when it has one: the web translates by it. */
  messageCode: z.string().optional(),
  /** The values the coded message fills in. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The spec's envelope: every answer, success or failure, has exactly these four keys. */
export interface Envelope<T> {
  statusCode: number;
  'response-data': T;
  statusMessage: string;
  errors: ApiError | null;
}

export const SUCCESS_MESSAGE = 'SUCCESS';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    'response-data': data,
    statusMessage: z.string(),
    errors: apiErrorSchema.nullable(),
  });
}

export const errorEnvelopeSchema = envelopeSchema(z.null());

export function ok<T>(data: T, statusCode = 200): Envelope<T> {
  return { statusCode, 'response-data': data, statusMessage: SUCCESS_MESSAGE, errors: null };
}

/** A coded message (server-messages.ts): its code and the values it fills in. */
export interface ErrorMessageCode {
  messageCode: string;
  params?: Record<string, string | number>;
}

export function fail(
  statusCode: number,
  code: string,
  shortDescription: string,
  fields?: FieldError[],
  message?: ErrorMessageCode,
): Envelope<null> {
  const errors: ApiError = { code, shortDescription };
  if (fields && fields.length > 0) errors.fields = fields;
  if (message) {
    errors.messageCode = message.messageCode;
    if (message.params && Object.keys(message.params).length > 0) errors.params = message.params;
  }
  return { statusCode, 'response-data': null, statusMessage: code, errors };
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'statusCode' in value &&
    'response-data' in value &&
    'statusMessage' in value &&
    'errors' in value
  );
}
