import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The development outbox: every message the shop would have mailed when no SMTP server is
 * configured, kept whole so a developer can read it (and tests can assert on it).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_to_idx').on(table.to, table.created_at)],
);
