/** UCube analytics (issue 4): the Team View, DT View and KPI View calls. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kpiAnswerSchema, kpiQuerySchema, ok, type KpiView } from '@fieldforce/contracts';
import { AnswerCache } from '../../lib/answer-cache.js';
import { envelopeResponses } from '../../lib/responses.js';
import { requireAuth } from '../../plugins/auth.js';
import { kpiAnswer, kpiCacheKey } from './service.js';

const TAG = 'ucube';
const signedIn = [{ customerToken: [] }];

const VIEWS: { url: string; view: KpiView; summary: string }[] = [
  { url: '/api/ucube/individual-performance-kpis', view: 'performance', summary: 'Team View: team KPIs' },
  {
    url: '/api/ucube/individual-distributor-kpis',
    view: 'distributor',
    summary: 'DT View: distributor KPIs',
  },
  {
    url: '/api/ucube/individual-disciplinary-kpis',
    view: 'disciplinary',
    summary: 'KPI View: disciplinary KPIs',
  },
];

const DESCRIPTION =
  'UCube access. Answers the hierarchy level entries of the caller’s chain (spec section 3), the total of the ' +
  'chosen node and one performance row per node of the level viewed. Drill down with `role` (the LEVELn to view), ' +
  '`type` (team or distributor chain), `emailId` (the member chosen at the level above) and `dtCode` (the ' +
  'distributor chosen, for LEVEL3 under a distributor). `period`: day, mtd; anything else is last month. ' +
  '`bsa`: one of the caller’s business scope assignments (default the first). A node outside the caller’s ' +
  'subtree, market or DT scope is refused with 403. KPIs are defined in docs/kpis.md.';

export const ucubeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers per caller, query, day and data version: a dashboard opened every morning by every
  // manager is computed once per data load, not once per visit (docs/decisions.md "UCube answer cache").
  const cache = new AnswerCache({
    maxBytes: app.config.UCUBE_CACHE_MB * 1024 * 1024,
    maxAgeMs: 10 * 60_000,
  });
  for (const { url, view, summary } of VIEWS) {
    app.get(
      url,
      {
        schema: {
          tags: [TAG],
          summary,
          description: DESCRIPTION,
          querystring: kpiQuerySchema,
          response: envelopeResponses(kpiAnswerSchema),
          security: signedIn,
        },
        config: { access: { roles: ['ucube'] } },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const market = request.market ?? user.homeCountryCode;
        const req = { user, market, view, query: request.query, now: app.clock.now() };
        const compute = async () => Buffer.from(JSON.stringify(ok(await kpiAnswer(app.db, req))));
        const body =
          app.config.UCUBE_CACHE_MB === 0
            ? await compute()
            : await cache.get(await app.dataVersion.current(), kpiCacheKey(req), compute);
        // Already serialized (the schema above documents it; kpiAnswer builds it typed).
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );
  }
};
