/**
 * The write side of an admin tool, one record at a time (a form's create, edit, close, assign, new
 * version …): one declaration per route registers it with its OpenAPI entry, behind the tool's policy,
 * and gives every such change the same contract:
 *
 *   - the tool's policy (`authorize`) runs ONCE, before the query and body are validated (Fastify's
 *     preValidation), so a caller who may not use the tool gets 403 whatever they sent, never a 400;
 *   - `run` makes the change in ONE transaction and gives back its result and its audit entries; the
 *     entries are written in that transaction (tool, actor, session, market and request id filled in),
 *     and the data version is bumped there when there is at least one (a save that changed nothing
 *     writes none and leaves the version alone); an optional `answer` then reads what to answer in the
 *     same transaction, after the entries (a row showing its "Last Updated" shows this change);
 *   - once the transaction has committed, a change that wrote an entry makes this process forget the data
 *     version it knew (db/data-version.ts transactionThatChangesData), so its next request (a cached UCube
 *     answer, the feature flags) sees the change at once; other processes follow within a second;
 *   - with `afterCommit`, a change that wrote an entry then runs the tool's own after-commit step (drop
 *     a per-process cache the data version does not key, log it);
 *   - anything `run` or `answer` throws (a 404, a 409, a refused field, a failure) rolls it all back: no
 *     change, no audit row, no bump. Errors are answered by the app's error handler in the envelope, as
 *     thrown (with `failure`, one that is not an AppError is logged and answered 500 with those words).
 *
 * The tool supplies only its schemas, its policy and `run`:
 *
 *   registerAdminChange(app, {
 *     method: 'POST', path: `${MERCH_API}/set`, tool: 'merchandizingSets', summary: '…', description: '…',
 *     body: saveMerchSetSchema, response: merchSaveResultSchema,
 *     authorize: assertDefine,
 *     run: (tx, ctx) => saveSet(tx, ctx.market, ctx.body, ctx.user.id),
 *   });
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, type Abilities, type AdminToolKey, type CountryCode } from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { transactionThatChangesData } from '../../db/data-version.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { AuthSession, AuthUser } from '../policy.js';
import { routeContext, type AuditInput } from '../route.js';
import { adminRouteOptions, gated, type AdminRouteSpec, type MarketQuery } from './admin-gate.js';

/** One audit entry of a change; the tool is the route's, who, where and which request are filled in. */
export type ChangeAudit = Omit<AuditInput, 'tool' | 'importId'>;

/** What a change gives back: its result (the answer, unless the route has `answer`) and its audit entries. */
export interface AdminChange<R> {
  result: R;
  audit: ChangeAudit[];
}

/** An answer with no audit entry: nothing changed, so the data version stays. */
export const unchanged = <R>(result: R): AdminChange<R> => ({ result, audit: [] });

/** An answer with the audit entries of what changed (the data version is bumped). */
export const audited = <R>(result: R, ...audit: ChangeAudit[]): AdminChange<R> => ({ result, audit });

/**
 * The answer of a change to one row of the tool's table: whether it changed (run's result) and the row as
 * the list shows it now, so its "Last Updated" is this change.
 */
export const changedRow =
  <P, Q, B, Row>(read: (tx: Queryable, ctx: AdminChangeContext<P, Q, B>) => Promise<Row | null>) =>
  async (tx: Queryable, ctx: AdminChangeContext<P, Q, B>, changed: boolean) => ({
    changed,
    row: (await read(tx, ctx))!,
  });

/** The tool's policy for this change: throws 403 with the refusal's words, else the caller's abilities. */
export type AuthorizeChange = (q: Queryable, user: AuthUser, market: CountryCode) => Promise<Abilities>;

/**
 * What `run` gets: the caller, the market, what the policy answered (`can`) and the validated input
 * (never the database: use `tx`).
 */
export interface AdminChangeContext<P, Q, B> {
  user: AuthUser;
  session: AuthSession;
  market: CountryCode;
  /** The caller's abilities, as the route's gate (`authorize`) answered them. */
  can: Abilities;
  log: FastifyBaseLogger;
  requestId: string;
  clock: Clock;
  params: P;
  query: Q;
  body: B;
}

export interface AdminChangeOptions<P, Q, B, R, T = R> extends AdminRouteSpec<P, Q, R> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  tool: AdminToolKey;
  body?: z.ZodType<B>;
  /**
   * The words of a failure that is not one of ours (not an AppError: a lost connection, a bug): logged,
   * answered 500 with them (e.g. the spec's 'Failed to delete device ID'). Default: the app's error handler.
   */
  failure?: string;
  authorize: AuthorizeChange;
  run: (tx: Queryable, ctx: AdminChangeContext<P, Q, B>) => Promise<AdminChange<T>>;
  /**
   * The answer from run's result, read in the same transaction after the audit entries and the bump (so
   * a row showing its last change shows this one). Without it, run's result is the answer.
   */
  answer?: (tx: Queryable, ctx: AdminChangeContext<P, Q, B>, result: T) => Promise<R>;
  /**
   * Runs after the transaction has committed, only when the change wrote at least one audit entry (so
   * something changed and the data version was bumped; this process already knows the new version):
   * what else this process must do for the next request to see the change at once, e.g. drop a
   * per-process cache not keyed by the data version, and log what changed. It gets the change as `run`
   * gave it. The change is saved by then: a throw here is logged, never answered.
   */
  afterCommit?: (ctx: AdminChangeContext<P, Q, B>, change: AdminChange<T>) => void | Promise<void>;
}

export function registerAdminChange<P = undefined, Q = MarketQuery, B = undefined, R = unknown>(
  app: FastifyInstance,
  options: AdminChangeOptions<P, Q, B, R>,
): void;
export function registerAdminChange<P = undefined, Q = MarketQuery, B = undefined, R = unknown, T = unknown>(
  app: FastifyInstance,
  options: AdminChangeOptions<P, Q, B, R, T> & Required<Pick<AdminChangeOptions<P, Q, B, R, T>, 'answer'>>,
): void;
export function registerAdminChange<P, Q, B, R, T>(
  app: FastifyInstance,
  options: AdminChangeOptions<P, Q, B, R, T>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: options.method,
    ...adminRouteOptions(app, options, options.authorize, options.body),
    handler: async (request) => {
      const { user, session, log, requestId, clock, audit } = routeContext(request);
      const { can, market } = gated(request);
      const ctx: AdminChangeContext<P, Q, B> = {
        user,
        session,
        market,
        can,
        log,
        requestId,
        clock,
        params: request.params as P,
        query: request.query as Q,
        body: request.body as B,
      };
      let committed: { change: AdminChange<T>; answer: R };
      try {
        committed = await transactionThatChangesData(
          app.db,
          async (tx, markChanged) => {
            const change = await options.run(tx, ctx);
            for (const entry of change.audit) await audit(tx, { market, ...entry, tool: options.tool });
            // Bumped before the answer is read, so an answer showing the version shows this change's.
            if (change.audit.length > 0) await markChanged();
            const answer = options.answer
              ? await options.answer(tx, ctx, change.result)
              : (change.result as unknown as R);
            return { change, answer };
          },
          ({ change }) => change.audit.length > 0,
        );
      } catch (error) {
        if (options.failure === undefined || error instanceof AppError) throw error;
        log.error({ err: error, path: options.path }, 'admin change failed');
        throw new AppError('INTERNAL_ERROR', options.failure);
      }
      if (options.afterCommit && committed.change.audit.length > 0) {
        try {
          await options.afterCommit(ctx, committed.change);
        } catch (error) {
          log.error({ err: error, path: options.path }, 'admin change: after-commit step failed');
        }
      }
      return ok(committed.answer);
    },
  });
}
