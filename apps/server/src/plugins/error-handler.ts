import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail, type FieldError } from '@fieldforce/contracts';
import { AppError } from '../lib/errors.js';

/** Field path of a validation issue: `body.email`, `query.countryCode`, `params.id`. */
function fieldName(
  context: string | undefined,
  instancePath: string,
  params: Record<string, unknown>,
): string {
  const parts = instancePath.split('/').filter(Boolean);
  const missing = typeof params['missingProperty'] === 'string' ? [params['missingProperty']] : [];
  const where = context ?? 'body';
  return [where, ...parts, ...missing].join('.');
}

/**
 * Every failure leaves as the spec's envelope. Known errors keep their message; anything else is a
 * 500 whose details stay in the log, never in the answer.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(fail(error.statusCode, error.code, error.shortDescription, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(
          error.validationContext,
          issue.instancePath,
          issue.params as Record<string, unknown>,
        ),
        message: issue.message ?? 'is invalid',
      }));
      const first = fields[0];
      const description = first ? `Invalid ${first.field}: ${first.message}` : 'The request is invalid.';
      return reply.status(400).send(fail(400, 'VALIDATION_FAILED', description, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply
        .status(500)
        .send(fail(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again after sometime'));
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): safe to explain.
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'VALIDATION_FAILED';
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : fastifyError.message;
      return reply.status(status).send(fail(status, code, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(fail(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again after sometime'));
  });
});
