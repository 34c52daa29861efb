/**
 * Merchandizing Sets, Add Images (issue 15). The upload goes through the import pipeline:
 *   POST /api/file/upload?kind=merchImages (or exp/file/upload)   multipart `file`: a .zip of at most 100 MB;
 *        the intake refuses another extension ('Only .zip files are allowed.') and a larger body ('The file
 *        size exceeds 100 MB.') before buffering, stores the original and enqueues 'merch.images.import';
 *   GET  /api/admin/merchImages/uploads/{jobId}[?setId=]     the upload's state, progress and match report;
 *   GET  /api/admin/merchImages[?setId=|displayIds=]         the current image of each display;
 *   GET  /api/admin/merchImages/{id}/image | /thumbnail      the stored JPEG.
 * Admins of the market where the isCDA flag is on (vn); the upload needs an admin of all the market's
 * distributors (displays are market-wide).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MESSAGES,
  importMessage,
  merchImageListSchema,
  merchImageReportQuerySchema,
  merchImageReportSchema,
  merchImagesQuerySchema,
  ok,
  type CountryCode,
  type MerchImage,
  type MerchImageReport,
} from '@fieldforce/contracts';
import type { Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { findStoredFile, type FileStore } from '../../lib/file-store.js';
import { updateImport, type ImportRow } from '../../lib/imports/stored-import.js';
import type { JobFailure, JobHandler, JobPayloads } from '../../lib/jobs.js';
import { notFound } from '../../lib/errors.js';
import { envelopeResponses } from '../../lib/responses.js';
import { handle, routeContext, routeOptions } from '../../lib/route.js';
import { AlreadyRecorded, importImageZip, REPORT_LIST_CAP, type ImageZipOutcome } from './images-service.js';
import { assertMerchImages } from './images-policy.js';
// Registers the 'merchImages' whole-file import with the pipeline.
import './images-definition.js';

declare module '../../lib/jobs.js' {
  interface JobPayloads {
    'merch.images.import': { importId: string };
  }
}

const TAG = 'merchandizing';
const signedIn = [{ customerToken: [] }];
const admins = { roles: ['admin'] } as const;
export const MERCH_IMAGES_API = '/api/admin/merchImages';
const ACCESS =
  'Admins of the market where Merchandizing Sets is on (the isCDA flag: vn); 403 elsewhere. Another ' +
  "market's upload or image is 404.";

const jobParams = z.object({ jobId: z.string().min(1).max(64) });
const imageParams = z.object({ id: z.string().uuid() });
const marketOnly = z.object({ countryCode: z.string().optional() });

interface ImageRow {
  id: string;
  display_id: string;
  display_name: string | null;
  width: number;
  height: number;
  bytes: number;
  thumb_width: number;
  thumb_height: number;
  original_name: string;
  uploaded_by: string | null;
  uploaded_at: Date;
}

const presentImage = (r: ImageRow): MerchImage => ({
  id: r.id,
  displayId: r.display_id,
  displayName: r.display_name,
  width: Number(r.width),
  height: Number(r.height),
  bytes: Number(r.bytes),
  thumbWidth: Number(r.thumb_width),
  thumbHeight: Number(r.thumb_height),
  originalName: r.original_name,
  uploadedBy: r.uploaded_by,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  imagePath: `${MERCH_IMAGES_API}/${r.id}/image`,
  thumbnailPath: `${MERCH_IMAGES_API}/${r.id}/thumbnail`,
});

/** The newest set version's name of each display (a Display ID belongs to one Set ID of a market). */
const DISPLAY_NAMES = `
  SELECT DISTINCT ON (d.display_id) d.display_id, d.display_name, s.set_id
    FROM merch_displays d JOIN merch_sets s ON s.id = d.set_pk
   WHERE d.country_code = $1
   ORDER BY d.display_id, s.version DESC`;

/**
 * The job 'merch.images.import': checks, re-encodes and stores an uploaded zip (images-service.ts) and
 * records the upload's outcome. Safe to run again (docs/reliability.md, "Jobs: running twice"): files
 * go under names derived from the upload, the images and the upload's state commit in one transaction
 * that only the first attempt to get there makes (the upload row is locked and must still be queued),
 * and an attempt that lost its lease leaves the upload to the process that took it over.
 */
export function merchImagesImportJob(deps: {
  files: FileStore;
  clock: Clock;
}): JobHandler<JobPayloads['merch.images.import']> {
  return async ({ payload, db, progress, log, signal }) => {
    const { rows } = await db.query<ImportRow>('SELECT * FROM imports WHERE id = $1', [payload.importId]);
    const row = rows[0];
    if (!row || row.state !== 'queued') return { skipped: true };
    const setImport = async (q: Queryable, fields: Record<string, unknown>, onlyQueued = false) =>
      (await updateImport(q, row.id, fields, onlyQueued ? `state = 'queued'` : undefined)) !== null;
    const report = (q: Queryable, outcome: ImageZipOutcome) =>
      q.query(
        `INSERT INTO merch_image_uploads (import_id, country_code, entries, stored, replaced, problems,
                                          problem_count, images_without_display, finished_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9)
         ON CONFLICT (import_id) DO NOTHING`,
        [
          row.id,
          row.market,
          outcome.entries,
          outcome.stored,
          outcome.replaced,
          JSON.stringify(outcome.problems),
          outcome.problemCount,
          JSON.stringify(outcome.imagesWithoutDisplay),
          deps.clock.now(),
        ],
      );
    const dir = await mkdtemp(path.join(tmpdir(), 'ff-merch-'));
    try {
      const file = await findStoredFile(db, row.original_file_id);
      if (!file) throw new Error('the uploaded zip is not stored');
      // A local copy: the central directory needs random access, the store gives a stream.
      const zipPath = path.join(dir, 'upload.zip');
      await pipeline(deps.files.get(file.key), createWriteStream(zipPath));
      const now = deps.clock.now();
      const outcome = await importImageZip({
        db,
        files: deps.files,
        market: row.market as CountryCode,
        zipPath,
        originalName: row.original_name,
        importId: row.id,
        userId: row.uploader_id,
        sessionId: row.session_id,
        now,
        signal,
        progress: async (done, total) => {
          await progress(done, total);
          await setImport(db, { progress_done: done, progress_total: total });
        },
        // The images, the match report and the upload's state commit together, once.
        claim: async (tx) => {
          const { rows: locked } = await tx.query<{ state: string }>(
            'SELECT state FROM imports WHERE id = $1 FOR UPDATE',
            [row.id],
          );
          return locked[0]?.state === 'queued';
        },
        recorded: async (tx, recorded) => {
          await report(tx, recorded);
          await setImport(tx, {
            state: 'applied',
            result: {
              created: recorded.stored - recorded.replaced,
              updated: recorded.replaced,
              unchanged: 0,
            },
            progress_done: recorded.stored,
            progress_total: recorded.stored,
            validated_at: now,
            applied_at: deps.clock.now(),
          });
        },
      });
      if (!outcome.ok) {
        await db.transaction(async (tx) => {
          if (await setImport(tx, { state: 'rejected', message: outcome.message, validated_at: now }, true))
            await report(tx, outcome);
        });
      }
      return { ok: outcome.ok, stored: outcome.stored };
    } catch (error) {
      if (error instanceof AlreadyRecorded) return { skipped: true };
      // Lost lease: the process that took the job over settles the upload.
      if (signal.aborted) throw error;
      log.error({ err: error, importId: row.id }, 'merchandizing image upload failed');
      await setImport(db, { state: 'failed', message: importMessage('TECHNICAL_ERROR') }, true);
      return { ok: false };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** The job's last process died (its lease ran out on the last attempt): the upload fails with a message. */
export async function merchImagesImportFailed({
  payload,
  db,
}: JobFailure<JobPayloads['merch.images.import']>) {
  await db.query(
    `UPDATE imports SET state = 'failed', message = $2::jsonb WHERE id = $1 AND state = 'queued'`,
    [payload.importId, JSON.stringify(importMessage('TECHNICAL_ERROR'))],
  );
}

export const merchImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register('merch.images.import', merchImagesImportJob({ files: app.files, clock: app.clock }), {
    maxAttempts: 2,
    onFailed: merchImagesImportFailed,
  });

  app.get(
    `${MERCH_IMAGES_API}/uploads/:jobId`,
    routeOptions({
      access: admins,
      schema: {
        tags: [TAG],
        summary: 'Add Images: an upload’s state, progress and match report',
        description:
          `${ACCESS} jobId is the import's id from file/upload (kind=merchImages). While queued: progress. ` +
          `Refused zips carry one of section 8's messages ('${IMPORT_MESSAGES.MERCH_ZIP_UNREADABLE}', ` +
          `'${IMPORT_MESSAGES.MERCH_ZIP_NAMES_INVALID}', '${IMPORT_MESSAGES.MERCH_ZIP_UNKNOWN_DISPLAYS}', ` +
          `'${IMPORT_MESSAGES.MERCH_ZIP_INVALID_FORMAT}') and the entries at fault; nothing of a refused zip is ` +
          'stored. The report lists the displays of the market (or of setId) still without an image and the ' +
          'images that match no display.',
        params: jobParams,
        querystring: merchImageReportQuerySchema,
        response: envelopeResponses(merchImageReportSchema),
        security: signedIn,
      },
    }),
    handle(async (ctx, { params, query }) => {
      await assertMerchImages(ctx, 'view');
      const { jobId } = params as z.infer<typeof jobParams>;
      const { setId } = query as z.infer<typeof merchImageReportQuerySchema>;
      const { rows } = await ctx.db.query<
        ImportRow & {
          entries: number | null;
          stored: number | null;
          replaced: number | null;
          problems: MerchImageReport['problems'] | null;
          problem_count: number | null;
          images_without_display: string[] | null;
        }
      >(
        `SELECT i.*, u.entries, u.stored, u.replaced, u.problems, u.problem_count, u.images_without_display
           FROM imports i LEFT JOIN merch_image_uploads u ON u.import_id = i.id
          WHERE i.id = $1 AND i.market = $2 AND i.kind = 'merchImages'`,
        [jobId, ctx.market],
      );
      const row = rows[0];
      if (!row) throw notFound('The upload');
      const { rows: missing } = await ctx.db.query<{
        display_id: string;
        display_name: string;
        set_id: string;
      }>(
        `SELECT n.display_id, n.display_name, n.set_id FROM (${DISPLAY_NAMES}) n
          WHERE ($2::text IS NULL OR n.set_id = $2)
            AND NOT EXISTS (SELECT 1 FROM merch_images m
                             WHERE m.country_code = $1 AND m.display_id = n.display_id AND m.replaced_at IS NULL)
          ORDER BY n.display_id`,
        [ctx.market, setId ?? null],
      );
      const report: MerchImageReport = {
        jobId: row.id,
        state: row.state,
        progress: {
          done: Number(row.progress_done),
          total: row.progress_total === null ? null : Number(row.progress_total),
        },
        message: row.message,
        originalName: row.original_name,
        entries: Number(row.entries ?? 0),
        stored: Number(row.stored ?? 0),
        replaced: Number(row.replaced ?? 0),
        problems: row.problems ?? [],
        problemCount: Number(row.problem_count ?? 0),
        imagesWithoutDisplay: row.images_without_display ?? [],
        displaysWithoutImage: missing.slice(0, REPORT_LIST_CAP).map((m) => ({
          displayId: m.display_id,
          displayName: m.display_name,
          setId: m.set_id,
        })),
        displaysWithoutImageCount: missing.length,
        setId: setId ?? null,
      };
      return ok(report);
    }),
  );

  app.get(
    MERCH_IMAGES_API,
    routeOptions({
      access: admins,
      schema: {
        tags: [TAG],
        summary: 'The current reference image of each display (of a set, or of the Display IDs given)',
        description:
          `${ACCESS} setId: the displays of that Set ID (any version); displayIds: comma-separated (at most 200); ` +
          'neither: every display image of the market. Each image has the paths of its JPEG and thumbnail.',
        querystring: merchImagesQuerySchema,
        response: envelopeResponses(merchImageListSchema),
        security: signedIn,
      },
    }),
    handle(async (ctx, { query }) => {
      const can = await assertMerchImages(ctx, 'view');
      const { setId, displayIds } = query as z.infer<typeof merchImagesQuerySchema>;
      const ids = displayIds
        ? [
            ...new Set(
              displayIds
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ].slice(0, 200)
        : null;
      const { rows } = await ctx.db.query<ImageRow>(
        `SELECT m.id, m.display_id, n.display_name, m.width, m.height, m.bytes, m.thumb_width, m.thumb_height,
                m.original_name, u.name AS uploaded_by, m.uploaded_at
           FROM merch_images m
           LEFT JOIN (${DISPLAY_NAMES}) n ON n.display_id = m.display_id
           LEFT JOIN users u ON u.id = m.uploaded_by
          WHERE m.country_code = $1 AND m.replaced_at IS NULL
            AND ($2::text IS NULL OR n.set_id = $2)
            AND ($3::text[] IS NULL OR m.display_id = ANY($3::text[]))
          ORDER BY m.display_id
          LIMIT 2000`,
        [ctx.market, setId ?? null, ids],
      );
      return ok({ images: rows.map(presentImage), can: { upload: can.upload } });
    }),
  );

  for (const variant of ['image', 'thumbnail'] as const) {
    app.get(
      `${MERCH_IMAGES_API}/:id/${variant}`,
      routeOptions({
        access: admins,
        schema: {
          tags: [TAG],
          summary:
            variant === 'image'
              ? 'A display’s reference image (JPEG, longest side at most 1600 px)'
              : 'A display’s reference image thumbnail (JPEG, longest side at most 320 px)',
          description: `${ACCESS} The bytes never change under an id (a new image gets a new id): cached privately for a day.`,
          params: imageParams,
          querystring: marketOnly,
          response: {
            ...envelopeResponses(z.null()),
            200: z.unknown().describe('image/jpeg'),
          },
          security: signedIn,
        },
      }),
      async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = routeContext(request);
        await assertMerchImages(ctx, 'view');
        const { id } = request.params as z.infer<typeof imageParams>;
        const { rows } = await ctx.db.query<{ image_key: string; thumb_key: string }>(
          'SELECT image_key, thumb_key FROM merch_images WHERE id = $1 AND country_code = $2',
          [id, ctx.market],
        );
        const row = rows[0];
        if (!row) throw notFound('The image');
        const key = variant === 'image' ? row.image_key : row.thumb_key;
        const size = await app.files.size(key);
        if (size === null) throw notFound('The image');
        void reply
          .header('Content-Type', 'image/jpeg')
          .header('Content-Length', size)
          .header('Cache-Control', 'private, max-age=86400, immutable')
          .header('ETag', `"${id}-${variant}"`)
          .header('X-Content-Type-Options', 'nosniff');
        return reply.send(app.files.get(key));
      },
    );
  }
};
