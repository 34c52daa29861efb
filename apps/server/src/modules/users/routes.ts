/** The user calls of this issue: the profile (spec section 7) and invitations for signup. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationRequestSchema,
  invitationResponseSchema,
  marketQuerySchema,
  ok,
  profileRequestSchema,
  userDetailsSchema,
} from '@fieldforce/contracts';
import { envelopeResponses } from '../../lib/responses.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireAuth } from '../../lib/request-context.js';
import { canInvite, canReadProfile } from './policy.js';
import { presentUserDetails } from './presenter.js';
import { findUserDetails } from './queries.js';

const TAG = 'users';
const signedIn = [{ customerToken: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/fb/users/profile',
    {
      schema: {
        tags: [TAG],
        summary: 'User details (the profile call)',
        description:
          'Signed in; reachable while the password is expired. `email` must be the caller’s own unless the caller is a ' +
          'Super User. The BSA list is sorted for the market in `countryCode` (idic has its own order).',
        querystring: marketQuerySchema,
        body: profileRequestSchema,
        response: envelopeResponses(userDetailsSchema),
        security: signedIn,
      },
      config: { access: { allowExpiredPassword: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!canReadProfile(auth.user, request.body.email))
        throw forbidden('You can only read your own profile.');
      const row = await findUserDetails(app.db, request.body.email);
      if (!row) throw notFound('User');
      return ok(presentUserDetails(row, request.market ?? auth.user.homeCountryCode));
    },
  );

  app.post(
    '/api/fb/users/invitation',
    {
      schema: {
        tags: [TAG],
        summary: 'Email an invitation code to an invited user',
        description:
          'Admins only, for invited users of the market in `countryCode`. A new code replaces the previous one and lives 7 days.',
        querystring: marketQuerySchema,
        body: invitationRequestSchema,
        response: envelopeResponses(invitationResponseSchema),
        security: signedIn,
      },
      config: { access: { roles: ['admin'] } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const market = request.market ?? auth.user.homeCountryCode;
      const target = await findUserDetails(app.db, request.body.email);
      if (!target || !canInvite(auth.user, target, market)) throw notFound('Invited user');
      const expiresAt = await app.auth.service.issueInvitation(target);
      return ok({
        message: `An invitation was sent to ${target.email}.`,
        expiresAt: expiresAt.toISOString(),
      });
    },
  );
};
