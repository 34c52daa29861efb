/** UCube analytics (issue 4): the Team View, DT View and KPI View calls. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dailyTrendAnswerSchema,
  dailyTrendQuerySchema,
  kpiAnswerSchema,
  kpiQuerySchema,
  ok,
  salesmanDayAnswerSchema,
  salesmanDayQuerySchema,
  type KpiView,
} from '@fieldforce/contracts';
import { AnswerCache } from '../../lib/answer-cache.js';
import { readDataVersion } from '../../db/read-routing.js';
import { envelopeResponses } from '../../lib/responses.js';
import { requireAuth } from '../../lib/request-context.js';
import { kpiAnswer, kpiCacheKey } from './service.js';
import { salesmanDay, salesmanDayCacheKey } from './salesman-day.js';
import { dailyTrend, trendCacheKey } from './trend.js';

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
  /**
   * Sends the enveloped answer of `key` from the cache, computing it on a miss. The body goes out
   * already serialized: the route's response schema documents it, and the answer is built typed.
   */
  const sendCached = async (reply: FastifyReply, key: string, answer: () => Promise<unknown>) => {
    const compute = async () => Buffer.from(JSON.stringify(ok(await answer())));
    const body =
      app.config.UCUBE_CACHE_MB === 0
        ? await compute()
        : await cache.get(await readDataVersion(reply.request), key, compute);
    return reply.type('application/json; charset=utf-8').send(body);
  };
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
        return sendCached(reply, kpiCacheKey(req), () => kpiAnswer(request.dbRead, req));
      },
    );
  }

  app.get(
    '/api/ucube/daily-trend',
    {
      schema: {
        tags: [TAG],
        summary: 'Home page: the month trend of the caller’s whole scope',
        description:
          'UCube access. Per calendar day of the month, for the same salesmen as the Team View’s top-level ' +
          'total (market, DT scope, the caller’s subtree, `bsa`): GSV, productive calls, planned calls and bills ' +
          'of the day and their running totals, outlets first billed that day and the running ECO, plus the ' +
          'whole month’s targets. `period`: mtd (default; days up to the market’s today) or lm (the whole ' +
          'last month). Defined in docs/kpis.md "Daily trend".',
        querystring: dailyTrendQuerySchema,
        response: envelopeResponses(dailyTrendAnswerSchema),
        security: signedIn,
      },
      config: { access: { roles: ['ucube'] } },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      const req = { user, market, query: request.query, now: app.clock.now() };
      return sendCached(reply, trendCacheKey(req), () => dailyTrend(request.dbRead, req));
    },
  );

  app.get(
    '/api/ucube/salesman-day',
    {
      schema: {
        tags: [TAG],
        summary: 'A salesperson’s day: visits and orders',
        description:
          'UCube access. Where a salesperson row of the Team, DT and KPI views leads: the visits of one day ' +
          '(`date`, YYYY-MM-DD in the market’s calendar, today by default, at most ' +
          'SALESMAN_DAY_MAX_DAYS_BACK = 92 days back, never after today) in visit order with their orders, the ' +
          'orders taken without a visit, and the day’s totals. `emailId` names the salesperson; one outside the ' +
          'caller’s subtree, market or DT scope (or not a salesperson) is refused with 403.',
        querystring: salesmanDayQuerySchema,
        response: envelopeResponses(salesmanDayAnswerSchema),
        security: signedIn,
      },
      config: { access: { roles: ['ucube'] } },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const market = request.market ?? user.homeCountryCode;
      const req = { user, market, query: request.query, now: app.clock.now() };
      return sendCached(reply, salesmanDayCacheKey(req), () => salesmanDay(request.dbRead, req));
    },
  );
};
