import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, ok } from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError } from '../../lib/errors.js';
import { schemaVersion } from '../../db/migrate.js';
import { FolderFileStore } from '../../lib/file-store.js';

const startedAt = Date.now();

/**
 * How long the database may take to answer the readiness query. Generous on purpose: a server whose
 * pool is busy under load is still serving, and a balancer that takes every busy server out of
 * rotation at once turns a slow minute into an outage.
 */
const READY_DATABASE_MS = 5_000;
/** How long the file store may take before it is reported as not answering. */
const READY_FILES_MS = 2_000;

const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  files: z.enum(['folder', 'object storage']),
  /**
   * Whether the file store answered: reported, not required. The store is shared by every server, so
   * failing readiness on it would take them all out together and stop the screens that need no file
   * (dashboards, reports, sign-in); uploads and exports answer with their own technical-error message.
   */
  filesAnswering: z.boolean(),
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
          'Public. 200 when this process can serve: its database answers within 5 s (503 otherwise). The ' +
          'file store (the bucket, when S3_URL is set) is checked too and reported in filesAnswering, but ' +
          'does not fail readiness: it is shared by every server, and taking them all out of rotation would ' +
          'stop the screens that need no file. From SIGTERM on the process accepts no new connection (the ' +
          'check fails at once) and finishes the requests in flight (docs/deployment.md).',
        response: envelopeResponses(readySchema, [503]),
      },
      config: { access: { public: true } },
    },
    async () => {
      const check = app.files.check?.bind(app.files);
      const [version, filesAnswering] = await Promise.all([
        within(READY_DATABASE_MS, schemaVersion(app.db)).catch((error: unknown) => {
          app.log.warn({ err: error }, 'readiness: the database did not answer');
          throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering.');
        }),
        check
          ? within(READY_FILES_MS, check()).then(
              () => true,
              (error: unknown) => {
                app.log.warn({ err: error }, 'readiness: the file store did not answer');
                return false;
              },
            )
          : Promise.resolve(true),
      ]);
      return ok({
        status: 'ready' as const,
        database: app.db.kind,
        files: app.files instanceof FolderFileStore ? ('folder' as const) : ('object storage' as const),
        filesAnswering,
        schemaVersion: version,
      });
    },
  );
};
