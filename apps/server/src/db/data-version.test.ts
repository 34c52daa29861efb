import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/helpers/database.js';
import { migrate } from './migrate.js';
import { bumpDataVersion, DataVersionWatch, readDataVersion } from './data-version.js';

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
});
