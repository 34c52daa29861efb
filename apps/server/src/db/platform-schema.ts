/**
 * Drizzle description of the admin platform's tables (migrations/0007_admin_platform.sql is the source
 * of truth; schema.test.ts finds this file and compares the two column by column).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.js';

const uuidText = () =>
  text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

export const jobs = pgTable(
  'jobs',
  {
    id: uuidText(),
    name: text('name').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    state: text('state').notNull().default('queued').$type<'queued' | 'running' | 'done' | 'failed'>(),
    singletonKey: text('singleton_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: tstz('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: tstz('locked_until'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.runAt), uniqueIndex('jobs_singleton_idx').on(t.singletonKey)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidText(),
    actorId: text('actor_id').notNull(),
    sessionId: text('session_id'),
    market: text('market').notNull(),
    tool: text('tool').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    importId: text('import_id'),
    requestId: text('request_id'),
    at: tstz('at').notNull().defaultNow(),
    /** Writing order within one instant (migration 0030); NULL on rows older than it. */
    seq: bigint('seq', { mode: 'number' }).default(sql`nextval('audit_log_seq')`),
  },
  (t) => [index('audit_log_market_tool_at_idx').on(t.market, t.tool, t.at.desc())],
);

export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuidText(),
    market: text('market').notNull(),
    ownerId: text('owner_id'),
    kind: text('kind').notNull(),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull(),
    key: text('key').notNull().unique(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_market_idx').on(t.market, t.createdAt.desc())],
);
