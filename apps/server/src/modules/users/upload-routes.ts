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
import { applyImport } from '../../lib/imports/apply.js';
import type { ImportContext, ImportDefinition } from '../../lib/imports/definition.js';
import { receiveUpload } from '../../lib/imports/intake.js';
import {
  holdImport,
  importDeps,
  IMPORT_RELEASED as released,
  recordUpload,
  updateImport,
  validatedFields,
  validateUpload,
} from '../../lib/imports/stored-import.js';
import { assertAdminTool } from '../../lib/policies/index.js';
import { dtScope } from '../../lib/policy.js';
import { attachmentDisposition } from '../../lib/export-limits.js';
import { envelopeResponses } from '../../lib/responses.js';
import { handle, routeContext, routeOptions, type RouteContext } from '../../lib/route.js';
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
  const deps = importDeps(app);
  const setImport = (id: string, fields: Record<string, unknown>) => updateImport(app.db, id, fields);

  /** `updatedBy`, when sent, is the uploader's own email: refused before anything is stored. */
  const refuseUpdatedBy = (email: string) => (name: string, value: string) => {
    const updatedBy = value.trim();
    if (name !== 'updatedBy' || !updatedBy || updatedBy.toLowerCase() === email) return null;
    return new AppError('VALIDATION_FAILED', 'updatedBy: must be your own email', [
      { field: 'updatedBy', message: 'must be your own email' },
    ]);
  };

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
      const file = await receiveUpload(request, app.files, def, {
        importId,
        now,
        fileField: 'file',
        fields: ['updatedBy'],
        refuseField: refuseUpdatedBy(ctx.user.email),
        noFile: 'USER_NO_FILE',
        wrongFile: 'USER_FILE_INCORRECT',
      });
      await recordUpload(deps, {
        importId,
        kind: def.kind,
        file,
        now,
        market: ctx.market,
        userId: ctx.user.id,
        sessionId: ctx.session.id,
        state: 'parsing',
        leased: true,
      });
      const importCtx: ImportContext = { importId, market: ctx.market, user: ctx.user, now };
      try {
        return await holdImport(deps, importId, async () => {
          const { outcome, errorFileId } = await validateUpload(deps, def, importCtx, file);
          const rejected = outcome.preview === null;
          const hasErrors = rejected || outcome.errors.length > 0;
          if (query.preview === 'true' || hasErrors) {
            await setImport(importId, validatedFields(outcome, errorFileId, ctx.clock.now()));
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
