/**
 * Drizzle description of the tables that make jobs and exports safe with several app servers
 * (migrations 0028_mail_deliveries.sql and later are the source of truth; schema.test.ts compares them).
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
