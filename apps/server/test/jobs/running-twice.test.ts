/**
 * Jobs that run twice (issue 16, docs/reliability.md "Jobs: running twice"): a job whose process died
 * after part of its work, or after all of it but before the job was marked done, is run again by another
 * process. Each handler fixed for that is run here through a first attempt that dies at the dangerous
 * point (its database calls stop answering, as a killed process's would, and its lease runs out), then
 * the retry on the app's own worker; the outcome must happen once.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type Envelope, type ImportJob } from '@fieldforce/contracts';
import type { Database, Transaction } from '../../src/db/client.js';
import { systemClock } from '../../src/lib/clock.js';
import { JobQueue } from '../../src/lib/jobs.js';
import { merchImagesImportJob } from '../../src/modules/merchandizing/images-routes.js';
import { imageIdOf } from '../../src/modules/merchandizing/images-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { buildZip, imageBytes } from '../merch-images/zip-fixtures.js';
import { signIn } from '../outlet-status/helpers.js';

let t: TestApp;
let dataDir: string;
let adminVn: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'jobs-twice-test-'));
  t = await createTestApp({ seed: true, config: { AUTH_RATE_LIMIT_PER_MINUTE: 100_000, DATA_DIR: dataDir } });
  // No worker loop: each test decides which process runs a job, and when.
  await t.app.jobs.stop();
  adminVn = await signIn(t.app, 'admin.vn@demo.test', 'vn');
  const { rows } = await t.app.db.query<{ id: string }>(
    `INSERT INTO merch_sets (country_code, set_id, version, bu_asset_type, sub_region, set_name,
                             osa_hurdle, facings_hurdle, stock_hurdle, go_live, end_date)
     VALUES ('vn', 'JTSET1', 1, 'Chiller', 'South', 'Twice', 80, 80, 80, '2026-11-01', '2026-12-31')
     RETURNING id`,
  );
  await t.app.db.query(
    `INSERT INTO merch_displays (country_code, set_pk, display_id, display_name)
     VALUES ('vn', $1, 'JT001', 'One'), ('vn', $1, 'JT002', 'Two'), ('vn', $1, 'JT003', 'Three')`,
    [rows[0]!.id],
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The database as a process that dies at a chosen point sees it: at its first transaction (before it
 * begins), or once a transaction that ran a statement matching `afterCommitOf` has committed; from then
 * on no call answers.
 */
interface DeathPoint {
  atFirstTransaction?: boolean;
  afterCommitOf?: RegExp;
}

function dyingDatabase(db: Database, at: DeathPoint) {
  let dead = false;
  let resolveDied!: () => void;
  const died = new Promise<void>((resolve) => (resolveDied = resolve));
  const hang = <T>() => {
    dead = true;
    resolveDied();
    return new Promise<T>(() => undefined);
  };
  const query = async <T>(q: { query: Database['query'] }, sql: string, params?: unknown[]) => {
    if (dead) return hang<{ rows: T[] }>();
    return q.query<T>(sql, params);
  };
  const wrapped: Database = Object.create(db) as Database;
  Object.assign(wrapped, {
    query: <T>(sql: string, params?: unknown[]) => query<T>(db, sql, params),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      if (dead || at.atFirstTransaction) return hang<T>();
      let marked = false;
      const result = await db.transaction((tx) =>
        fn({
          exec: (sql: string) => (dead ? hang<void>() : tx.exec(sql)),
          query: <R>(sql: string, params?: unknown[]) => {
            if (at.afterCommitOf?.test(sql)) marked = true;
            return query<R>(tx, sql, params);
          },
        }),
      );
      if (marked) return hang<T>();
      return result;
    },
  });
  return { db: wrapped, died };
}

/** Uploads a zip of the three displays' images: the import is queued with its job, nothing runs yet. */
async function queuedUpload(name: string): Promise<{ importId: string; jobId: string }> {
  const zip = buildZip({
    'JT001.jpg': await imageBytes(1),
    'JT002.png': await imageBytes(2, 'png'),
    'JT003.jpg': await imageBytes(3),
  });
  const res = await uploadFile(t.app, adminVn, { name, content: zip }, { market: 'vn', kind: 'merchImages' });
  expect(res.statusCode, res.body).toBe(200);
  const importId = (res.json() as Envelope<ImportJob>)['response-data'].jobId;
  const { rows } = await t.app.db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE name = 'merch.images.import' AND payload ->> 'importId' = $1`,
    [importId],
  );
  return { importId, jobId: rows[0]!.id };
}

/** A first attempt on a worker of its own that dies where `at` says; resolves once it has died. */
async function firstAttemptDies(at: DeathPoint) {
  const dying = dyingDatabase(t.app.db, at);
  const queue = new JobQueue({
    db: dying.db,
    clock: systemClock,
    log: t.app.log,
    leaseMs: 300,
    workerId: 'dies',
  });
  queue.register('merch.images.import', merchImagesImportJob({ files: t.app.files, clock: t.app.clock }), {
    maxAttempts: 2,
  });
  void queue.drain().catch(() => undefined);
  await dying.died;
  // Its lease is no longer renewed: wait until it has run out.
  const { rows } = await t.app.db.query<{ locked_until: Date }>(
    `SELECT locked_until FROM jobs WHERE locked_by = 'dies' ORDER BY locked_until DESC LIMIT 1`,
  );
  const until = new Date(rows[0]!.locked_until).getTime();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()) + 50));
}

async function outcomeOf(importId: string) {
  const db = t.app.db;
  const one = async <T>(sql: string) => (await db.query<T>(sql, [importId])).rows;
  const images = await one<{ display_id: string; image_key: string; thumb_key: string }>(
    `SELECT display_id, image_key, thumb_key FROM merch_images WHERE import_id = $1 ORDER BY display_id`,
  );
  const keysPresent = await Promise.all(
    images.flatMap((i) => [i.image_key, i.thumb_key]).map(async (k) => (await t.app.files.size(k)) !== null),
  );
  return {
    state: (await one<{ state: string }>('SELECT state FROM imports WHERE id = $1'))[0]?.state,
    images: images.map((i) => i.display_id),
    keysPresent: keysPresent.every(Boolean),
    audits: (await one(`SELECT 1 FROM audit_log WHERE import_id = $1`)).length,
    reports: (await one('SELECT 1 FROM merch_image_uploads WHERE import_id = $1')).length,
  };
}

const merchFiles = async () => (await readdir(path.join(dataDir, 'files', 'merch', 'vn'))).sort();

/**
 * The retry on the app's worker: the job ends done on its second attempt, the images are recorded
 * once, and the files are the ones there before it (none removed, none added).
 */
async function retryAppliesOnce(importId: string, jobId: string): Promise<void> {
  const filesBefore = await merchFiles();
  await t.app.jobs.drain();
  expect(await t.app.jobs.get(jobId)).toMatchObject({ state: 'done', attempts: 2 });
  expect(await outcomeOf(importId)).toEqual({
    state: 'applied',
    images: ['JT001', 'JT002', 'JT003'],
    keysPresent: true,
    audits: 1,
    reports: 1,
  });
  expect(await merchFiles()).toEqual(filesBefore);
}

describe("'merch.images.import' run twice", () => {
  it('died right after its images committed: the retry records nothing again and removes no file', async () => {
    const { importId, jobId } = await queuedUpload('after-commit.zip');
    await firstAttemptDies({ afterCommitOf: /INSERT INTO merch_images/ });

    await retryAppliesOnce(importId, jobId);
  }, 60_000);

  it('died after storing its files, before recording them: the retry writes over the same files, once', async () => {
    const { importId, jobId } = await queuedUpload('before-record.zip');
    // Its first transaction is the one that records the images.
    await firstAttemptDies({ atFirstTransaction: true });
    const ids = ['JT001', 'JT002', 'JT003'].map((d) => imageIdOf(importId, d));
    const names = ids.flatMap((id) => [`${id}.jpg`, `${id}_thumb.jpg`]);
    expect(await merchFiles()).toEqual(expect.arrayContaining(names));

    // No second set of files: the retry used the first attempt's names.
    await retryAppliesOnce(importId, jobId);
  }, 60_000);

  it('its last process died: the upload is marked failed with a message (not left queued)', async () => {
    const { importId, jobId } = await queuedUpload('last-attempt.zip');
    await t.app.db.query(
      `UPDATE jobs SET state = 'running', attempts = max_attempts, locked_by = 'a-dead-process',
              locked_until = $2 WHERE id = $1`,
      [jobId, new Date(Date.now() - 1000)],
    );
    await t.app.jobs.drain();
    expect(await t.app.jobs.get(jobId)).toMatchObject({ state: 'failed' });
    const { rows } = await t.app.db.query<{ state: string; message: { message: string } }>(
      'SELECT state, message FROM imports WHERE id = $1',
      [importId],
    );
    expect(rows[0]).toMatchObject({ state: 'failed', message: { message: IMPORT_MESSAGES.TECHNICAL_ERROR } });
  }, 60_000);
});

describe("'email.send' run twice", () => {
  const outboxOf = async (to: string) =>
    (await t.app.db.query('SELECT id FROM outbox WHERE to_address = $1', [to])).rows.length;

  it('a retry after the mail was handed over (the process died before marking the job done) sends nothing', async () => {
    const to = 'twice@example.test';
    const jobId = (await t.app.jobs.enqueue(t.app.db, 'email.send', { to, subject: 'Hello', text: 'Once' }))!;
    await t.app.jobs.drain();
    expect(await outboxOf(to)).toBe(1);
    // What a process killed between sending and marking the job done leaves behind.
    await t.app.db.query(
      `UPDATE jobs SET state = 'running', finished_at = NULL, result = NULL, locked_by = 'a-dead-process',
              locked_until = $2 WHERE id = $1`,
      [jobId, new Date(Date.now() - 1000)],
    );
    await t.app.jobs.drain();
    expect(await t.app.jobs.get(jobId)).toMatchObject({
      state: 'done',
      attempts: 2,
      result: { to, alreadySent: true },
    });
    expect(await outboxOf(to)).toBe(1);
  });
});
