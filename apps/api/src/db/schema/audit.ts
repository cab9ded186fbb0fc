import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Who changed what in the back office: one row per write. `changes` holds the fields that changed
 * (before and after), never a password or its hash. The actor's e-mail is copied so the trail
 * still reads well after the account is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_email: text('actor_email'),
    /** products, categories, attributes, attribute_variations, slides, settings, … */
    entity: text('entity').notNull(),
    entity_id: integer('entity_id'),
    /** create, update, delete, or a named action such as status_change. */
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entity_id, table.created_at),
    index('audit_log_created_idx').on(table.created_at),
    index('audit_log_actor_idx').on(table.actor_id),
  ],
);
