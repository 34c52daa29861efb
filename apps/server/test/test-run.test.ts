// How `npm test` divides the work (scripts/test.mjs): which server files the PostgreSQL pass leaves
// out, and how the browser flows are split into lanes.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module of the repository's scripts
import { databaseFreeTests } from '../../../scripts/database-free-tests.mjs';
// @ts-expect-error plain JavaScript module of the repository's scripts
import { browserLanes } from '../../../scripts/e2e-lanes.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the PostgreSQL pass', () => {
  const free: string[] = databaseFreeTests(path.join(root, 'apps/server'));

  it('leaves out files that reach no database, whatever they import', () => {
    expect(free).toEqual(
      expect.arrayContaining([
        'src/lib/lease.test.ts',
        'test/imports/csv.test.ts',
        'test/merch-images/zip.test.ts',
      ]),
    );
  });

  it('keeps every file that opens a database, directly, through a helper, or by starting a server', () => {
    for (const file of [
      'test/auth/access.test.ts', // authTestApp → createTestApp → freshDatabase
      'src/db/seed.test.ts',
      'test/startup.test.ts', // starts the server in a process of its own
      'test/imports/apply-killed.test.ts', // opens its own database on the PostgreSQL server
    ]) {
      expect(free).not.toContain(file);
    }
  });
});

describe('the browser lanes', () => {
  it('run every spec file exactly once, in lanes of about the same length', () => {
    const specs = readdirSync(path.join(root, 'e2e'))
      .filter((name) => name.endsWith('.spec.ts'))
      .map((name) => `e2e/${name}`)
      .sort();
    const lanes: string[][] = browserLanes(2, path.join(root, 'e2e')).map((lane: string[]) =>
      lane.map((file) => `e2e/${path.basename(file)}`),
    );
    expect(lanes).toHaveLength(2);
    expect(lanes.flat().sort()).toEqual(specs);
    expect(lanes.every((lane) => lane.length > 0)).toBe(true);
  });
});
