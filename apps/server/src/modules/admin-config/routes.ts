/**
 * Admin configuration (issue 13; spec sections 2, 3, 6):
 *   GET   /api/config/flags?countryCode=           the market's feature flags, for every signed-in user of it;
 *   GET   /api/admin/configuration?countryCode=    the page: every flag with its explanation, default and last
 *                                                  change, the Outlet Status email domains, and `can`;
 *   PATCH /api/admin/configuration?countryCode=    change flags and/or the domain list (the market's admins).
 * The PATCH is registerAdminChange (lib/tables/admin-change.ts) like every admin tool's change: the policy
 * before the body is validated, one transaction (the row, one audit entry per thing changed, the data version
 * bumped); after the commit the foundation makes this process forget the data version it knew, so its cached
 * flags (lib/market-flags.ts, kept under the data version) are read again at the next request; other
 * processes follow the data version within a second.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CONFIG_API,
  adminConfigSchema,
  FLAG_INFO,
  MARKET_FLAGS_API,
  marketFlagsSchema,
  marketQuerySchema,
  ok,
  updateAdminConfigSchema,
  type CountryFlagName,
} from '@fieldforce/contracts';
import { badRequest } from '../../lib/errors.js';
import { marketFlags } from '../../lib/market-flags.js';
import { envelopeResponses } from '../../lib/responses.js';
import { handle, routeOptions } from '../../lib/route.js';
import { registerAdminChange } from '../../lib/tables/index.js';
import { assertConfigEdit, configAbilities } from './policy.js';
import { presentConfig, presentMarketFlags } from './presenter.js';
import { readConfig, saveConfig } from './queries.js';

const TAG = 'admin';
const signedIn = [{ customerToken: [] }];
const anyoneOfMarket = {} as const;

export const adminConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MARKET_FLAGS_API,
    routeOptions({
      access: anyoneOfMarket,
      schema: {
        tags: [TAG],
        summary: 'The market’s feature flags (spec section 3), as the web reads them',
        description:
          'Every signed-in user of the market (a Super User: every market). The flags as the database holds them ' +
          '(countries.flags over the defaults), the same the server’s rules read; they change when an admin saves ' +
          'Admin configuration.',
        querystring: marketQuerySchema,
        response: envelopeResponses(marketFlagsSchema),
        security: signedIn,
      },
    }),
    handle(async (ctx) => ok(presentMarketFlags(ctx.market, await marketFlags(ctx.db, ctx.market)))),
  );

  app.get(
    ADMIN_CONFIG_API,
    routeOptions({
      access: anyoneOfMarket,
      schema: {
        tags: [TAG],
        summary: 'Admin configuration: every feature flag with its explanation and last change',
        description:
          'Every signed-in user of the market may read it; `can.edit` says whether the caller may change it (the ' +
          'market’s admins). Each flag carries its value, its default, its group, whether the page asks to confirm a ' +
          'change (risky), whether admins may change it (editable), whether the portal acts on it (inEffect), a ' +
          'one-line explanation and the last change (who, when) from the audit log; plus the Outlet Status ' +
          'email-domain rule.',
        querystring: marketQuerySchema,
        response: envelopeResponses(adminConfigSchema),
        security: signedIn,
      },
    }),
    handle(async (ctx) =>
      ok(
        presentConfig(
          ctx.market,
          await readConfig(ctx.db, ctx.market),
          configAbilities(ctx.user, ctx.market),
        ),
      ),
    ),
  );

  registerAdminChange(app, {
    method: 'PATCH',
    path: ADMIN_CONFIG_API,
    tool: 'adminConfiguration',
    tag: TAG,
    summary: 'Admin configuration: change one or more flags and/or the Outlet Status email domains',
    description:
      'Admins of the market (a Super User admin: every market); 403 saying why otherwise, whatever the body. ' +
      'Body: `flags` (flag name → true/false; isHPC and BTPEndpoint are fixed for the market: 400) and/or ' +
      '`outletStatusEmailDomains` (lower-cased domains, at most 20). One transaction: the row, one audit entry ' +
      "per flag changed ('config.flag.update', before/after {flag: value}) and one for the list " +
      "('config.outletStatusDomains.update'), the data version bumped when something changed; this process's " +
      'cached flags are dropped after the commit. A value equal to the current one changes nothing. Answers ' +
      'the page as GET does.',
    body: updateAdminConfigSchema,
    response: adminConfigSchema,
    authorize: async (_q, user, market) => assertConfigEdit(user, market),
    run: async (tx, ctx) => {
      for (const name of Object.keys(ctx.body.flags ?? {}) as CountryFlagName[]) {
        if (!FLAG_INFO[name].editable) {
          throw badRequest(
            `body.flags.${name}`,
            `${name} is fixed for the market and cannot be changed here.`,
          );
        }
      }
      return saveConfig(tx, ctx.market, ctx.body);
    },
    answer: async (tx, ctx, _saved: { changed: string[] }) =>
      presentConfig(ctx.market, await readConfig(tx, ctx.market), ctx.can),
    // The cached flags need nothing here: they are kept under the data version, which this process
    // forgets after the commit (registerAdminChange), so the next request here reads the change.
    afterCommit: (ctx, { result }) => {
      ctx.log.info({ market: ctx.market, changed: result.changed }, 'admin configuration changed');
    },
  });
};
