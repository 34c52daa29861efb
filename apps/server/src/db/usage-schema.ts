/**
 * Drizzle description of the usage-event tables (migrations/0015_usage_events.sql,
 * 0019_usage_rollups.sql and 0027_usage_event_log.sql are the source of truth; schema.test.ts compares them column by column).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';
import { users } from './schema.js';

// The per-event table (migration 0015). Kept by 0027 (expand only): old app servers still write it during
// a rolling upgrade; a later contract release moves its rows into the log and drops it.
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key since migration 0021 (the inbox move joins countries).
    market: text('market').notNull(),
    at: tstz('at').notNull(),
    receivedAt: tstz('received_at').notNull(),
    event: text('event').notNull(),
    screen: text('screen').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role'),
    deviceType: text('device_type').notNull(),
    browser: text('browser'),
    os: text('os'),
    deviceModel: text('device_model'),
    properties: jsonb('properties')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('usage_events_market_at_idx').on(t.market, t.at)],
);

// Migration 0027: the events log, one row per request (the batch's events as JSON).
export const usageEventLog = pgTable('usage_event_log', {
  // The inbox row's id.
  id: bigint('id', { mode: 'number' }).primaryKey(),
  market: text('market').notNull(),
  receivedAt: tstz('received_at').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  role: text('role'),
  events: jsonb('events').notNull(),
});

/**
 * Every event one a row (migration 0027): the table's rows, then the log's events with ids from 2^62 up
 * (beyond JavaScript's safe integers, hence mode 'bigint').
 */
export const usageEventsAll = pgView('usage_events_all', {
  id: bigint('id', { mode: 'bigint' }).notNull(),
  market: text('market').notNull(),
  at: tstz('at').notNull(),
  receivedAt: tstz('received_at').notNull(),
  event: text('event').notNull(),
  screen: text('screen').notNull(),
  userId: text('user_id'),
  role: text('role'),
  deviceType: text('device_type').notNull(),
  browser: text('browser'),
  os: text('os'),
  deviceModel: text('device_model'),
  properties: jsonb('properties').notNull(),
}).existing();

export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day').notNull(),
    market: text('market').notNull(),
    event: text('event').notNull(),
    role: text('role').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.market, t.event, t.role] })],
);

export const usageDailyUsers = pgTable(
  'usage_daily_users',
  {
    day: date('day').notNull(),
    market: text('market').notNull(),
    userId: text('user_id').notNull(),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.market, t.userId] }),
    index('usage_daily_users_market_day_idx').on(t.market, t.day),
  ],
);

// Migration 0019: the usage page's rollups.
export const usageDailyItems = pgTable(
  'usage_daily_items',
  {
    market: text('market').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    detail: text('detail').notNull(),
    events: integer('events').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.market, t.day, t.kind, t.item, t.detail] })],
);

export const usageMonthlyItems = pgTable(
  'usage_monthly_items',
  {
    market: text('market').notNull(),
    month: date('month').notNull(),
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    detail: text('detail').notNull(),
    events: integer('events').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.market, t.month, t.kind, t.item, t.detail] })],
);

export const usagePeriodUsers = pgTable(
  'usage_period_users',
  {
    period: text('period').notNull(),
    market: text('market').notNull(),
    start: date('start').notNull(),
    userId: text('user_id').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.market, t.start, t.userId] })],
);

export const usageActiveCounts = pgTable(
  'usage_active_counts',
  {
    market: text('market').notNull(),
    period: text('period').notNull(),
    start: date('start').notNull(),
    role: text('role').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.market, t.period, t.start, t.role] })],
);

export const usageEventInbox = pgTable('usage_event_inbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  market: text('market').notNull(),
  receivedAt: tstz('received_at').notNull(),
  userId: text('user_id'),
  role: text('role'),
  events: jsonb('events').notNull(),
  failed: boolean('failed').notNull().default(false),
});
