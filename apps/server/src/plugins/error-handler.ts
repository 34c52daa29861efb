import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail, type FieldError } from '@fieldforce/contracts';
import { AppError } from '../lib/errors.js';
import type { Socket } from 'node:net';
import { applySecurityHeaders, HSTS, SECURITY_HEADERS, type HeaderConfig } from './security-headers.js';

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
        .send(fail(error.statusCode, error.code, error.shortDescription, error.fields, error.codedMessage));
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

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a URL that does not
 * decode, such as `/%c0%ae`; a path parameter over the length limit; a failed route constraint).
 * Answered in the envelope with the security headers, like every other answer.
 */
export function frameworkErrorHandler(config: HeaderConfig) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    applySecurityHeaders(request, reply, config);
    reply.header('cache-control', 'no-store');
    let envelope;
    if (error.code === 'FST_ERR_BAD_URL') {
      envelope = fail(400, 'VALIDATION_FAILED', 'The address is not a valid URL (it does not decode).');
    } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      envelope = fail(414, 'VALIDATION_FAILED', 'A part of the address is too long.');
    } else {
      request.log.error({ err: error }, 'router error');
      envelope = fail(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again after sometime');
    }
    void reply
      .status(envelope.statusCode)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(envelope));
  };
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them (a
 * header with a control character, a malformed request line, headers too large, too slow). Written
 * straight to the socket, still as the envelope with the security headers.
 */
export function clientErrorHandler(config: HeaderConfig) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, code, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'PAYLOAD_TOO_LARGE', 'The request headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'VALIDATION_FAILED', 'The request did not arrive in time.']
          : [400, 'Bad Request', 'VALIDATION_FAILED', 'The request is malformed.'];
    this.log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(fail(status, code, message));
      const headers: Record<string, string | number> = {
        ...SECURITY_HEADERS,
        ...(config.NODE_ENV === 'production' ? { 'strict-transport-security': HSTS } : {}),
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}
