import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorEnvelopeSchema, fail, isEnvelope, ok, envelopeSchema } from './envelope.js';
import { z } from 'zod';

describe('envelope', () => {
  it('has exactly the four keys of the spec on success and failure', () => {
    expect(Object.keys(ok({ a: 1 })).sort()).toEqual([
      'errors',
      'response-data',
      'statusCode',
      'statusMessage',
    ]);
    expect(Object.keys(fail(400, 'VALIDATION_FAILED', 'x')).sort()).toEqual([
      'errors',
      'response-data',
      'statusCode',
      'statusMessage',
    ]);
  });

  it('marks success with SUCCESS and no errors', () => {
    expect(ok(1)).toEqual({ statusCode: 200, 'response-data': 1, statusMessage: 'SUCCESS', errors: null });
  });

  it('round-trips through its schema for any data and message', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.string(),
        fc.integer({ min: 400, max: 599 }),
        (data, message, status) => {
          expect(envelopeSchema(z.unknown()).safeParse(ok(data)).success).toBe(true);
          const failure = fail(status, 'SOME_CODE', message);
          expect(errorEnvelopeSchema.safeParse(failure).success).toBe(true);
          expect(isEnvelope(failure)).toBe(true);
          expect(failure.errors?.shortDescription).toBe(message);
        },
      ),
    );
  });

  it('lists field errors only when there are some', () => {
    expect(fail(400, 'VALIDATION_FAILED', 'x', []).errors).toEqual({
      code: 'VALIDATION_FAILED',
      shortDescription: 'x',
    });
    expect(
      fail(400, 'VALIDATION_FAILED', 'x', [{ field: 'body.email', message: 'required' }]).errors?.fields,
    ).toHaveLength(1);
  });
});
