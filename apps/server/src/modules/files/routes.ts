/**
 * The file calls of the import pipeline (issue 11, spec section 7):
 *   POST /api/file/upload?countryCode=&kind=   multipart (kind, then file): intake, store, validate;
 *   GET  /api/file/checkstatus?jobId=          the import (or by the spec's `fileName` header: stored name);
 *   POST /api/file/apply?jobId=                apply a validated import without errors;
 *   GET  /api/file/download/:id                a stored file: the original, or the error file.
 * The same four under /api/exp/file/… for markets whose BTPEndpoint flag is off; the form that does
 * not match the market's flag answers 404. Admins of the market only; another market's import is 404.
 *
 * Error files: written when validation finds row errors, stored as `imports/<importId>/errors.csv`,
 * recorded in stored_files with the id `<importId>-errors` (the import's errorFileId).
 *
 * Leases: while this process validates or applies an import it holds the import's lease (recovery.ts);
 * an import whose process died is settled by the recurring job 'imports.recover' and by checkstatus.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MESSAGES,
  importJobQuerySchema,
  importJobSchema,
  importKindSchema,
  importMessage,
  ok,
  countryCodeSchema,
  type CodedMessage,
  type CountryCode,
  type ImportJob,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import { envelopeResponses } from '../../lib/responses.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/export-limits.js';
import { findStoredFile } from '../../lib/file-store.js';
import {
  fileImportDefinition,
  importDefinition,
  type FileImportDefinition,
  type ImportContext,
  type ImportDefinition,
} from '../../lib/imports/definition.js';
import { receiveUpload } from '../../lib/imports/intake.js';
import {
  holdImport,
  importDeps,
  IMPORT_RELEASED as released,
  recordUpload,
  updateImport as setImport,
  validatedFields,
  validateUpload,
  workingImports,
  type ImportRow,
  IMPORT_LEASE_MS,
} from '../../lib/imports/stored-import.js';
import { applyImport } from '../../lib/imports/apply.js';
import { leaseUntil } from '../../lib/lease.js';
import { can, loadMarketSettings } from '../../lib/policies/index.js';
import { marketFlags } from '../../lib/market-flags.js';
import { handle, routeContext, routeOptions, type RouteContext } from '../../lib/route.js';
import { recoverAbandonedImports } from './recovery.js';
import { registerFileSweep } from './sweep.js';

const TAG = 'files';
const signedIn = [{ customerToken: [] }];
const admins = { roles: ['admin'] } as const;

export { errorFileIdOf } from '../../lib/imports/stored-import.js';

const uploadQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  kind: importKindSchema,
});
const downloadParamsSchema = z.object({ id: z.string().min(1).max(100) });
const marketOnlySchema = z.object({ countryCode: countryCodeSchema.optional() });

/** A refusal carrying the import message's English text (the web maps it back to its code). */
const refusal = (message: CodedMessage, status = 400) =>
  new AppError(
    status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED',
    message.message,
    [{ field: 'file', message: message.message }],
  );

/**
 * The exp/ form is for markets without a BTP endpoint; the other form answers 404 there. The flag is
 * the database's (admin configuration), read through lib/market-flags.ts.
 */
async function assertForm(db: Queryable, market: CountryCode, exp: boolean): Promise<void> {
  if ((await marketFlags(db, market)).BTPEndpoint === exp) throw notFound('The route');
}

function definitionOf(kind: string): ImportDefinition<unknown> {
  const def = importDefinition(kind);
  if (!def) throw notFound(`The import kind ${kind}`);
  return def;
}

async function mayUpload(ctx: RouteContext, def: Pick<ImportDefinition<unknown>, 'tool'>): Promise<boolean> {
  return can(ctx.user, 'upload', def.tool, await loadMarketSettings(ctx.db, ctx.market));
}

function present(row: ImportRow, mayApply: boolean): ImportJob {
  return {
    jobId: row.id,
    kind: row.kind as ImportJob['kind'],
    originalName: row.original_name,
    storedName: row.stored_name,
    state: row.state,
    progress: {
      done: Number(row.progress_done),
      total: row.progress_total === null ? null : Number(row.progress_total),
    },
    preview: row.preview,
    result: row.result,
    message: row.message,
    originalFileId: row.original_file_id,
    errorFileId: row.error_file_id,
    createdAt: new Date(row.created_at).toISOString(),
    can: {
      apply: mayApply && row.state === 'validated' && (row.preview?.errorCount ?? 1) === 0,
      downloadErrors: row.error_file_id !== null,
    },
  };
}

async function loadImport(ctx: RouteContext, id: string | undefined, storedName: string | undefined) {
  if (!id && !storedName) throw notFound('The import');
  const { rows } = await ctx.db.query<ImportRow>(
    id
      ? 'SELECT * FROM imports WHERE id = $1 AND market = $2'
      : 'SELECT * FROM imports WHERE stored_name = $1 AND market = $2 ORDER BY created_at DESC LIMIT 1',
    [id ?? storedName, ctx.market],
  );
  const row = rows[0];
  if (!row) throw notFound('The import');
  return row;
}

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin reads multipart bodies; the per-kind size limit is given to request.file().
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  /** Imports this process is validating or applying (any upload route's): recovery skips them. */
  const working = workingImports(app);
  const deps = importDeps(app);

  app.jobs.register('imports.recover', async ({ db }) => ({
    settled: await recoverAbandonedImports(db, app.clock.now(), { mine: working }),
  }));
  app.jobs.every('imports.recover', 60_000);
  registerFileSweep(app);

  const updateImport = async (id: string, fields: Record<string, unknown>) =>
    (await setImport(app.db, id, fields))!;

  function importContext(ctx: RouteContext, importId: string): ImportContext {
    return { importId, market: ctx.market, user: ctx.user, now: ctx.clock.now() };
  }

  /** Validates the stored original; writes the error file when rows have errors. */
  async function validateStored(ctx: RouteContext, row: ImportRow, def: ImportDefinition<unknown>) {
    const file = await findStoredFile(ctx.db, row.original_file_id);
    if (!file) throw notFound('The uploaded file');
    return validateUpload(deps, def, importContext(ctx, row.id), {
      key: file.key,
      storedName: row.stored_name,
    });
  }

  const routes = (exp: boolean) => {
    const prefix = exp ? '/api/exp/file' : '/api/file';
    const formText = exp
      ? 'The exp/ form, for markets whose BTPEndpoint flag is off (pk, bd; 404 where it is on).'
      : 'For markets whose BTPEndpoint flag is on (404 where it is off; those use the exp/ form).';

    app.post(
      `${prefix}/upload`,
      routeOptions({
        access: admins,
        schema: {
          tags: [TAG],
          summary: 'Upload an import file (multipart: kind, then file); stored and validated',
          description:
            `${formText} Admins with the kind's tool upload ability (403 otherwise). The name and declared size are ` +
            `checked before the body is read: '${IMPORT_MESSAGES.NOT_CSV}', '${IMPORT_MESSAGES.NAME_HAS_SPACES}' ` +
            `(400), '${IMPORT_MESSAGES.FILE_TOO_LARGE}' (413, also when the stream passes the limit). The answer ` +
            "is the import: 'validated' with the preview, or 'rejected' with the whole-file message. A whole-file kind " +
            `(merchImages: a .zip of images) refuses with its own texts ('${IMPORT_MESSAGES.MERCH_ZIP_ONLY}', ` +
            `'${IMPORT_MESSAGES.MERCH_ZIP_TOO_LARGE}') and answers 'queued': its job checks and stores the file, ` +
            "file/checkstatus follows it to 'applied', 'rejected' or 'failed'.",
          querystring: uploadQuerySchema,
          consumes: ['multipart/form-data'],
          response: envelopeResponses(importJobSchema, [409, 413]),
          security: signedIn,
        },
      }),
      async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = routeContext(request);
        await assertForm(ctx.db, ctx.market, exp);
        const { kind } = request.query as z.infer<typeof uploadQuerySchema>;
        // A whole-file import (a zip of images) shares the intake; a job does the rest.
        const wholeFile: FileImportDefinition | undefined = fileImportDefinition(kind);
        const def = wholeFile ?? definitionOf(kind);
        if (!(await mayUpload(ctx, def)) || (wholeFile?.allows && !wholeFile.allows(ctx.user)))
          throw forbidden('You may not upload this file.');
        const now = ctx.clock.now();
        const importId = randomUUID();
        const file = await receiveUpload(request, app.files, def, { importId, now });
        let row = await recordUpload(deps, {
          importId,
          kind,
          file,
          now,
          market: ctx.market,
          userId: ctx.user.id,
          sessionId: ctx.session.id,
          state: wholeFile ? 'queued' : 'parsing',
          leased: !wholeFile,
          also: async (tx) => {
            if (wholeFile) await wholeFile.enqueue(tx, importId, importContext(ctx, importId));
          },
        });
        if (wholeFile) return reply.send(ok(present(row, false)));
        const inserted = row;
        const rowDef = def as ImportDefinition<unknown>;
        try {
          const { outcome, errorFileId } = await holdImport(deps, importId, () =>
            validateStored(ctx, inserted, rowDef),
          );
          row = await updateImport(importId, validatedFields(outcome, errorFileId, ctx.clock.now()));
        } catch (error) {
          request.log.error({ err: error, importId }, 'import validation failed');
          row = await updateImport(importId, {
            state: 'failed',
            message: importMessage('TECHNICAL_ERROR'),
            ...released,
          });
        }
        return reply.send(ok(present(row, true)));
      },
    );

    app.get(
      `${prefix}/checkstatus`,
      routeOptions({
        access: admins,
        schema: {
          tags: [TAG],
          summary: 'The state, progress and preview of an import',
          description:
            `${formText} Admins of the import's market (404 for another market's import). By jobId, or by the ` +
            "spec's `fileName` header (the stored name).",
          querystring: importJobQuerySchema,
          headers: z.object({ fileName: z.string().max(300).optional() }).passthrough(),
          response: envelopeResponses(importJobSchema),
          security: signedIn,
        },
      }),
      handle(async (ctx, { query }, request) => {
        await assertForm(ctx.db, ctx.market, exp);
        const { jobId } = query as z.infer<typeof importJobQuerySchema>;
        const header = request.headers['filename'];
        let row = await loadImport(ctx, jobId, typeof header === 'string' ? header : undefined);
        // An import still held by a process whose lease ran out: that process died; settle it now.
        if (
          (row.state === 'parsing' || row.state === 'applying') &&
          (row.locked_until === null || new Date(row.locked_until) < ctx.clock.now()) &&
          (await recoverAbandonedImports(ctx.db, ctx.clock.now(), { mine: working, onlyId: row.id })) > 0
        )
          row = await loadImport(ctx, row.id, undefined);
        // A whole-file import whose job failed for good (its process died on every attempt): settle it.
        const wholeFile = fileImportDefinition(row.kind);
        if (wholeFile && row.state === 'queued') {
          const { rows: jobs } = await ctx.db.query<{ state: string }>(
            `SELECT state FROM jobs WHERE name = $1 AND payload->>'importId' = $2 ORDER BY created_at DESC LIMIT 1`,
            [wholeFile.jobName, row.id],
          );
          if (jobs[0]?.state === 'failed')
            row = await updateImport(row.id, { state: 'failed', message: importMessage('TECHNICAL_ERROR') });
        }
        const def = importDefinition(row.kind);
        return ok(present(row, def ? await mayUpload(ctx, def) : false));
      }),
    );

    app.post(
      `${prefix}/apply`,
      routeOptions({
        access: admins,
        schema: {
          tags: [TAG],
          summary: 'Apply a validated import that has no errors',
          description:
            `${formText} Admins with the kind's tool upload ability, of the import's market (404 for another ` +
            `market's import). Only a 'validated' import without errors (409 '${IMPORT_MESSAGES.HAS_ERRORS}' ` +
            'otherwise). The file is read and checked again, then applied in one transaction with the audit entry.',
          querystring: importJobQuerySchema,
          body: z
            .object({ jobId: z.string().max(64).optional() })
            .passthrough()
            .nullish(),
          response: envelopeResponses(importJobSchema, [409]),
          security: signedIn,
        },
      }),
      handle(async (ctx, { query, body }) => {
        await assertForm(ctx.db, ctx.market, exp);
        const jobId =
          (query as z.infer<typeof importJobQuerySchema>).jobId ?? (body as { jobId?: string } | null)?.jobId;
        const row = await loadImport(ctx, jobId, undefined);
        const def = definitionOf(row.kind);
        if (!(await mayUpload(ctx, def))) throw forbidden('You may not apply this file.');
        if (row.state !== 'validated' || (row.preview?.errorCount ?? 1) > 0)
          throw refusal(importMessage('HAS_ERRORS'), 409);
        const claimed = await ctx.db.query(
          `UPDATE imports SET state = 'applying', locked_by = $2, locked_until = $3
           WHERE id = $1 AND state = 'validated' RETURNING id`,
          [row.id, deps.workerId, leaseUntil(app.clock, IMPORT_LEASE_MS)],
        );
        if (claimed.rows.length === 0) throw refusal(importMessage('HAS_ERRORS'), 409);
        return holdImport(deps, row.id, async () => {
          try {
            const { outcome, errorFileId } = await validateStored(ctx, row, def);
            if (outcome.preview === null || outcome.errors.length > 0) {
              const again = await updateImport(row.id, {
                state: outcome.preview === null ? 'rejected' : 'validated',
                preview: outcome.preview,
                message: outcome.message,
                error_file_id: errorFileId,
                ...released,
              });
              void again;
              throw refusal(importMessage('HAS_ERRORS'), 409);
            }
            const result = await applyImport(ctx.db, def, outcome.valid, importContext(ctx, row.id), {
              sessionId: ctx.session.id,
              requestId: ctx.requestId,
              fileName: row.original_name,
            });
            const done = await updateImport(row.id, {
              state: 'applied',
              result,
              applied_at: ctx.clock.now(),
              ...released,
            });
            return ok(present(done, true));
          } catch (error) {
            if (error instanceof AppError) throw error;
            ctx.log.error({ err: error, importId: row.id }, 'import apply failed');
            await updateImport(row.id, {
              state: 'failed',
              message: importMessage('TECHNICAL_ERROR'),
              ...released,
            });
            throw new AppError('INTERNAL_ERROR', IMPORT_MESSAGES.TECHNICAL_ERROR);
          }
        });
      }),
    );

    app.get(
      `${prefix}/download/:id`,
      routeOptions({
        access: admins,
        schema: {
          tags: [TAG],
          summary: 'A stored file: an upload as received, or an import’s error file',
          description:
            `${formText} Admins of the file's market (404 otherwise). An import's error file has the id ` +
            '`<importId>-errors` (its errorFileId): the rows with an Error column, UTF-8 with a BOM.',
          params: downloadParamsSchema,
          querystring: marketOnlySchema,
          response: {
            ...envelopeResponses(z.null()),
            200: z.unknown().describe('the file, as an attachment'),
          },
          security: signedIn,
        },
      }),
      async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = routeContext(request);
        await assertForm(ctx.db, ctx.market, exp);
        const { id } = request.params as z.infer<typeof downloadParamsSchema>;
        const file = await findStoredFile(ctx.db, id);
        if (!file || file.market !== ctx.market) throw notFound('The file');
        const size = await app.files.size(file.key);
        if (size === null) throw notFound('The file');
        const name = file.storedName;
        void reply
          .header(
            'Content-Type',
            name.toLowerCase().endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream',
          )
          .header('Content-Disposition', attachmentDisposition(name))
          .header('Cache-Control', 'no-store');
        return reply.send(app.files.get(file.key));
      },
    );
  };

  routes(false);
  routes(true);
};
