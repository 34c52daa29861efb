import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, ok } from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError } from '../../lib/errors.js';
import { schemaVersion } from '../../db/migrate.js';
import { FolderFileStore } from '../../lib/file-store.js';

const startedAt = Date.now();

/** How long each readiness check may take before the process counts as not ready. */
const READY_CHECK_MS = 2_000;

const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  files: z.enum(['folder', 'object storage']),
  schemaVersion: z.number().int(),
});

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

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

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness, for a load balancer',
        description:
          'Public. 200 when this process can serve: the database and the file store (the bucket, when ' +
          'S3_URL is set) each answer within 2 s; 503 otherwise. From SIGTERM on the process accepts no new ' +
          'connection (the check fails at once) and finishes the requests in flight (docs/deployment.md).',
        response: envelopeResponses(readySchema, [503]),
      },
      config: { access: { public: true } },
    },
    async () => {
      const version = await within(READY_CHECK_MS, schemaVersion(app.db)).catch((error: unknown) => {
        app.log.warn({ err: error }, 'readiness: the database did not answer');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering.');
      });
      const check = app.files.check?.bind(app.files);
      if (check) {
        await within(READY_CHECK_MS, check()).catch((error: unknown) => {
          app.log.warn({ err: error }, 'readiness: the file store did not answer');
          throw new AppError('SERVICE_UNAVAILABLE', 'The file store is not answering.');
        });
      }
      return ok({
        status: 'ready' as const,
        database: app.db.kind,
        files: app.files instanceof FolderFileStore ? ('folder' as const) : ('object storage' as const),
        schemaVersion: version,
      });
    },
  );
};
