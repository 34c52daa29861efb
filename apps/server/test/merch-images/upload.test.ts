/**
 * Add Images (issue 15) through the real file call and job: every section 8 message from real zip files
 * made here (a bomb whose headers lie, a `../` name, a symlink entry, a .jpg that is not an image, an
 * image for an unknown display, a body over 100 MB streamed without buffering), all-or-nothing, the
 * match report, replacement with history, the image and thumbnail calls, and who is refused.
 */
import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  type Envelope,
  type ImportJob,
  type MerchImageList,
  type MerchImageReport,
} from '@fieldforce/contracts';
import { readDataVersion } from '../../src/db/data-version.js';
import { imageIdOf } from '../../src/modules/merchandizing/images-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { UPLOAD_BOUNDARY, uploadFile } from '../helpers/upload.js';
import { createDtLimitedAdmin, signIn } from '../outlet-status/helpers.js';
import { SYMLINK, buildZip, imageBytes, lieAboutSizes } from './zip-fixtures.js';

let t: TestApp;
let dataDir: string;
let adminVn: string;
let tlVn: string;
let adminTh: string;
let dtAdminVn: string;
const API = '/api/admin/merchImages';
const data = <T>(res: { json(): unknown }) => (res.json() as Envelope<T>)['response-data'];
const shortOf = (res: { json(): unknown }) =>
  (res.json() as { errors: { shortDescription: string } }).errors.shortDescription;

/** A set ZTSET1 with displays ZT001..ZT004 and a set ZTSET2 with ZT101, in vn. */
async function createDisplays() {
  const { rows } = await t.app.db.query<{ id: string; set_id: string }>(
    `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name,
                             osa_hurdle, facings_hurdle, stock_hurdle, go_live, end_date)
     VALUES ('vn', 'ZTSET1', 1, 'Chiller', 'South', 'Test set one', 80, 80, 80, '2026-11-01', '2026-12-31'),
            ('vn', 'ZTSET2', 1, 'Shelf', 'North', 'Test set two', 80, 80, 80, '2026-11-01', '2026-12-31')
     RETURNING id, set_id`,
  );
  const pk = Object.fromEntries(rows.map((r) => [r.set_id, r.id]));
  await t.app.db.query(
    `INSERT INTO merch_displays (country_code, set_pk, display_id, display_name)
     VALUES ('vn', $1, 'ZT001', 'Cooler front'), ('vn', $1, 'ZT002', 'Cooler side'),
            ('vn', $1, 'ZT003', 'End cap'), ('vn', $1, 'ZT004', 'Counter'), ('vn', $2, 'ZT101', 'Shelf top')`,
    [pk.ZTSET1, pk.ZTSET2],
  );
}

const upload = (token: string | null, name: string, content: Buffer, market = 'vn') =>
  uploadFile(t.app, token, { name, content }, { market, kind: 'merchImages' });

/** Uploads, runs the job, answers the report. */
async function uploadAndRun(name: string, content: Buffer, setId?: string): Promise<MerchImageReport> {
  const res = await upload(adminVn, name, content);
  expect(res.statusCode, res.body).toBe(200);
  const job = data<ImportJob>(res);
  expect(job.kind).toBe('merchImages');
  expect(job.state).toBe('queued');
  await t.app.jobs.drain();
  const report = await t.app.inject({
    method: 'GET',
    url: `${API}/uploads/${job.jobId}?countryCode=vn${setId ? `&setId=${setId}` : ''}`,
    headers: { customertoken: adminVn },
  });
  expect(report.statusCode, report.body).toBe(200);
  return data<MerchImageReport>(report);
}

async function currentImages(): Promise<{ display_id: string; id: string }[]> {
  return (
    await t.app.db.query<{ display_id: string; id: string }>(
      `SELECT display_id, id FROM merch_images WHERE country_code = 'vn' AND replaced_at IS NULL ORDER BY 1`,
    )
  ).rows;
}

async function storedMerchFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(dataDir, 'files', 'merch', 'vn'));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'merch-images-test-'));
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, DATA_DIR: dataDir } });
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  tlVn = await signIn(t.app, 'tl.vn@demo.test', 'vn');
  adminTh = await signIn(t.app, 'admin.th@demo.test', 'th');
  dtAdminVn = await signIn(t.app, await createDtLimitedAdmin(t.app, 'vn', ['VNDT002']), 'vn');
  await createDisplays();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('refusals with the section 8 messages (nothing stored)', () => {
  it("'Only .zip files are allowed.' for another extension, before the body is read", async () => {
    const res = await upload(adminVn, 'images.rar', Buffer.from('Rar!'));
    expect(res.statusCode).toBe(400);
    expect(shortOf(res)).toBe(IMPORT_MESSAGES.MERCH_ZIP_ONLY);
    expect(IMPORT_MESSAGES.MERCH_ZIP_ONLY).toBe('Only .zip files are allowed.');
  });

  it("'The file size exceeds 100 MB.' for a declared size, and for a streamed body without a length", async () => {
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?countryCode=vn&kind=merchImages',
      headers: {
        customertoken: adminVn,
        'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
        'content-length': String(101 * 1024 * 1024),
      },
      payload: Buffer.from('x'),
    });
    expect(declared.statusCode).toBe(413);
    expect(shortOf(declared)).toBe('The file size exceeds 100 MB.');

    // 100 MB + 1 MB of a zip-named file, produced chunk by chunk: never one buffer, no Content-Length.
    const chunk = Buffer.alloc(1024 * 1024, 7);
    async function* body() {
      yield Buffer.from(
        `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
          'Content-Type: application/zip\r\n\r\n',
      );
      for (let i = 0; i < 101; i++) yield chunk;
      yield Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`);
    }
    const rssBefore = process.memoryUsage().rss;
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?countryCode=vn&kind=merchImages',
      headers: { customertoken: adminVn, 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
      payload: Readable.from(body()),
    });
    expect(streamed.statusCode, streamed.body).toBe(413);
    expect(shortOf(streamed)).toBe(IMPORT_MESSAGES.MERCH_ZIP_TOO_LARGE);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    const leftovers = await t.app.db.query(
      `SELECT 1 FROM imports WHERE kind = 'merchImages' AND original_name = 'big.zip'`,
    );
    expect(leftovers.rows).toHaveLength(0);
  }, 60_000);

  it("'Could not read zip file. Try again.' for a file that is not a zip", async () => {
    const report = await uploadAndRun('broken.zip', Buffer.from('PK\u0003\u0004 this is not a zip'));
    expect(report.state).toBe('rejected');
    expect(report.message?.message).toBe('Could not read zip file. Try again.');
  });

  it("'Some of the images names are invalid.' for a '../' name, a symlink, a name that is no Display ID", async () => {
    const jpeg = await imageBytes(1);
    for (const [name, zip] of [
      ['dotdot.zip', buildZip({ 'ZT001.jpg': jpeg, '../ZT002.jpg': jpeg })],
      [
        'link.zip',
        buildZip({ 'ZT001.jpg': [new TextEncoder().encode('/etc/passwd'), { ...SYMLINK, level: 0 }] }),
      ],
      ['spaces.zip', buildZip({ 'ZT 001.jpg': jpeg })],
      ['twice.zip', buildZip({ 'ZT001.jpg': jpeg, 'ZT001.png': await imageBytes(2, 'png') })],
    ] as const) {
      const report = await uploadAndRun(name, zip);
      expect(report.state, name).toBe('rejected');
      expect(report.message?.message, name).toBe('Some of the images names are invalid.');
      expect(report.problems.length, name).toBeGreaterThan(0);
    }
    expect(await currentImages()).toEqual([]);
  });

  it("'Some images have unknown Display IDs' with the images that match no display", async () => {
    const report = await uploadAndRun(
      'unknown.zip',
      buildZip({ 'ZT001.jpg': await imageBytes(1), 'NOPE9.jpg': await imageBytes(2) }),
    );
    expect(report.state).toBe('rejected');
    expect(report.message?.message).toBe('Some images have unknown Display IDs');
    expect(report.imagesWithoutDisplay).toEqual(['NOPE9.jpg']);
    expect(report.problems).toEqual([{ name: 'NOPE9.jpg', problem: 'unknownDisplay' }]);
    expect(await currentImages()).toEqual([]);
  });

  it("'Some of the images follow invalid format' for a .jpg that is not an image (all or nothing)", async () => {
    const before = await readDataVersion(t.app.db);
    const report = await uploadAndRun(
      'fake.zip',
      buildZip({
        'ZT001.jpg': await imageBytes(1),
        'ZT002.jpg': await imageBytes(2, 'png'),
        'ZT003.jpg': new TextEncoder().encode('<?php echo "not an image"; ?>'),
        'ZT004.gif': await imageBytes(4),
      }),
    );
    expect(report.state).toBe('rejected');
    expect(report.message?.message).toBe('Some of the images follow invalid format');
    expect(report.problems.map((p) => p.name)).toContain('ZT004.gif');
    // the good images were re-encoded and then removed again: nothing recorded, no file left
    expect(await currentImages()).toEqual([]);
    expect(await storedMerchFiles()).toEqual([]);
    expect(await readDataVersion(t.app.db)).toBe(before);

    const content = await uploadAndRun(
      'fake2.zip',
      buildZip({
        'ZT001.jpg': await imageBytes(1),
        'ZT003.jpg': new TextEncoder().encode('GIF89a not really'),
      }),
    );
    expect(content.message?.message).toBe('Some of the images follow invalid format');
    expect(content.problems).toEqual([{ name: 'ZT003.jpg', problem: 'format' }]);
    expect(await storedMerchFiles()).toEqual([]);
  });

  it('refuses a bomb whose headers lie about its size while inflating, storing nothing', async () => {
    const bomb = lieAboutSizes(buildZip({ 'ZT001.jpg': new Uint8Array(60 * 1024 * 1024) }, 9), 2048);
    expect(bomb.length).toBeLessThan(200_000);
    const report = await uploadAndRun('bomb.zip', bomb);
    expect(report.state).toBe('rejected');
    expect(['MERCH_ZIP_LIMITS', 'MERCH_ZIP_UNREADABLE']).toContain(report.message?.code);
    expect(await currentImages()).toEqual([]);
    // and an honest one is refused from its directory
    const honest = await uploadAndRun(
      'honest-bomb.zip',
      buildZip({ 'ZT001.jpg': new Uint8Array(60 * 1024 * 1024) }, 9),
    );
    expect(honest.message?.code).toBe('MERCH_ZIP_LIMITS');
  });
});

describe('a good zip', () => {
  it('stores re-encoded images under generated names, with the match report, audit and data version', async () => {
    const before = await readDataVersion(t.app.db);
    const big = await imageBytes(3, 'jpeg', { width: 2400, height: 1200 });
    const report = await uploadAndRun(
      'Set One.zip',
      buildZip({
        'photos/': new Uint8Array(),
        'photos/ZT001.JPG': big,
        'photos/ZT002.png': await imageBytes(2, 'png'),
        'photos/ZT003.webp': await imageBytes(3, 'webp'),
        '__MACOSX/photos/._ZT001.JPG': new Uint8Array(10),
      }),
      'ZTSET1',
    );
    expect(report.state).toBe('applied');
    expect(report.message).toBeNull();
    expect(report).toMatchObject({ entries: 3, stored: 3, replaced: 0, problems: [], setId: 'ZTSET1' });
    expect(report.displaysWithoutImage).toEqual([
      { displayId: 'ZT004', displayName: 'Counter', setId: 'ZTSET1' },
    ]);
    expect(report.displaysWithoutImageCount).toBe(1);
    expect(await readDataVersion(t.app.db)).not.toBe(before);

    const files = await storedMerchFiles();
    expect(files).toHaveLength(6);
    // ids (and file names) are derived from the upload and the Display ID: a retried job writes over its own files
    const ids = (await currentImages()).map((r) => r.id);
    expect(ids).toEqual(['ZT001', 'ZT002', 'ZT003'].map((d) => imageIdOf(report.jobId, d)));
    expect(files.sort()).toEqual(ids.flatMap((id) => [`${id}.jpg`, `${id}_thumb.jpg`]).sort());
    for (const f of files) expect(f).toMatch(/^[0-9a-f-]{36}(_thumb)?\.jpg$/);

    const list = await t.app.inject({
      method: 'GET',
      url: `${API}?countryCode=vn&setId=ZTSET1`,
      headers: { customertoken: adminVn },
    });
    expect(list.statusCode).toBe(200);
    const { images, can } = data<MerchImageList>(list);
    expect(can.upload).toBe(true);
    expect(images.map((i) => [i.displayId, i.displayName])).toEqual([
      ['ZT001', 'Cooler front'],
      ['ZT002', 'Cooler side'],
      ['ZT003', 'End cap'],
    ]);
    const first = images[0]!;
    expect([first.width, first.height]).toEqual([1600, 800]);
    expect(first.originalName).toBe('photos/ZT001.JPG');

    const image = await t.app.inject({
      method: 'GET',
      url: `${first.imagePath}?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('private');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1600);
    const thumb = await t.app.inject({
      method: 'GET',
      url: `${first.thumbnailPath}?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 160]);

    const audit = await t.app.db.query<{ action: string; target: string; after: Record<string, number> }>(
      `SELECT action, target, after FROM audit_log WHERE import_id = $1`,
      [report.jobId],
    );
    expect(audit.rows).toEqual([
      {
        action: 'merch.images.import',
        target: 'Set One.zip',
        after: { created: 3, updated: 0, unchanged: 0, images: 3 },
      },
    ]);
    // file/checkstatus shows the same import through the pipeline
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/file/checkstatus?countryCode=vn&jobId=${report.jobId}`,
      headers: { customertoken: adminVn },
    });
    expect(data<ImportJob>(status)).toMatchObject({
      state: 'applied',
      result: { created: 3, updated: 0, unchanged: 0 },
    });
  });

  it("replaces a display's image, keeping the old one as history", async () => {
    const [old] = (await currentImages()).filter((r) => r.display_id === 'ZT001');
    const report = await uploadAndRun('again.zip', buildZip({ 'ZT001.jpg': await imageBytes(9) }));
    expect(report).toMatchObject({ state: 'applied', stored: 1, replaced: 1 });
    const now = (await currentImages()).filter((r) => r.display_id === 'ZT001');
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(old!.id);
    const history = await t.app.db.query(
      `SELECT 1 FROM merch_images WHERE id = $1 AND replaced_at IS NOT NULL`,
      [old!.id],
    );
    expect(history.rows).toHaveLength(1);
  });

  it('lists images by Display IDs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}?countryCode=vn&displayIds=ZT002,ZT003,ZT101`,
      headers: { customertoken: adminVn },
    });
    expect(data<MerchImageList>(res).images.map((i) => i.displayId)).toEqual(['ZT002', 'ZT003']);
  });
});

describe('a job that fails for good', () => {
  it('leaves the import failed with the technical-error message, seen by file/checkstatus', async () => {
    const res = await upload(adminVn, 'dies.zip', buildZip({ 'ZT004.jpg': await imageBytes(4) }));
    const job = data<ImportJob>(res);
    // as if its process had died on every attempt: the jobs worker marks it failed
    await t.app.db.query(`UPDATE jobs SET state = 'failed' WHERE payload->>'importId' = $1`, [job.jobId]);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/file/checkstatus?countryCode=vn&jobId=${job.jobId}`,
      headers: { customertoken: adminVn },
    });
    expect(data<ImportJob>(status)).toMatchObject({
      state: 'failed',
      message: { code: 'TECHNICAL_ERROR', message: IMPORT_MESSAGES.TECHNICAL_ERROR },
    });
    await t.app.jobs.drain();
    expect((await currentImages()).map((r) => r.display_id)).not.toContain('ZT004');
  });
});

describe('access', () => {
  it('401 without a token; 403 for a non-admin, a market without isCDA, a DT-limited admin uploading', async () => {
    const zip = buildZip({ 'ZT004.jpg': await imageBytes(4) });
    expect((await upload(null, 'a.zip', zip)).statusCode).toBe(401);
    expect((await upload(tlVn, 'a.zip', zip)).statusCode).toBe(403);
    expect((await upload(adminTh, 'a.zip', zip, 'th')).statusCode).toBe(403);
    expect((await upload(adminVn, 'a.zip', zip, 'th')).statusCode).toBe(403);
    expect((await upload(dtAdminVn, 'a.zip', zip)).statusCode).toBe(403);
    for (const [token, market] of [
      [null, 'vn'],
      [tlVn, 'vn'],
      [adminTh, 'th'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}?countryCode=${market}`,
        headers: token ? { customertoken: token } : {},
      });
      expect(res.statusCode).toBe(token ? 403 : 401);
    }
    // the DT-limited admin may look, not add
    const list = await t.app.inject({
      method: 'GET',
      url: `${API}?countryCode=vn`,
      headers: { customertoken: dtAdminVn },
    });
    expect(list.statusCode).toBe(200);
    expect(data<MerchImageList>(list).can.upload).toBe(false);
  });

  it("404 for an unknown image or upload; another market's files are not served", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/00000000-0000-4000-8000-000000000000/image?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(res.statusCode).toBe(404);
    const upload404 = await t.app.inject({
      method: 'GET',
      url: `${API}/uploads/nosuchjob?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(upload404.statusCode).toBe(404);
    // an image recorded for th is not found through vn
    const { rows } = await t.app.db.query<{ id: string }>(
      `INSERT INTO merch_images (id, country_code, display_id, image_key, thumb_key, width, height, bytes,
                                 thumb_width, thumb_height, thumb_bytes, original_name, source_type)
       VALUES (gen_random_uuid()::text, 'th', 'ZT001', 'merch/th/x.jpg', 'merch/th/x_thumb.jpg', 1, 1, 1, 1, 1, 1, 'x.jpg', 'jpeg')
       RETURNING id`,
    );
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${API}/${rows[0]!.id}/thumbnail?countryCode=vn`,
      headers: { customertoken: adminVn },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
