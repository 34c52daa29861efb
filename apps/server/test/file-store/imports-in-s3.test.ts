/**
 * With S3_URL set, the server keeps its files in object storage: an upload through the real import
 * pipeline (POST /api/file/upload, validation, error file, apply, download) against a real
 * S3-compatible server (s3rver) on loopback, and nothing lands in the data folder.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, ImportJob } from '@fieldforce/contracts';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../helpers/upload.js';
import { signIn } from '../outlet-status/helpers.js';
import { buildApp } from '../../src/app.js';
import { S3FileStore } from '../../src/lib/file-store-s3.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

const SAMPLES = path.resolve(__dirname, '../../../../docs/samples');
let s3: TestS3Server;
let t: TestApp;
let dataDir: string;
let admin: string;

const job = (res: { json(): unknown }) => (res.json() as Envelope<ImportJob>)['response-data'];
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { customertoken: admin } });

beforeAll(async () => {
  s3 = await startS3Server('fieldforce-files', 'portal');
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-s3-imports-'));
  t = await createTestApp({
    seed: true,
    config: { DATA_DIR: dataDir, S3_URL: s3.url, AUTH_RATE_LIMIT_PER_MINUTE: 100_000 },
  });
  admin = await signIn(t.app, 'admin.id@demo.test', 'id');
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('imports with S3_URL set', () => {
  it('picks the S3 store', () => {
    expect(t.app.files).toBeInstanceOf(S3FileStore);
  });

  it('refuses to start on an S3_URL it cannot use, saying what is wrong', async () => {
    await expect(
      buildApp({ db: t.database.db, logger: false, config: { S3_URL: 's3://KEY:SECRET@127.0.0.1:9000' } }),
    ).rejects.toThrow('Invalid configuration: S3_URL names no valid bucket');
  });

  it('stores the original and the error file in the bucket and serves both back', async () => {
    const content = await readFile(path.join(SAMPLES, 'outlet-status-bad.csv'));
    const res = await uploadFile(t.app, admin, { name: 'outlet-status-bad.csv', content });
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = job(res);
    expect(uploaded.state).toBe('validated');
    expect(uploaded.preview!.errorCount).toBeGreaterThan(0);
    expect(uploaded.errorFileId).toBe(`${uploaded.jobId}-errors`);

    const keys = await s3.keys();
    expect(keys).toContain(`portal/imports/${uploaded.jobId}/original.csv`);
    expect(keys).toContain(`portal/imports/${uploaded.jobId}/errors.csv`);

    const original = await get(`/api/file/download/${uploaded.originalFileId}?countryCode=id`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(content)).toBe(true);
    const errors = await get(`/api/file/download/${uploaded.errorFileId}?countryCode=id`);
    expect(errors.statusCode).toBe(200);
    const lines = errors.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('DT Code,DT Site Code,Outlet Code,Status,Error');
    // The error sheet's second line is the spreadsheet's row 2, and its message says so.
    expect(lines[1]).toContain('Outlet status should be only 0 or 1 in row number 2');
    // Nothing went to the folder store.
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('applies an upload read back from the bucket', async () => {
    const content = await readFile(path.join(SAMPLES, 'outlet-status-good.csv'));
    const uploaded = job(await uploadFile(t.app, admin, { name: 'outlet-status-good.csv', content }));
    expect(uploaded.state).toBe('validated');
    expect(uploaded.preview?.errorCount).toBe(0);
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/file/apply?countryCode=id&jobId=${uploaded.jobId}`,
      headers: { customertoken: admin },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(job(applied).state).toBe('applied');
    expect(await s3.keys()).toContain(`portal/imports/${uploaded.jobId}/original.csv`);
  });

  it('answers 404 for a file whose object is gone from the bucket', async () => {
    const content = await readFile(path.join(SAMPLES, 'outlet-status-good.csv'));
    const uploaded = job(await uploadFile(t.app, admin, { name: 'outlet-status-good.csv', content }));
    await t.app.files.remove(`imports/${uploaded.jobId}/original.csv`);
    const res = await get(`/api/file/download/${uploaded.originalFileId}?countryCode=id`);
    expect(res.statusCode).toBe(404);
  });
});
