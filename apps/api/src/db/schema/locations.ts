import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name_ar: text('name_ar').notNull(),
    name_en: text('name_en').notNull(),
    /** ISO 3166-1 alpha-2, e.g. KW. */
    code: text('code').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('countries_code_key').on(table.code),
    check('countries_code_format', sql`${table.code} ~ '^[A-Z]{2}$'`),
  ],
);

export const governorates = pgTable(
  'governorates',
  {
    id: serial('id').primaryKey(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name_ar: text('name_ar').notNull(),
    name_en: text('name_en').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('governorates_country_idx').on(table.country_id, table.sort_order, table.id),
    // Target of the cities' composite key, which keeps a city inside its governorate's country.
    uniqueIndex('governorates_id_country_key').on(table.id, table.country_id),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    governorate_id: integer('governorate_id'),
    name_ar: text('name_ar').notNull(),
    name_en: text('name_en').notNull(),
    /** Thousandths of the currency unit. */
    shipping_fee: integer('shipping_fee').notNull().default(5000),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'cities_governorate_country_fk',
      columns: [table.governorate_id, table.country_id],
      foreignColumns: [governorates.id, governorates.country_id],
    }),
    index('cities_country_governorate_idx').on(table.country_id, table.governorate_id),
    index('cities_governorate_idx').on(table.governorate_id),
    check('cities_shipping_fee_nonnegative', sql`${table.shipping_fee} >= 0`),
  ],
);
