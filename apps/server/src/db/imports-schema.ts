/**
 * Drizzle description of the imports table (migrations/0008_imports.sql and 0010_import_leases.sql are
 * the source of truth; schema.test.ts finds this file and compares the two column by column).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ImportState } from '@fieldforce/contracts';
import { createdAt, tstz } from './columns.js';

export const imports = pgTable(
  'imports',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    kind: text('kind').notNull(),
    market: text('market').notNull(),
    uploaderId: text('uploader_id').notNull(),
    sessionId: text('session_id'),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull(),
    originalFileId: text('original_file_id').notNull(),
    errorFileId: text('error_file_id'),
    state: text('state').notNull().default('queued').$type<ImportState>(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    preview: jsonb('preview'),
    result: jsonb('result'),
    message: jsonb('message'),
    createdAt: createdAt(),
    validatedAt: tstz('validated_at'),
    appliedAt: tstz('applied_at'),
    /** The lease of the process validating or applying the import (0010_import_leases.sql). */
    lockedBy: text('locked_by'),
    lockedUntil: tstz('locked_until'),
  },
  (t) => [index('imports_market_kind_idx').on(t.market, t.kind, t.createdAt.desc())],
);
