/**
 * The 'merchImages' upload as a whole-file import of the pipeline: the intake (lib/imports, modules/files)
 * takes the zip with section 8's refusals for the name and size, and the job 'merch.images.import'
 * (images-routes.ts) does the checking, re-encoding and storing.
 */
import { MERCH_ZIP_EXTENSIONS, MERCH_ZIP_MAX_BYTES } from '@fieldforce/contracts';
import { registerFileImport } from '../../lib/imports/definition.js';
import { enqueueJob } from '../../lib/jobs.js';
import { mayAddImages } from './images-policy.js';

export const merchImagesImport = registerFileImport({
  kind: 'merchImages',
  tool: 'merchandizingSets',
  maxBytes: MERCH_ZIP_MAX_BYTES,
  extensions: MERCH_ZIP_EXTENSIONS,
  noSpacesInName: false,
  intakeMessages: { wrongExtension: 'MERCH_ZIP_ONLY', tooLarge: 'MERCH_ZIP_TOO_LARGE' },
  allows: mayAddImages,
  jobName: 'merch.images.import',
  async enqueue(q, importId, ctx) {
    await enqueueJob(q, 'merch.images.import', { importId }, { now: ctx.now, maxAttempts: 2 });
  },
});
