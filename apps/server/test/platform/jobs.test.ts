/** Jobs in the database: survive a restart, retried when their process died, failed after the limit. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/lib/clock.js';
import { writeAudit } from '../../src/lib/audit.js';
import { FolderFileStore, findStoredFile, recordStoredFile } from '../../src/lib/file-store.js';
import { enqueueJob } from '../../src/lib/jobs.js';
import { freshDatabase, type TestDatabase } from '../helpers/database.js';

declare module '../../src/lib/jobs.js' {
  interface JobPayloads {
    'test.echo': { n: number };
    'test.fails': { n: number };
  }
}

let database: TestDatabase;
let dataDir: string;
const clock = new ManualClock('2026-11-20T08:00:00Z');

const newApp = async () => {
  const app = await buildApp({ logger: false, db: database.db, clock, config: { DATA_DIR: dataDir } });
  await app.ready();
  return app;
};

const jobRow = async (id: string) =>
  (
    await database.db.query<{ state: string; attempts: number; error: string | null; result: unknown }>(
      'SELECT state, attempts, error, result FROM jobs WHERE id = $1',
      [id],
    )
  ).rows[0]!;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ff-platform-'));
}, 120_000);
afterAll(async () => {
  await database?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

describe('jobs', () => {
  it('a job enqueued before a restart runs in the next process, with its progress and result stored', async () => {
    const first = await newApp();
    // This process has no handler for test.echo, so it leaves the job queued.
    const id = (await first.jobs.enqueue(database.db, 'test.echo', { n: 21 }))!;
    await first.close();
    expect((await jobRow(id)).state).toBe('queued');

    const second = await newApp();
    second.jobs.register('test.echo', async ({ payload, progress }) => {
      await progress(1, 2);
      return { doubled: payload.n * 2 };
    });
    await second.jobs.drain();
    const job = (await second.jobs.get(id))!;
    expect(job).toMatchObject({ state: 'done', attempts: 1, result: { doubled: 42 }, progressDone: 1 });
    expect(job.progressTotal).toBe(2);
    await second.close();
  });

  it('a job enqueued in a transaction that rolls back never exists', async () => {
    const app = await newApp();
    await expect(
      database.db.transaction(async (tx) => {
        await app.jobs.enqueue(tx, 'test.echo', { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { rows } = await database.db.query(`SELECT 1 FROM jobs WHERE payload->>'n' = '1'`);
    expect(rows).toHaveLength(0);
    await app.close();
  });

  it('a job whose worker died (lease expired) is retried, and after the last attempt failed with a message', async () => {
    const app = await newApp();
    let runs = 0;
    app.jobs.register('test.echo', async ({ payload }) => {
      runs += 1;
      return { n: payload.n };
    });
    const past = new Date(clock.now().getTime() - 60_000);
    const dead = async (id: string, attempts: number) =>
      database.db.query(
        `UPDATE jobs SET state = 'running', attempts = $2, locked_by = 'dead-worker', locked_until = $3
         WHERE id = $1`,
        [id, attempts, past],
      );

    // Not due yet while queued (and not waking the worker), so the worker cannot take one before it
    // is set up as below: only the lease decides.
    const later = { now: clock.now(), runAt: new Date(clock.now().getTime() + 3_600_000) };
    const retried = (await enqueueJob(database.db, 'test.echo', { n: 7 }, later))!;
    await dead(retried, 1);
    const exhausted = (await enqueueJob(database.db, 'test.echo', { n: 8 }, later))!;
    await dead(exhausted, 3);
    // A live lease is left alone.
    const live = (await enqueueJob(database.db, 'test.echo', { n: 9 }, later))!;
    await database.db.query(
      `UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'other-worker', locked_until = $2 WHERE id = $1`,
      [live, new Date(clock.now().getTime() + 60_000)],
    );

    await app.jobs.drain();
    expect(await jobRow(retried)).toMatchObject({ state: 'done', attempts: 2, result: { n: 7 } });
    const failed = await jobRow(exhausted);
    expect(failed.state).toBe('failed');
    expect(failed.attempts).toBe(3);
    expect(failed.error).toMatch(/stopped answering .* attempt 3 of 3/);
    expect((await jobRow(live)).state).toBe('running');
    expect(runs).toBe(1);
    await app.close();
  });

  it('a handler that throws is retried after a delay, then failed with its message', async () => {
    const app = await newApp();
    app.jobs.register('test.fails', async () => {
      throw new Error('the file is gone');
    });
    const id = (await app.jobs.enqueue(database.db, 'test.fails', { n: 1 }))!;
    await app.jobs.drain();
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 1, error: 'the file is gone' });
    clock.advanceMinutes(1);
    await app.jobs.drain();
    clock.advanceMinutes(1);
    await app.jobs.drain();
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: 'Failed after 3 attempts: the file is gone',
    });
    await app.close();
  });

  it('the auth purge is a recurring job: one queued at a time, the next an hour after a run', async () => {
    const app = await newApp();
    await app.jobs.drain();
    const { rows } = await database.db.query<{ state: string; run_at: Date; finished_at: Date | null }>(
      `SELECT state, run_at, finished_at FROM jobs WHERE name = 'auth.purge' ORDER BY run_at`,
    );
    expect(rows.filter((r) => r.state === 'queued')).toHaveLength(1);
    const done = rows.filter((r) => r.state === 'done');
    expect(done.length).toBeGreaterThan(0);
    const queued = rows.find((r) => r.state === 'queued')!;
    // Due an hour after the last run ended (an earlier process's run: this one found it not yet due).
    expect(new Date(queued.run_at).getTime()).toBe(new Date(done.at(-1)!.finished_at!).getTime() + 3_600_000);
    expect(new Date(queued.run_at).getTime()).toBeGreaterThan(clock.now().getTime());
    await app.close();
  });
});

describe('file store and audit', () => {
  it('stores, reads, sizes and removes files under DATA_DIR/files, and refuses unsafe keys', async () => {
    const app = await newApp();
    expect(app.files).toBeInstanceOf(FolderFileStore);
    expect((app.files as FolderFileStore).root).toBe(path.join(dataDir, 'files'));
    const { bytes } = await app.files.put(
      'th/uploads/a_20261120.csv',
      Readable.from(['Outlet,Status\n', 'O1,1\n']),
    );
    expect(bytes).toBe(19);
    expect(await text(app.files.get('th/uploads/a_20261120.csv'))).toBe('Outlet,Status\nO1,1\n');
    expect(await app.files.size('th/uploads/a_20261120.csv')).toBe(19);
    const id = await recordStoredFile(database.db, {
      market: 'th',
      ownerId: null,
      kind: 'outletStatus',
      originalName: 'a.CSV',
      storedName: 'a_20261120.csv',
      key: 'th/uploads/a_20261120.csv',
      bytes,
      createdAt: clock.now(),
    });
    expect(await findStoredFile(database.db, id)).toMatchObject({ bytes: 19, originalName: 'a.CSV' });
    await app.files.remove('th/uploads/a_20261120.csv');
    expect(await app.files.size('th/uploads/a_20261120.csv')).toBeNull();
    await expect(app.files.put('../escape.csv', Readable.from(['x']))).rejects.toThrow('Unsafe file key');
    await app.close();
  });

  it('writes an audit row inside the transaction, so a rollback leaves none', async () => {
    const entry = {
      actorId: 'u1',
      sessionId: 's1',
      market: 'th',
      tool: 'outletStatus' as const,
      action: 'outlet.status.update',
      target: 'O1',
      before: { status: 1 },
      after: { status: 0 },
      requestId: 'req-1',
      at: clock.now(),
    };
    await database.db.transaction(async (tx) => {
      await writeAudit(tx, entry);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await writeAudit(tx, { ...entry, target: 'O2' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    const { rows } = await database.db.query<{ target: string; before: unknown; request_id: string }>(
      'SELECT target, before, request_id FROM audit_log',
    );
    expect(rows).toEqual([{ target: 'O1', before: { status: 1 }, request_id: 'req-1' }]);
  });
});
