/**
 * Usage events (issue 13, spec sections 3 and 7): POST /api/events stores a signed-in user's batch,
 * POST /api/events/public the few events sent before sign-in. The server decides who sent them (the
 * session, never the body) and drops events the market does not send (enableGTM off), so a client
 * that ignores the rule stores nothing it should not. Batches past 50 events or 64 KB are refused
 * with 400; both calls are rate limited.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ok,
  PUBLIC_EVENTS,
  quickUsageBatch,
  USAGE_BATCH_MAX_BYTES,
  USAGE_BATCH_MAX_EVENTS,
  usageBatchResultSchema,
  usageBatchSchema,
  usageEventSent,
  usageExportQuerySchema,
  usageOverviewSchema,
  usagePageQuerySchema,
  type CountryCode,
  type UsageBatch,
} from '@fieldforce/contracts';
import { badRequest, forbidden } from '../../lib/errors.js';
import { marketFlags } from '../../lib/market-flags.js';
import { inMarket } from '../../lib/policy.js';
import { authRateLimit } from '../../lib/rate-limits.js';
import { requireAuth } from '../../lib/request-context.js';
import { envelopeResponses } from '../../lib/responses.js';
import { usageOverview, type EventActor } from './queries.js';
import { usageWriterFor } from './writer.js';
import { usageExportFile, usagePageScope } from './page.js';

const TAG = 'usage';
const TOO_LARGE = `A batch holds at most ${USAGE_BATCH_MAX_EVENTS} events and ${USAGE_BATCH_MAX_BYTES / 1024} KB.`;

/** Refuses a body announced larger than the batch limit before it is read (400, not a parser error). */
async function refuseLargeBody(request: { headers: Record<string, unknown> }) {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > USAGE_BATCH_MAX_BYTES) throw badRequest('body', TOO_LARGE);
}

/**
 * The batch's check: a well-formed batch passes contracts' one-pass check (quickUsageBatch, several
 * times cheaper than the schema for 20 events); anything else goes to the schema, which refuses it
 * with its usual 400 and field names.
 */
type RouteSchema<S> = Parameters<FastifySchemaCompiler<S>>[0];

const batchValidator = <S>(route: RouteSchema<S>) => {
  const bySchema = validatorCompiler(route as unknown as RouteSchema<z.ZodType>);
  if (route.httpPart !== 'body') return bySchema;
  return (data: unknown) => {
    const batch = quickUsageBatch(data);
    return batch ? { value: batch } : bySchema(data);
  };
};

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = usageWriterFor(app.db, app.clock, app.log);
  // Whatever is still in the inbox is moved before the app closes.
  app.addHook('onClose', async () => {
    await writer.close().catch(() => undefined);
  });
  /** The one place the server reads the enableGTM flag: the market's flags as the database holds them. */
  const trackingFlags = (market: CountryCode) => marketFlags(app.db, market);

  /** Stores what the market sends; answers how many were stored and how many left out. */
  async function store(batch: UsageBatch, actor: EventActor) {
    const flags = await trackingFlags(batch.countryCode);
    const kept = batch.events.filter((e) => usageEventSent(e.event, batch.countryCode, flags));
    if (kept.length > 0) {
      // With the batches of other requests arriving meanwhile, in one statement (writer.ts).
      await writer.store({ market: batch.countryCode, actor, events: kept });
    }
    return ok({ accepted: kept.length, dropped: batch.events.length - kept.length });
  }

  app.post(
    '/api/events',
    {
      schema: {
        tags: [TAG],
        summary: 'Store a batch of usage events of the signed-in user',
        description:
          `Any signed-in user, for a market of theirs (403 otherwise). At most ${USAGE_BATCH_MAX_EVENTS} events and ` +
          `${USAGE_BATCH_MAX_BYTES / 1024} KB (400 past either). Who sent them comes from the session. Events the ` +
          'market does not send (enableGTM off, except login, forgotPassword and backToLogin) are dropped and ' +
          'counted. Rate limited per session (EVENTS_RATE_LIMIT_PER_MINUTE; 429).',
        body: usageBatchSchema,
        response: envelopeResponses(usageBatchResultSchema, [429]),
        security: [{ customerToken: [] }],
      },
      validatorCompiler: batchValidator,
      bodyLimit: USAGE_BATCH_MAX_BYTES * 4,
      onRequest: refuseLargeBody,
      config: {
        access: { market: 'any' },
        rateLimit: {
          max: app.config.EVENTS_RATE_LIMIT_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => String(request.headers.customertoken ?? request.ip),
        },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const market = request.body.countryCode;
      if (!inMarket(user, market)) {
        throw forbidden('Usage events can be sent only for your own markets.');
      }
      return store(request.body, { userId: user.id, role: user.role });
    },
  );

  app.post(
    '/api/events/public',
    {
      schema: {
        tags: [TAG],
        summary: 'Store the usage events sent before sign-in (forgotPassword, backToLogin)',
        description:
          `Public, rate limited per IP like the sign-in calls. Only ${PUBLIC_EVENTS.join(' and ')} (400 for any ` +
          `other event); at most ${USAGE_BATCH_MAX_EVENTS} events and ${USAGE_BATCH_MAX_BYTES / 1024} KB.`,
        body: usageBatchSchema,
        response: envelopeResponses(usageBatchResultSchema, [429]),
      },
      validatorCompiler: batchValidator,
      bodyLimit: USAGE_BATCH_MAX_BYTES * 4,
      onRequest: refuseLargeBody,
      config: { access: { public: true }, rateLimit: authRateLimit(app) },
    },
    async (request) => {
      request.body.events.forEach((e, i) => {
        if (!PUBLIC_EVENTS.includes(e.event)) {
          throw badRequest(`body.events.${i}.event`, `${e.event} is sent only when signed in.`);
        }
      });
      return store(request.body, { userId: null, role: null });
    },
  );

  // The admins' usage page (inside /adminconfigurationpage): read from the rollups only.
  const PAGE_ACCESS =
    'Admins of the market (Admin Configuration), market-scoped; market=all or another market: a Super User ' +
    `admin only (403 otherwise). The period is from..to in the market's days, at most a year.`;

  app.get(
    '/api/usage/overview',
    {
      schema: {
        tags: [TAG],
        summary: 'The usage page: active users, screens, reports, downloads and the upload funnel',
        description:
          `${PAGE_ACCESS} Daily, weekly (from Monday) and monthly active users in total, by role and by ` +
          'market; the most opened screens and reports; downloads; the upload funnel (started, previewed, ' +
          'applied, failed) from the import records and the upload steps from the events.',
        querystring: usagePageQuerySchema,
        response: envelopeResponses(usageOverviewSchema),
        security: [{ customerToken: [] }],
      },
      config: { access: { roles: ['admin'] } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const scope = await usagePageScope(app.db, user, request.query, 'view');
      // Every event taken in so far shows (the inbox is moved on first; usually nothing is waiting).
      await writer.flush();
      const overview = await usageOverview(app.db, scope);
      return ok({ ...overview, markets: [...scope.markets], can: scope.can });
    },
  );

  app.get(
    '/api/usage/export',
    {
      schema: {
        tags: [TAG],
        summary: 'The usage page as a CSV or XLSX file',
        description:
          `${PAGE_ACCESS} format=csv (default) or xlsx, lang=en|vi for the headers and section names. One ` +
          'table: section, period start, market, role, item, detail, value. Refused (403) where the ' +
          'market does not allow downloads (DownloadReports off).',
        querystring: usageExportQuerySchema,
        response: {
          ...envelopeResponses(z.null()),
          200: z.unknown().describe('text/csv; charset=utf-8 or an XLSX workbook'),
        },
        security: [{ customerToken: [] }],
      },
      config: { access: { roles: ['admin'] } },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const query = request.query;
      const scope = await usagePageScope(app.db, user, query, 'export');
      await writer.flush();
      const overview = await usageOverview(app.db, scope);
      const file = await usageExportFile({ ...overview, markets: [...scope.markets], can: scope.can }, query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', file.disposition)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
