import { PGlite } from '@electric-sql/pglite';
import { PGLITE_PARSERS, pgliteDatabase, type Database } from '../../src/db/client.js';

/** An in-memory PGlite database of the tests, with what only the tests need: its image. */
export interface ImageDatabase {
  db: Database;
  /** The whole database as a tar image, which `openPgliteImage(image)` opens as a new, independent copy. */
  dumpImage(): Promise<Blob>;
}

/**
 * A new in-memory PGlite database, empty or a copy of `image` (a `dumpImage()` of another): the global
 * setup dumps the migrated and the seeded database once per run (test/global-setup.ts), and each file
 * starts from a copy (test/helpers/database.ts). The product opens PGlite through openDatabase only.
 */
export async function openPgliteImage(image?: Blob): Promise<ImageDatabase> {
  const client = await PGlite.create('memory://', {
    ...(image ? { loadDataDir: image } : {}),
    parsers: PGLITE_PARSERS,
  });
  return { db: await pgliteDatabase(client), dumpImage: () => client.dumpDataDir('none') };
}
