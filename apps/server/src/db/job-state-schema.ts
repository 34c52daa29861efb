/**
 * Drizzle description of the tables that make jobs and exports safe with several app servers
 * (migrations 0028_mail_deliveries.sql and 0029_export_slots.sql are the source of truth; schema.test.ts
 * compares them).
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    jobId: text('job_id').primaryKey(),
    sentAt: tstz('sent_at').notNull(),
  },
  (t) => [index('mail_deliveries_sent_idx').on(t.sentAt)],
);

export const exportSlots = pgTable(
  'export_slots',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    holder: text('holder').notNull(),
    startedAt: tstz('started_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('export_slots_user_idx').on(t.userId, t.expiresAt)],
);
