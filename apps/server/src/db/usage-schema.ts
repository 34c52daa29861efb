/**
 * Drizzle description of the usage-event tables (migrations/0015_usage_events.sql is the source of
 * truth; schema.test.ts compares the two column by column).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { countries, users } from './schema.js';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    market: text('market')
      .notNull()
      .references(() => countries.code),
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
