/**
 * The user access bulk upload and Add Salesman BG Mapping (issue 13, spec sections 2, 5, 7 and 8):
 *
 *   POST /api/fb/users[?userType=salesman][&preview=true]   multipart `file` (and `updatedBy`); headers
 *        customerToken, countryCode. Through the import pipeline (lib/imports): intake, store, read
 *        (.xlsx / SpreadsheetML .xml), validate every row, error sheet; then, unless `preview=true`,
 *        apply in one transaction with the audit entry and the data-version bump. Answers 200 with
 *        response-data 'success' (the spec's answer), or, for a preview, the counts and the error sheet.
 *        A file with any row error changes nothing: 400 'Upload Failed. Please check file data and
 *        upload again.' with the first row errors in `errors.fields`.
 *   GET  /api/admin/salesman-bg-mapping?smCode=              a salesman of the market and their business groups
 *   PUT  /api/admin/salesman-bg-mapping                      {smCode, businessGroups}: saved and audited
 *
 * Admins of the market with User Access's upload (edit) ability; BG mapping is not for market id.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MESSAGES,
  importMessage,
  ok,
  SALESMAN_UPLOAD_HEADERS,
  SALESMAN_UPLOAD_NOTES,
  USER_UPLOAD_HEADERS,
  USER_UPLOAD_NOTES,
  salesmanBgMappingRequestSchema,
  salesmanBgMappingSchema,
  userUploadPreviewSchema,
  userUploadQuerySchema,
  userUploadResultSchema,
  type CodedMessage,
  type ImportPreview,
  type SalesmanBgMapping,
} from '@fieldforce/contracts';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { recordStoredFile } from '../../lib/file-store.js';
import { applyImport } from '../../lib/imports/apply.js';
import type { ImportContext, ImportDefinition } from '../../lib/imports/definition.js';
import { errorFileLines } from '../../lib/imports/error-file.js';
import { extensionOf, receiveUpload } from '../../lib/imports/intake.js';
import { validateImport, type OpenFile } from '../../lib/imports/validate.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import { dtScope } from '../../lib/policy.js';
import { attachmentDisposition } from '../../lib/export-limits.js';
import { envelopeResponses } from '../../lib/responses.js';
import { handle, routeContext, routeOptions, type RouteContext } from '../../lib/route.js';
import { IMPORT_LEASE_MS } from '../files/recovery.js';
import { salesmanImport } from './salesman-import.js';
import { userImport } from './user-import.js';

const TAG = 'users';
const signedIn = [{ customerToken: [] }];
const admins = { roles: ['admin'] } as const;
/** Row errors carried in a refused upload's `errors.fields` (the error sheet has all of them). */
const FIELD_ERRORS = 50;
export const BG_MAPPING_ACTION = 'salesman.bg.update';

/** A refusal whose text is an import message (the web maps the English text back to its code). */
function refusal(message: CodedMessage, status = 400, rows: ImportPreview['errors'] = []) {
  return new AppError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', message.message, [
    { field: 'file', message: message.message },
    ...rows.slice(0, FIELD_ERRORS).map((e) => ({
      field: e.header ? `row ${e.row}: ${e.header}` : `row ${e.row}`,
      message: e.message,
    })),
  ]);
}

const uploadResponse = z.union([userUploadResultSchema, userUploadPreviewSchema]);

export const userUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
  const workerId = `${app.jobs.workerId}`;
  const leaseEnd = () => new Date(app.clock.now().getTime() + IMPORT_LEASE_MS);

  async function setImport(id: string, fields: Record<string, unknown>): Promise<void> {
    const names = Object.keys(fields);
    const json = new Set(['preview', 'result', 'message']);
    await app.db.query(
      `UPDATE imports SET ${names.map((n, i) => `${n} = $${i + 2}${json.has(n) ? '::jsonb' : ''}`).join(', ')}
        WHERE id = $1`,
      [
        id,
        ...names.map((n) => {
          const v = fields[n];
          return json.has(n) && v !== null ? JSON.stringify(v) : v;
        }),
      ],
    );
  }

  /** Keeps the import's lease while the work runs (recovery settles an import whose lease ran out). */
  async function leased<T>(id: string, work: () => Promise<T>): Promise<T> {
    const renew = setInterval(() => {
      app.db
        .query('UPDATE imports SET locked_until = $2 WHERE id = $1', [id, leaseEnd()])
        .catch((error: unknown) =>
          app.log.warn({ err: error, importId: id }, 'renewing an import lease failed'),
        );
    }, IMPORT_LEASE_MS / 3);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
    }
  }

  app.post(
    '/api/fb/users',
    routeOptions({
      access: admins,
      schema: {
        tags: [TAG],
        summary:
          'User access bulk upload (.xlsx / .xml): create or update users, or salesmen with userType=salesman',
        description:
          "Admins of the market with User Access's upload ability (403 otherwise). Multipart `file` (and " +
          '`updatedBy`, the uploader’s email); headers customerToken and countryCode. A name not ending in .xlsx ' +
          `or .xml: '${IMPORT_MESSAGES.USER_FILE_INCORRECT}' (400); over 25 MB: '${IMPORT_MESSAGES.FILE_TOO_LARGE}' ` +
          `(413). Every row is validated; any error changes nothing: '${IMPORT_MESSAGES.HAS_ERRORS}' (400, first row ` +
          'errors in errors.fields; the error sheet via preview=true). Otherwise applied in one transaction: 200 with ' +
          "response-data 'success'. preview=true validates only and answers the counts.",
        querystring: userUploadQuerySchema,
        consumes: ['multipart/form-data'],
        response: envelopeResponses(uploadResponse, [413]),
        security: signedIn,
      },
    }),
    async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = routeContext(request);
      const query = request.query as z.infer<typeof userUploadQuerySchema>;
      const def = (query.userType === 'salesman'
        ? salesmanImport
        : userImport) as unknown as ImportDefinition<unknown>;
      await assertAdminTool(ctx.db, ctx.user, ctx.market, 'userAccess', 'upload');
      const now = ctx.clock.now();
      const importId = randomUUID();
      const fileId = randomUUID();
      const file = await receiveUpload(request, app.files, def, {
        importId,
        now,
        fileField: 'file',
        fields: ['updatedBy'],
        noFile: 'USER_NO_FILE',
        wrongFile: 'USER_FILE_INCORRECT',
      });
      const updatedBy = file.fields.updatedBy?.trim();
      if (updatedBy && updatedBy.toLowerCase() !== ctx.user.email)
        throw new AppError('VALIDATION_FAILED', 'updatedBy: must be your own email', [
          { field: 'updatedBy', message: 'must be your own email' },
        ]);
      const { storedName } = file;
      await ctx.db.transaction(async (tx) => {
        await recordStoredFile(tx, {
          id: fileId,
          market: ctx.market,
          ownerId: ctx.user.id,
          kind: def.kind,
          originalName: file.originalName,
          storedName,
          key: file.key,
          bytes: file.bytes,
          createdAt: now,
        });
        await tx.query(
          `INSERT INTO imports (id, kind, market, uploader_id, session_id, original_name, stored_name,
                                original_file_id, state, created_at, locked_by, locked_until)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'parsing', $9, $10, $11)`,
          [
            importId,
            def.kind,
            ctx.market,
            ctx.user.id,
            ctx.session.id,
            file.originalName,
            storedName,
            fileId,
            now,
            workerId,
            leaseEnd(),
          ],
        );
      });
      const open: OpenFile = () => app.files.get(file.key) as AsyncIterable<Uint8Array>;
      const importCtx: ImportContext = { importId, market: ctx.market, user: ctx.user, now };
      const released = { locked_by: null, locked_until: null };
      try {
        return await leased(importId, async () => {
          const outcome = await validateImport(ctx.db, open, def, importCtx);
          const errorFileId =
            outcome.errors.length > 0
              ? await writeErrorSheet(ctx, importId, storedName, def, open, outcome.errors)
              : null;
          const rejected = outcome.preview === null;
          const hasErrors = rejected || outcome.errors.length > 0;
          if (query.preview === 'true' || hasErrors) {
            await setImport(importId, {
              state: rejected ? 'rejected' : 'validated',
              preview: outcome.preview,
              message: outcome.message,
              error_file_id: errorFileId,
              progress_done: outcome.preview?.rows ?? 0,
              progress_total: outcome.preview?.rows ?? 0,
              validated_at: ctx.clock.now(),
              ...released,
            });
            if (rejected) throw refusal(outcome.message ?? importMessage('HAS_ERRORS'));
            if (query.preview !== 'true') throw refusal(importMessage('HAS_ERRORS'), 400, outcome.errors);
            return reply.send(
              ok({ ...outcome.preview!, importId, fileName: file.originalName, errorFileId }),
            );
          }
          await setImport(importId, {
            state: 'applying',
            preview: outcome.preview,
            validated_at: ctx.clock.now(),
          });
          const result = await applyImport(ctx.db, def, outcome.valid, importCtx, {
            sessionId: ctx.session.id,
            requestId: ctx.requestId,
            fileName: file.originalName,
          });
          await setImport(importId, { state: 'applied', result, applied_at: ctx.clock.now(), ...released });
          return reply.send(ok('success' as const));
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, importId }, 'user upload failed');
        await setImport(importId, {
          state: 'failed',
          message: importMessage('TECHNICAL_ERROR'),
          ...released,
        });
        throw new AppError('INTERNAL_ERROR', IMPORT_MESSAGES.HAS_ERRORS);
      }
    },
  );

  /** The error sheet: the original rows with an Error column, stored as the import's error file. */
  async function writeErrorSheet(
    ctx: RouteContext,
    importId: string,
    storedName: string,
    def: ImportDefinition<unknown>,
    open: OpenFile,
    errors: ImportPreview['errors'],
  ): Promise<string> {
    const id = `${importId}-errors`;
    const key = `imports/${importId}/errors.csv`;
    const { bytes } = await app.files.put(key, Readable.from(errorFileLines(open, errors, ctx.market)));
    const ext = extensionOf(storedName);
    const name = `${ext ? storedName.slice(0, -ext.length) : storedName}_errors.csv`;
    await recordStoredFile(ctx.db, {
      id,
      market: ctx.market,
      ownerId: ctx.user.id,
      kind: `${def.kind}.errors`,
      originalName: name,
      storedName: name,
      key,
      bytes,
      createdAt: ctx.clock.now(),
    });
    return id;
  }

  // ------------------------------------------------------------------------------------------------
  // The template (Download Template): the columns, one example row, a Notes sheet
  // ------------------------------------------------------------------------------------------------

  const templateQuerySchema = userUploadQuerySchema.pick({ countryCode: true, userType: true });

  app.get(
    '/api/fb/users/template',
    routeOptions({
      access: admins,
      schema: {
        tags: [TAG],
        summary: 'The bulk upload template (.xlsx): the columns, one example row and a Notes sheet',
        description:
          'Admins of the market with User Access upload. userType=salesman gives the salesman template. The ' +
          "example row uses a DT code (and site) of the market inside the caller's DT codes.",
        querystring: templateQuerySchema,
        response: {
          ...envelopeResponses(z.null()),
          200: z.unknown().describe('the .xlsx, as an attachment'),
        },
        security: signedIn,
      },
    }),
    async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = routeContext(request);
      const { userType } = request.query as z.infer<typeof templateQuerySchema>;
      await assertAdminTool(ctx.db, ctx.user, ctx.market, 'userAccess', 'upload');
      const params: unknown[] = [ctx.market];
      const scope = dtScope(ctx.user);
      if (scope !== null) params.push(scope);
      const { rows } = await ctx.db.query<{ dt_code: string; dt_site_code: string | null }>(
        `SELECT d.dt_code, (SELECT min(s.dt_site_code) FROM dt_sites s WHERE s.dt_code = d.dt_code) AS dt_site_code
           FROM distributors d WHERE d.country_code = $1 ${scope !== null ? 'AND d.dt_code = ANY($2::text[])' : ''}
          ORDER BY d.dt_code LIMIT 1`,
        params,
      );
      const dt = rows[0]?.dt_code ?? '';
      const salesman = userType === 'salesman';
      const headers: readonly string[] = salesman ? SALESMAN_UPLOAD_HEADERS : USER_UPLOAD_HEADERS;
      const notes: Record<string, string> = salesman ? SALESMAN_UPLOAD_NOTES : USER_UPLOAD_NOTES;
      const example = salesman
        ? [dt, rows[0]?.dt_site_code ?? '', 'SM00001', 'Jane Doe', '0901234567', 'jane.doe@example.com']
        : [
            'jane.doe@example.com',
            'Jane Doe',
            'Area Sales Manager',
            'user',
            'YES',
            'YES',
            'NO',
            dt,
            ctx.market,
            'Distributor',
          ];
      const book = new ExcelJS.Workbook();
      book.creator = 'Fieldforce';
      const sheet = book.addWorksheet(salesman ? 'Salesmen' : 'Users');
      sheet.addRow([...headers]).font = { bold: true };
      // Text cells, so a phone number or a code keeps its leading zero.
      sheet.addRow(example);
      headers.forEach((h, i) => {
        const column = sheet.getColumn(i + 1);
        column.width = Math.max(14, h.length + 4);
        column.numFmt = '@';
      });
      const notesSheet = book.addWorksheet('Notes');
      notesSheet.addRow(['Column', 'What it takes']).font = { bold: true };
      for (const h of headers) notesSheet.addRow([h, notes[h] ?? '']);
      notesSheet.addRow([]);
      notesSheet.addRow([
        'File',
        'Save as .xlsx or .xml (Excel 2003 XML), at most 25MB. Keep the header row as it is.',
      ]);
      notesSheet.getColumn(1).width = 34;
      notesSheet.getColumn(2).width = 100;
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      const name = salesman ? 'salesman-upload-template.xlsx' : 'user-access-upload-template.xlsx';
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );

  // ------------------------------------------------------------------------------------------------
  // Add Salesman BG Mapping (spec section 2: from 'Add SalesPerson Info'; not for market id)
  // ------------------------------------------------------------------------------------------------

  const bgQuerySchema = z.object({
    countryCode: userUploadQuerySchema.shape.countryCode,
    smCode: z.string().trim().min(1).max(64),
  });

  async function bgTarget(ctx: RouteContext, smCode: string): Promise<SalesmanBgMapping & { id: string }> {
    if (ctx.market === 'id') throw forbidden('Add Salesman BG Mapping is not available in Indonesia.');
    await assertAdminTool(ctx.db, ctx.user, ctx.market, 'userAccess', 'edit');
    const params: unknown[] = [smCode, ctx.market];
    const scope = dtScope(ctx.user);
    const { rows } = await ctx.db.query<{
      id: string;
      sm_code: string;
      name: string;
      dt_code: string;
      groups: string[] | null;
      updated_at: Date | null;
    }>(
      `SELECT s.id::text AS id, s.sm_code, s.name, s.dt_code,
              (SELECT array_agg(g.business_group ORDER BY g.business_group) FROM salesman_business_groups g
                WHERE g.salesman_id = s.id) AS groups,
              (SELECT max(g.updated_at) FROM salesman_business_groups g WHERE g.salesman_id = s.id) AS updated_at
         FROM salesmen s WHERE s.sm_code = $1 AND s.country_code = $2`,
      params,
    );
    const row = rows[0];
    // Outside the uploader's DT codes reads as absent (no hint that it exists).
    if (!row || (scope !== null && !scope.includes(row.dt_code))) throw notFound('The salesman');
    return {
      id: row.id,
      smCode: row.sm_code,
      name: row.name,
      dtCode: row.dt_code,
      businessGroups: row.groups ?? [],
      updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    };
  }

  app.get(
    '/api/admin/salesman-bg-mapping',
    routeOptions({
      access: admins,
      schema: {
        tags: [TAG],
        summary: 'A salesman of the market and the business groups they are mapped to',
        description:
          'Admins of the market (not for id: 403) with User Access edit; a salesman outside the caller’s DT codes ' +
          'or market is 404.',
        querystring: bgQuerySchema,
        response: envelopeResponses(salesmanBgMappingSchema),
        security: signedIn,
      },
    }),
    handle(async (ctx, { query }) => {
      const { id: _id, ...mapping } = await bgTarget(ctx, (query as z.infer<typeof bgQuerySchema>).smCode);
      return ok(mapping);
    }),
  );

  app.put(
    '/api/admin/salesman-bg-mapping',
    routeOptions({
      access: admins,
      schema: {
        tags: [TAG],
        summary: 'Map a salesman to business groups (Add Salesman BG Mapping)',
        description:
          'Admins of the market (not for id: 403) with User Access edit. The groups replace the salesman’s ' +
          "mapping; the change is in the Activity Log ('salesman.bg.update', before and after).",
        querystring: bgQuerySchema.pick({ countryCode: true }),
        body: salesmanBgMappingRequestSchema,
        response: envelopeResponses(salesmanBgMappingSchema),
        security: signedIn,
      },
    }),
    handle(async (ctx, { body }) => {
      const request = body as z.infer<typeof salesmanBgMappingRequestSchema>;
      const target = await bgTarget(ctx, request.smCode);
      const groups = [...request.businessGroups].sort();
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        await tx.query('DELETE FROM salesman_business_groups WHERE salesman_id = $1', [target.id]);
        await tx.query(
          `INSERT INTO salesman_business_groups (salesman_id, business_group, updated_by, updated_at)
           SELECT $1::bigint, g, $3, $4::timestamptz FROM unnest($2::text[]) AS g`,
          [target.id, groups, ctx.user.id, now],
        );
        await ctx.audit(tx, {
          tool: 'userAccess',
          action: BG_MAPPING_ACTION,
          target: target.smCode,
          before: { businessGroups: target.businessGroups },
          after: { businessGroups: groups },
          at: now,
        });
      });
      const { id: _id, ...mapping } = await bgTarget(ctx, request.smCode);
      return ok(mapping);
    }),
  );
};
