/**
 * Drizzle description of the Task Management tables (migrations/0025_tasks.sql is the source of truth;
 * schema.test.ts finds this file and compares the two column by column).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { tstz, whoWhen } from './columns.js';
import { countries, outlets, salesmen, visits } from './schema.js';

const id = (name: string) => bigint(name, { mode: 'number' });

export const tasks = pgTable(
  'tasks',
  {
    id: id('id').primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    code: text('code')
      .notNull()
      .default(sql`('T' || lpad(nextval('task_code_seq')::text, 6, '0'))`),
    title: text('title').notNull(),
    kind: text('kind').notNull().$type<'displayCheck' | 'productPush' | 'survey'>(),
    description: text('description').notNull().default(''),
    locationCode: text('location_code'),
    outletTypes: text('outlet_types')
      .array()
      .notNull()
      .default(sql`'{}'`),
    outletSubtypes: text('outlet_subtypes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    customerCodes: text('customer_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    itemCodes: text('item_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open').$type<'open' | 'closed'>(),
    dtCodes: text('dt_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    targetCount: integer('target_count').notNull().default(0),
    fingerprint: text('fingerprint').notNull(),
    importId: text('import_id'),
    ...whoWhen(),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    unique().on(t.countryCode, t.code),
    index('tasks_country_dates_idx').on(t.countryCode, t.startDate, t.endDate),
    index('tasks_fingerprint_idx').on(t.countryCode, t.fingerprint),
  ],
);

export const taskTargets = pgTable(
  'task_targets',
  {
    taskId: id('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    outletId: id('outlet_id')
      .notNull()
      .references(() => outlets.id),
    countryCode: text('country_code').notNull(),
    dtCode: text('dt_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.outletId] }), index('task_targets_outlet_idx').on(t.outletId)],
);

export const taskResults = pgTable(
  'task_results',
  {
    id: id('id').primaryKey().generatedByDefaultAsIdentity(),
    taskId: id('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    outletId: id('outlet_id')
      .notNull()
      .references(() => outlets.id),
    visitId: id('visit_id')
      .notNull()
      .references(() => visits.id),
    salesmanId: id('salesman_id')
      .notNull()
      .references(() => salesmen.id),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    done: boolean('done').notNull(),
    note: text('note').notNull().default(''),
    recordedAt: tstz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.taskId, t.outletId, t.visitId),
    index('task_results_task_outlet_idx').on(t.taskId, t.outletId, t.visitDate),
  ],
);
