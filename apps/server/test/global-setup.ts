/**
 * Runs once before the server test files: builds the two databases every file starts from, so a file
 * copies one instead of migrating (and seeding) its own. On PGlite they are image files (`dumpImage` of
 * test/helpers/pglite-image.ts); on PostgreSQL (DATABASE_URL) template databases that
 * `CREATE DATABASE … TEMPLATE` copies. The files receive where they are through
 * `inject('databaseTemplates')` (test/helpers/database.ts); teardown removes them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed/index.js';
import { TEST_SEED, withDatabase, type DatabaseTemplates } from './helpers/database.js';
import { openPgliteImage, type ImageDatabase } from './helpers/pglite-image.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function writeImage(database: ImageDatabase, file: string): Promise<void> {
  writeFileSync(file, new Uint8Array(await (await database.dumpImage()).arrayBuffer()));
}

async function pglite(): Promise<{ templates: DatabaseTemplates; teardown(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-test-images-'));
  const templates = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const database = await openPgliteImage();
  const { db } = database;
  try {
    await migrate(db);
    await writeImage(database, templates.migrated);
    await seedDatabase(db, TEST_SEED);
    await writeImage(database, templates.seeded);
  } finally {
    await db.close();
  }
  return { templates, teardown: () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgres(url: string): Promise<{ templates: DatabaseTemplates; teardown(): Promise<void> }> {
  const suffix = randomBytes(4).toString('hex');
  const templates = { migrated: `ff_template_${suffix}_migrated`, seeded: `ff_template_${suffix}_seeded` };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${templates.migrated}`);
    const migrated = await openDatabase({ databaseUrl: withDatabase(url, templates.migrated), poolSize: 4 });
    try {
      await migrate(migrated);
    } finally {
      await migrated.close();
    }
    await admin.query(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`);
    const seeded = await openDatabase({ databaseUrl: withDatabase(url, templates.seeded), poolSize: 4 });
    try {
      await seedDatabase(seeded, TEST_SEED);
    } finally {
      await seeded.close();
    }
  } finally {
    await admin.end();
  }
  return {
    templates,
    async teardown() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      for (const name of Object.values(templates))
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const built = url ? await postgres(url) : await pglite();
  project.provide('databaseTemplates', built.templates);
  return () => built.teardown();
}
