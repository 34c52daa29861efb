/**
 * The write side of an admin tool's changed list (spec section 4): the user collects changes on the
 * page, then saves them all at once. One call registers the PUT route with its OpenAPI entry, behind
 * the tool's policy, and gives every tool the same contract:
 *
 *   - the tool's policy ('edit') runs once, before the body is validated (admin-gate.ts): a caller the
 *     tool refuses gets 403 whatever they sent;
 *   - a row named twice in the list is refused (400 on `body.changes.{i}.{key}`) before anything runs;
 *   - every change is applied in ONE transaction: when the tool refuses some rows (not found, outside
 *     the caller's DT scope), nothing is saved and the 400 names each refused row as
 *     `body.changes.{index}` with the reason, under the spec's save-failed message;
 *   - the data version is bumped inside the transaction when anything changed (dashboards read it), and
 *     this process forgets the version it knew once it has committed (transactionThatChangesData);
 *   - any other failure is logged and answered with the spec's save-failed message, never a stack.
 *
 * The tool supplies only its schemas, its policy and `apply` (set-based SQL plus its audit entries):
 *
 *   registerChangeListSave(app, {
 *     path: '/api/admin/outletStatus', summary: '…', description: '…',
 *     body: saveOutletStatusSchema, response: saveOutletStatusResultSchema,
 *     authorize: assertOutletStatus, key: 'outletCode',
 *     apply: (tx, ctx, changes) => applyStatusChanges(tx, ctx.user, ctx.market, changes, ctx.actor),
 *   });
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IMPORT_MESSAGES, marketQuerySchema, ok, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { transactionThatChangesData } from '../../db/data-version.js';
import { AppError, badRequest } from '../errors.js';
import type { AuthUser } from '../policy.js';
import { requireAuth } from '../request-context.js';
import { envelopeResponses } from '../responses.js';
import { gated, toolGate } from './admin-gate.js';
import type { AuthorizeTool } from './admin-table-routes.js';

const signedIn = [{ customerToken: [] }];

/** Who made the change, for the tool's audit entries. */
export interface ChangeActor {
  actorId: string;
  sessionId: string | null;
  requestId: string | null;
  importId: null;
}

export interface ChangeContext {
  user: AuthUser;
  market: CountryCode;
  actor: ChangeActor;
}

/** One change the tool will not make: its index in the list and why, in words for the user. */
export interface RefusedChange {
  index: number;
  message: string;
}

export interface ChangeListResult {
  updated: number;
  unchanged: number;
  /** Non-empty: nothing may have been written, and the save is answered 400 naming these rows. */
  refused: RefusedChange[];
}

export interface ChangeListSaveOptions<C extends Record<string, unknown>> {
  path: string;
  summary: string;
  description: string;
  tag?: string;
  body: z.ZodType<{ changes: C[] }>;
  response: z.ZodType<{ updated: number; unchanged: number }>;
  authorize: AuthorizeTool;
  /** The field that names a row; the same value twice in one list is refused. */
  key: keyof C & string;
  apply: (tx: Queryable, ctx: ChangeContext, changes: C[]) => Promise<ChangeListResult>;
}

class Refused extends Error {
  constructor(readonly refused: RefusedChange[]) {
    super('changes refused');
  }
}

/** Every index whose key appeared earlier in the list. */
export function repeatedChanges<C>(changes: readonly C[], key: (change: C) => string): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  changes.forEach((change, i) => {
    const value = key(change);
    if (seen.has(value)) repeated.push(i);
    seen.add(value);
  });
  return repeated;
}

export function registerChangeListSave<C extends Record<string, unknown>>(
  app: FastifyInstance,
  options: ChangeListSaveOptions<C>,
): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    options.path,
    {
      schema: {
        tags: [options.tag ?? 'admin'],
        summary: options.summary,
        description:
          `${options.description} Every change in one transaction: all or nothing. A row named twice is refused ` +
          `(400 on body.changes.{index}.${options.key}); rows the tool refuses are named one field error each ` +
          '(body.changes.{index}, why) and nothing is saved. The data version is bumped when anything changed. ' +
          `A failure answers '${IMPORT_MESSAGES.STATUS_SAVE_FAILED}'.`,
        querystring: marketQuerySchema,
        body: options.body,
        response: envelopeResponses(options.response),
        security: signedIn,
      },
      config: { access: { roles: ['admin'] } },
      // The tool's rule before the body is validated: 403 for a caller who may not, whatever they sent.
      preValidation: toolGate(app, (q, user, market) => options.authorize(q, user, market, 'edit')),
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const { market } = gated(request);
      const changes = (request.body as { changes: C[] }).changes;
      const name = (change: C) => String(change[options.key]);
      const [first] = repeatedChanges(changes, name);
      if (first !== undefined) {
        throw badRequest(
          `body.changes.${first}.${options.key}`,
          `${name(changes[first]!)} is in the list twice.`,
        );
      }
      const ctx: ChangeContext = {
        user,
        market,
        actor: { actorId: user.id, sessionId: session.id, requestId: request.id, importId: null },
      };
      try {
        const result = await transactionThatChangesData(
          app.db,
          async (tx) => {
            const applied = await options.apply(tx, ctx, changes);
            if (applied.refused.length > 0) throw new Refused(applied.refused);
            return applied;
          },
          (applied) => applied.updated > 0,
        );
        return ok({ updated: result.updated, unchanged: result.unchanged });
      } catch (error) {
        if (error instanceof Refused) {
          throw new AppError(
            'VALIDATION_FAILED',
            IMPORT_MESSAGES.STATUS_SAVE_FAILED,
            error.refused.map((r) => ({ field: `body.changes.${r.index}`, message: r.message })),
          );
        }
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, path: options.path }, 'changed-list save failed');
        throw new AppError('INTERNAL_ERROR', IMPORT_MESSAGES.STATUS_SAVE_FAILED);
      }
    },
  );
}
