/**
 * Input hygiene for every request, before authentication and validation: a NUL character (U+0000)
 * anywhere in the query string, the path parameters, a header value or a JSON body string (values and
 * keys, at any depth) is answered 400 in the envelope, naming the field (`querystring.dtCode`,
 * `body.deviceId`, `params.reportKey`, `headers.user-agent`). PostgreSQL cannot store U+0000 in text
 * and fails the query, so without this one place every input that reaches SQL would be a 500.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import type { FieldError } from '@fieldforce/contracts';

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** Visible form of a key that itself holds a NUL, for the field name. */
const shown = (key: string) => key.replaceAll('\u0000', '\\u0000');

/** Appends the path of every string (value or key) under `value` that holds a NUL. */
function collect(value: unknown, path: string, found: string[], depth = 0): void {
  if (found.length >= 10 || depth > 64) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collect(item, `${path}.${index}`, found, depth + 1));
    return;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const field = `${path}.${shown(key)}`;
      if (key.includes('\u0000')) found.push(field);
      else collect(item, field, found, depth + 1);
    }
  }
}

/**
 * Whether `collect` would find anything, without building a field name: the walk every clean body
 * takes (the same strings, keys and depth limit), so the names are made only for a body refused.
 */
function holdsNul(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) if (holdsNul(value[i], depth + 1)) return true;
    return false;
  }
  if (Buffer.isBuffer(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key.includes('\u0000') || holdsNul(record[key], depth + 1)) return true;
  }
  return false;
}

/** Query arrays (`?a=1&a=2`) name the parameter, not its position. */
function collectFlat(source: unknown, where: string, found: string[]): void {
  if (!source || typeof source !== 'object') return;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    const field = `${where}.${shown(key)}`;
    const values = Array.isArray(value) ? value : [value];
    if (key.includes('\u0000') || values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      found.push(field);
    }
  }
}

function refuse(found: string[]): AppError {
  const fields: FieldError[] = found.map((field) => ({ field, message: NUL_MESSAGE }));
  return new AppError('VALIDATION_FAILED', `${found[0]}: ${NUL_MESSAGE}`, fields);
}

/** The fields of a request's URL and headers that hold a NUL. */
function nulFieldsBeforeBody(request: FastifyRequest): string[] {
  const found: string[] = [];
  collectFlat(request.query, 'querystring', found);
  collectFlat(request.params, 'params', found);
  collectFlat(request.headers, 'headers', found);
  return found;
}

export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  // onRequest: before the auth hook reads the token, the market header and the query.
  app.addHook('onRequest', async (request) => {
    const found = nulFieldsBeforeBody(request);
    if (found.length > 0) throw refuse(found);
  });
  // preValidation: the body is parsed by now, and no handler or schema has seen it yet.
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body === undefined || body === null || !holdsNul(body)) return;
    const found: string[] = [];
    collect(body, 'body', found);
    if (found.length > 0) throw refuse(found);
  });
});
