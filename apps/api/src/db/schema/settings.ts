import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The store's settings: a single row with id 1. */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    store_name: text('store_name'),
    store_description: text('store_description'),
    store_name_en: text('store_name_en'),
    store_description_en: text('store_description_en'),
    logo: text('logo'),
    phone_number: text('phone_number'),
    whatsapp_number: text('whatsapp_number'),
    email: text('email'),
    address: text('address'),
    /** The address in English, for the English pages, invoices and e-mails; null: the Arabic one. */
    address_en: text('address_en'),
    currency_symbol: text('currency_symbol'),
    currency: text('currency'),
    facebook_url: text('facebook_url'),
    instagram_url: text('instagram_url'),
    /** Orders whose goods (subtotal after discount) reach it pay no delivery, in fils; null: off. */
    free_shipping_threshold: integer('free_shipping_threshold'),
    /** What gift wrapping adds to an order, in fils; null: the shop does not offer wrapping. */
    gift_wrap_fee: integer('gift_wrap_fee'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('store_settings_single_row', sql`${table.id} = 1`),
    check('store_settings_free_shipping_threshold_positive', sql`${table.free_shipping_threshold} > 0`),
    check('store_settings_gift_wrap_fee_positive', sql`${table.gift_wrap_fee} > 0`),
  ],
);
