/**
 * Drizzle description of the merchandizing image tables (migrations/0024_merch_images.sql is the
 * source of truth; schema.test.ts compares them column by column).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';
import { imports } from './imports-schema.js';
import { countries, users } from './schema.js';

export const merchImages = pgTable(
  'merch_images',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    displayId: text('display_id').notNull(),
    imageKey: text('image_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    thumbBytes: integer('thumb_bytes').notNull(),
    originalName: text('original_name').notNull(),
    sourceType: text('source_type').notNull(),
    importId: text('import_id').references(() => imports.id),
    uploadedBy: text('uploaded_by').references(() => users.id),
    uploadedAt: tstz('uploaded_at').notNull().defaultNow(),
    replacedAt: tstz('replaced_at'),
  },
  (t) => [
    uniqueIndex('merch_images_current_idx')
      .on(t.countryCode, t.displayId)
      .where(sql`replaced_at IS NULL`),
    index('merch_images_import_idx').on(t.importId),
  ],
);

export const merchImageUploads = pgTable('merch_image_uploads', {
  importId: text('import_id')
    .primaryKey()
    .references(() => imports.id),
  countryCode: text('country_code')
    .notNull()
    .references(() => countries.code),
  entries: integer('entries').notNull().default(0),
  stored: integer('stored').notNull().default(0),
  replaced: integer('replaced').notNull().default(0),
  problems: jsonb('problems')
    .notNull()
    .default(sql`'[]'::jsonb`),
  problemCount: integer('problem_count').notNull().default(0),
  imagesWithoutDisplay: jsonb('images_without_display')
    .notNull()
    .default(sql`'[]'::jsonb`),
  finishedAt: tstz('finished_at'),
});
