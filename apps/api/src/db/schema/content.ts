import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const slides = pgTable(
  'slides',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    title_en: text('title_en'),
    description_en: text('description_en'),
    image: text('image').notNull(),
    link_url: text('link_url'),
    sort_order: integer('sort_order').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('slides_active_order_idx').on(table.is_active, table.sort_order, table.id),
    check('slides_sort_order_nonnegative', sql`${table.sort_order} >= 0`),
  ],
);
