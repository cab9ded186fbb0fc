import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { HomeSection } from '@shop/shared';
import { users } from './accounts.js';

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

/**
 * The policy pages the owner edited (docs/decisions/058): one row per page, both languages; a
 * page without a row shows the shop's own text. Bodies are stored sanitised.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').primaryKey(),
    title_ar: text('title_ar').notNull(),
    title_en: text('title_en').notNull(),
    body_ar: text('body_ar').notNull(),
    body_en: text('body_en').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('content_pages_slug_known', sql`${table.slug} in ('privacy', 'terms', 'return-policy')`)],
);

/** One footer link as stored: both labels and where it goes. */
export interface StoredFooterLink {
  label_ar: string;
  label_en: string;
  href: string;
}

/**
 * The storefront's layout once the owner saved it: the footer's links in order, the home page's
 * sections in order with whether each shows, the hero's texts. One row at most (id 1).
 */
export const storefrontLayout = pgTable(
  'storefront_layout',
  {
    id: integer('id').primaryKey().default(1),
    footer_links: jsonb('footer_links').$type<StoredFooterLink[]>().notNull(),
    home_sections: jsonb('home_sections').$type<HomeSection[]>().notNull(),
    hero_kicker_ar: text('hero_kicker_ar').notNull(),
    hero_kicker_en: text('hero_kicker_en').notNull(),
    hero_text_ar: text('hero_text_ar'),
    hero_text_en: text('hero_text_en'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('storefront_layout_single_row', sql`${table.id} = 1`)],
);
