import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, ok } from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError } from '../../lib/errors.js';
import { schemaVersion } from '../../db/migrate.js';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database facts',
        description: 'Public. Answers 200 when the database answers, 503 otherwise.',
        response: envelopeResponses(healthSchema, [503]),
      },
      config: { access: { public: true } },
    },
    async () => {
      const version = await schemaVersion(app.db).catch((error: unknown) => {
        app.log.error({ err: error }, 'health check: database did not answer');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering.');
      });
      return ok({
        status: 'ok' as const,
        database: app.db.kind,
        schemaVersion: version,
        version: app.appVersion,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );
};
