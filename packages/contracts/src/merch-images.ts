/**
 * Merchandizing Sets, Add Images (issue 15; spec sections 5, 8 and 9): a .zip of at most 100 MB whose
 * image names are Display IDs (`D001.jpg`), uploaded through the import pipeline (POST file/upload with
 * kind=merchImages), checked, re-encoded and stored by a job; its report (GET
 * /api/admin/merchImages/uploads/{jobId}), the market's images and their files.
 */
import { z } from 'zod';
import { codedMessageSchema, IMPORT_STATES } from './admin.js';
import { countryCodeSchema } from './countries.js';

export { MERCH_IMAGE_MESSAGES } from './merch-image-messages.js';

/** Spec section 9: 100 MB merchandizing zip. */
export const MERCH_ZIP_MAX_BYTES = 100 * 1024 * 1024;
export const MERCH_ZIP_EXTENSIONS = ['.zip'] as const;
/** Image names inside the zip: `<Display ID>.<jpg|jpeg|png|webp>`, any letter case. */
export const MERCH_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
/** A Display ID: letters, digits, - and _, starting and ending with a letter or digit, at most 50. */
export const DISPLAY_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,48}[A-Za-z0-9])?$/;

/** What was wrong with one entry of a refused zip. */
export const MERCH_IMAGE_PROBLEMS = [
  'name',
  'duplicate',
  'format',
  'unknownDisplay',
  'link',
  'limits',
  'unreadable',
] as const;
export const merchImageProblemSchema = z.object({
  name: z.string(),
  problem: z.enum(MERCH_IMAGE_PROBLEMS),
});
export type MerchImageProblem = z.infer<typeof merchImageProblemSchema>;

export const merchDisplayRefSchema = z.object({
  displayId: z.string(),
  displayName: z.string(),
  setId: z.string(),
});

/** The match report of one upload: what was stored, what was wrong, what still has no image. */
export const merchImageReportSchema = z.object({
  jobId: z.string(),
  state: z.enum(IMPORT_STATES),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  /** The whole-zip message (one of section 8's) when the zip was refused or the job failed. */
  message: codedMessageSchema.nullable(),
  originalName: z.string(),
  /** Image entries found in the zip (directories and __MACOSX/.DS_Store left out). */
  entries: z.number().int(),
  /** Images stored, and how many of them replaced a display's earlier image. */
  stored: z.number().int(),
  replaced: z.number().int(),
  /** The entries that made the zip fail (at most 200), all-or-nothing: none was stored. */
  problems: z.array(merchImageProblemSchema),
  problemCount: z.number().int(),
  /** Image names whose Display ID is no display of the market. */
  imagesWithoutDisplay: z.array(z.string()),
  /** Displays of the market (or of `setId`) that have no image yet, after this upload (at most 200). */
  displaysWithoutImage: z.array(merchDisplayRefSchema),
  displaysWithoutImageCount: z.number().int(),
  /** The set the report's displays were limited to, when asked. */
  setId: z.string().nullable(),
});
export type MerchImageReport = z.infer<typeof merchImageReportSchema>;

export const merchImageReportQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  setId: z.string().max(50).optional(),
});

/** One display's current reference image. */
export const merchImageSchema = z.object({
  id: z.string(),
  displayId: z.string(),
  /** The display's name (the newest set version holding it), null when no display has the ID any more. */
  displayName: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
  originalName: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
  /** Paths (under /api) of the image and its thumbnail; add countryCode. */
  imagePath: z.string(),
  thumbnailPath: z.string(),
});
export type MerchImage = z.infer<typeof merchImageSchema>;

export const merchImagesQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  /** The current version of this set's displays. */
  setId: z.string().max(50).optional(),
  /** Or these Display IDs, comma-separated (at most 200). */
  displayIds: z.string().max(11_000).optional(),
});

export const merchImageListSchema = z.object({
  images: z.array(merchImageSchema),
  can: z.object({ upload: z.boolean() }),
});
export type MerchImageList = z.infer<typeof merchImageListSchema>;

/** The Display ID an entry name stands for (`folder/D001.JPG` → D001), or null when the name is not one. */
export function displayIdOfImageName(entryName: string): { displayId: string; extension: string } | null {
  const base = entryName.slice(entryName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  const displayId = base.slice(0, dot);
  const extension = base.slice(dot).toLowerCase();
  if (!DISPLAY_ID_PATTERN.test(displayId)) return null;
  return { displayId, extension };
}
