import { z } from 'zod';
import { apiErrorSchema, envelopeSchema } from '@fieldforce/contracts';

const errorEnvelope = z.object({
  statusCode: z.number().int(),
  'response-data': z.null(),
  statusMessage: z.string(),
  errors: apiErrorSchema,
});

/** The response schemas of one route: the success envelope plus the error envelopes it may send. */
export function envelopeResponses<T extends z.ZodType>(data: T, errorStatuses: number[] = []) {
  const responses: Record<number, z.ZodType> = { 200: envelopeSchema(data) };
  for (const status of [400, 401, 403, 404, 500, ...errorStatuses]) responses[status] = errorEnvelope;
  return responses;
}
