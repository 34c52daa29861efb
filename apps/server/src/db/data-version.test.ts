import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/helpers/database.js';
import { migrate } from './migrate.js';
import type { Queryable } from './client.js';
import {
  bumpDataVersion,
  dataVersionCommitted,
  DataVersionWatch,
  readDataVersion,
  transactionThatChangesData,
} from './data-version.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await migrate(t.db);
}, 60_000);
afterAll(() => t?.cleanup());

describe('data version', () => {
  it('changes on every bump; a process sees another’s bump within its poll interval', async () => {
    const watch = new DataVersionWatch(t.db, 50);
    const first = await watch.current();
    const mine = await watch.bump();
    expect(mine).not.toBe(first);
    expect(await watch.current()).toBe(mine); // at once after its own bump

    const theirs = await bumpDataVersion(t.db); // another process's load
    expect(await watch.current()).toBe(mine); // still within the interval
    await new Promise((r) => setTimeout(r, 60));
    expect(await watch.current()).toBe(theirs);
    expect(await readDataVersion(t.db)).toBe(theirs);
  });

  it('after a commit (dataVersionCommitted) every watch of the database reads the new version', async () => {
    const app = new DataVersionWatch(t.db, 60_000);
    const flags = new DataVersionWatch(t.db, 60_000);
    const before = await app.current();
    expect(await flags.current()).toBe(before);
    const committed = await t.db.transaction((tx) => bumpDataVersion(tx));
    expect(await app.current()).toBe(before); // within the (long) interval, nobody told them
    dataVersionCommitted(t.db);
    expect(await app.current()).toBe(committed);
    expect(await flags.current()).toBe(committed);
  });

  it('markChanged bumps inside the transaction at once and only once; the end check adds nothing', async () => {
    const before = await readDataVersion(t.db);
    const seen = await transactionThatChangesData(t.db, async (tx, markChanged) => {
      await markChanged();
      const first = await readDataVersion(tx);
      await markChanged();
      return { first, second: await readDataVersion(tx) };
    });
    expect(seen.first).not.toBe(before);
    expect(seen.second).toBe(seen.first);
    expect(await readDataVersion(t.db)).toBe(seen.first); // the end check (always) did not bump again
  });

  it('a change through transactionThatChangesData is seen by the next cached read; none or a failure bumps nothing', async () => {
    const app = new DataVersionWatch(t.db, 60_000);
    const before = await app.current();
    const answer = await transactionThatChangesData(t.db, async (tx) => {
      await tx.query(`INSERT INTO app_meta (key, value) VALUES ('helper_test', 'changed')`);
      expect(await app.current()).toBe(before); // inside the transaction: the committed version still
      return 'done';
    });
    expect(answer).toBe('done');
    const changed = await app.current(); // at once, though the watch's interval is a minute long
    expect(changed).not.toBe(before);
    expect(changed).toBe(await readDataVersion(t.db));

    // Nothing changed (the predicate says so): the version stays.
    await transactionThatChangesData(
      t.db,
      async () => ({ updated: 0 }),
      (r) => r.updated > 0,
    );
    expect(await readDataVersion(t.db)).toBe(changed);

    // A failure rolls the bump back with the change.
    await expect(
      transactionThatChangesData(t.db, async (tx) => {
        await tx.query(`DELETE FROM app_meta WHERE key = 'helper_test'`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await readDataVersion(t.db)).toBe(changed);
    expect(await app.current()).toBe(changed);
    const { rows } = await t.db.query(`SELECT 1 FROM app_meta WHERE key = 'helper_test'`);
    expect(rows).toHaveLength(1);
  });

  it('a read that was running when the change committed is answered but not kept', async () => {
    const answers: ((value: string) => void)[] = [];
    const db: Queryable = {
      query: <T>() =>
        new Promise<{ rows: T[] }>((resolve) => answers.push((value) => resolve({ rows: [{ value } as T] }))),
    };
    const watch = new DataVersionWatch(db, 60_000);
    const early = watch.current(); // a request reading while the change's transaction runs
    dataVersionCommitted(db); // the change commits
    const late = watch.current(); // a request after the commit: a read of its own
    expect(answers).toHaveLength(2);
    answers[0]!('old');
    answers[1]!('new');
    expect(await early).toBe('old');
    expect(await late).toBe('new');
    expect(await watch.current()).toBe('new');
    expect(answers).toHaveLength(2); // kept: no third read
  });
});
