import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderStatuses, paymentMethods, paymentStatuses, type Language } from '@shop/shared';
import { orderTotalSql } from '../sql-rules.js';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { cities, countries, governorates } from './locations.js';
import { promoCodes } from './promotions.js';

export const orderStatus = pgEnum('order_status', orderStatuses);
export const paymentMethod = pgEnum('payment_method', paymentMethods);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);

/** A chosen variation as it was when the order was placed; additional_price in thousandths. */
export interface OrderItemSelection {
  attribute_id: number;
  attribute_name: string;
  /** English names; absent in orders placed before attributes had them (show the Arabic). */
  attribute_name_en?: string | null;
  variation_id: number;
  title: string;
  title_en?: string | null;
  additional_price: number;
}

/**
 * A placed order. Money columns are thousandths. Names of places, products and variations are
 * snapshots: the order reads the same after the catalogue or the locations change.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Public, random and unguessable ("SB-" + 10 Crockford base32 characters). */
    order_number: text('order_number').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    /** Null for guests, and once the customer deletes their account (the order stays). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customer_name: text('customer_name').notNull(),
    /** The e-mail address as the customer typed it (lower-cased by the checkout). */
    customer_email: text('customer_email').notNull(),
    /** The phone in its international form, `+96551112222` (lib/contact.ts normalizePhone). */
    customer_phone: text('customer_phone').notNull(),
    /**
     * The customer's e-mail and phone as customers are told apart (lib/contact.ts normalizeEmail
     * and normalizePhone): the mailbox (lower-case, no `+tag`, Gmail without dots) and the
     * international number. Written with the order; the limit of orders per contact and
     * once-per-customer promo codes compare them, through the contact indexes below
     * (docs/decisions/039).
     */
    contact_email: text('contact_email').notNull(),
    contact_phone: text('contact_phone').notNull(),
    shipping_address: text('shipping_address').notNull(),
    country_id: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    governorate_id: integer('governorate_id').references(() => governorates.id, {
      onDelete: 'set null',
    }),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    country_name_ar: text('country_name_ar').notNull(),
    country_name_en: text('country_name_en').notNull(),
    governorate_name_ar: text('governorate_name_ar'),
    governorate_name_en: text('governorate_name_en'),
    city_name_ar: text('city_name_ar').notNull(),
    city_name_en: text('city_name_en').notNull(),
    payment_method: paymentMethod('payment_method').notNull(),
    /**
     * not_required for cash on delivery; an online order is awaiting_payment until the server
     * verified it with UPayments (paid) or it failed/was abandoned (failed); refunded after a refund.
     */
    payment_status: paymentStatus('payment_status').notNull().default('not_required'),
    /** When the payment was verified as captured. */
    paid_at: timestamp('paid_at', { withTimezone: true }),
    promo_code_id: integer('promo_code_id').references(() => promoCodes.id, {
      onDelete: 'set null',
    }),
    /** The code as it was applied, kept when the promo code is deleted. */
    promo_code: text('promo_code'),
    subtotal: integer('subtotal').notNull(),
    discount_amount: integer('discount_amount').notNull().default(0),
    shipping_amount: integer('shipping_amount').notNull().default(0),
    tax_amount: integer('tax_amount').notNull().default(0),
    /**
     * The gift wrapping's fee charged with the order (thousandths; 0 without wrapping): the store's
     * fee when the order was placed, so a later change of the setting leaves the order as it was.
     */
    gift_wrap_fee: integer('gift_wrap_fee').notNull().default(0),
    total_amount: integer('total_amount').notNull(),
    notes: text('notes'),
    /** The shopper's message for the gift's card (at most GIFT_MESSAGE_MAX_LENGTH characters); null: none. */
    gift_message: text('gift_message'),
    /** The shopper asked for the order to be gift-wrapped. */
    gift_wrap: boolean('gift_wrap').notNull().default(false),
    /**
     * How the order travels once shipped: the carrier's name, its tracking number and, when the
     * carrier has one, the address of its tracking page (https only). Set with the status shipped.
     */
    carrier: text('carrier'),
    tracking_number: text('tracking_number'),
    tracking_url: text('tracking_url'),
    /** What has been given back so far (thousandths), by partial or full refunds (order_refunds). */
    refunded_amount: integer('refunded_amount').notNull().default(0),
    /** The client's Idempotency-Key: a retried request finds its order instead of making another. */
    idempotency_key: text('idempotency_key'),
    /**
     * Whose key it is: "user:<id>" or "cart:<SHA-256 of the guest cart token>" (a guest's browser:
     * one without a cart cookie is given one with the order). A key is looked up only within its
     * requester's scope, never across shoppers. Orders before decision 039 may hold "guest": no
     * request has that scope any more.
     */
    idempotency_scope: text('idempotency_scope'),
    /** SHA-256 of the request that made the order: a key sent again with another body is refused. */
    request_hash: text('request_hash'),
    /**
     * For an order of a guest or of an account whose e-mail is not verified: a keyed hash of the
     * network it came from (an IPv4 address, an IPv6 /64), never the address itself. What one
     * network may hold of the stock is counted on it (orders/anonymous-limits.ts). Null for
     * verified customers.
     */
    client_network: text('client_network'),
    /** The shopper's language when ordering: later e-mails about the order are written in it. */
    language: text('language').$type<Language>().notNull().default('ar'),
    /**
     * What the back office's search matches: order number, customer name and e-mail, normalised
     * by shop_normalize() like the catalogue's search text (docs/decisions/003).
     */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`shop_normalize(${orders.order_number} || ' ' || ${orders.customer_name} || ' ' || ${orders.customer_email})`,
    ),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_number_key').on(table.order_number),
    uniqueIndex('orders_idempotency_scope_key_key').on(table.idempotency_scope, table.idempotency_key),
    // The back office's list: newest first, alone or within one status or one city.
    index('orders_created_id_idx').on(table.created_at, table.id),
    index('orders_status_created_id_idx').on(table.status, table.created_at, table.id),
    index('orders_city_created_id_idx').on(table.city_id, table.created_at, table.id),
    // The list's city filter names cities deleted since by their snapshot names.
    index('orders_deleted_city_names_idx')
      .on(table.city_name_ar, table.city_name_en)
      .where(sql`${table.city_id} is null`),
    index('orders_search_text_trgm_idx').using('gin', sql`${table.search_text} gin_trgm_ops`),
    index('orders_user_id_idx').on(table.user_id),
    index('orders_customer_email_idx').on(table.customer_email),
    // A customer's orders, recent ones first found, by e-mail or by phone (contact_email, contact_phone).
    index('orders_contact_email_created_idx').on(table.contact_email, table.created_at),
    index('orders_contact_phone_created_idx').on(table.contact_phone, table.created_at),
    // Units held by anonymous orders from one network in the last day (orders/anonymous-limits.ts).
    index('orders_client_network_created_idx')
      .on(table.client_network, table.created_at)
      .where(sql`${table.client_network} is not null`),
    // The abandoned-payment sweep: online orders still awaiting payment, oldest first.
    index('orders_awaiting_payment_created_idx')
      .on(table.created_at, table.id)
      .where(sql`${table.payment_status} = 'awaiting_payment'`),
    check(
      'orders_amounts_nonnegative',
      sql`${table.subtotal} >= 0 and ${table.discount_amount} >= 0 and ${table.shipping_amount} >= 0 and ${table.gift_wrap_fee} >= 0 and ${table.tax_amount} >= 0 and ${table.total_amount} >= 0`,
    ),
    check(
      'orders_total_consistent',
      sql`${table.total_amount} = ${orderTotalSql(table)}`,
    ),
    check(
      'orders_refunded_within_total',
      sql`${table.refunded_amount} >= 0 and ${table.refunded_amount} <= ${table.total_amount}`,
    ),
    // A fee is charged only for a wrapped order.
    check('orders_gift_wrap_fee_wrapped', sql`${table.gift_wrap} or ${table.gift_wrap_fee} = 0`),
    check('orders_language_valid', sql`${table.language} in ('ar', 'en')`),
    check(
      'orders_payment_status_method',
      sql`(${table.payment_method} = 'cash_on_delivery') = (${table.payment_status} = 'not_required')`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's Arabic name when ordered. */
    product_name: text('product_name').notNull(),
    /** Its English name when ordered; null when it had none (or for lines before migration 0026). */
    product_name_en: text('product_name_en'),
    sku: text('sku'),
    /** URL path (or filename) of the product's featured image when ordered. */
    featured_image: text('featured_image'),
    /** Unit price paid, surcharges included. */
    unit_price: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    line_total: integer('line_total').notNull(),
    /** Attribute id → the chosen variation as it was when ordered. */
    selected_attributes: jsonb('selected_attributes')
      .$type<Record<string, OrderItemSelection>>()
      .notNull()
      .default({}),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.order_id),
    index('order_items_product_id_idx').on(table.product_id),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_line_total_consistent', sql`${table.line_total} = ${table.unit_price} * ${table.quantity}`),
  ],
);

/**
 * Every status an order went through: one row when it is placed (from_status null) and one per
 * change in the back office. The actor's e-mail is copied so the history still reads well after
 * the staff account is deleted.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    from_status: orderStatus('from_status'),
    to_status: orderStatus('to_status').notNull(),
    notes: text('notes'),
    /** The staff member who changed it; null for the shopper placing the order. */
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_email: text('actor_email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_history_order_created_idx').on(table.order_id, table.created_at)],
);

/** A line given back by a refund: how many of the order line's units, and whether they went back to stock. */
export interface OrderRefundLine {
  order_item_id: number;
  quantity: number;
  restocked: boolean;
}

/**
 * Money given back on an order, in part or in full: through UPayments' refund API for an online
 * order (`method` online, with its references) or in cash for cash on delivery (`method` cash,
 * recorded by staff). Amount in thousandths; the order's refunded_amount is the sum of its rows.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method').$type<'online' | 'cash'>().notNull(),
    lines: jsonb('lines').$type<OrderRefundLine[]>().notNull().default([]),
    notes: text('notes'),
    /** UPayments' refund order id and ARN for an online refund. */
    provider_reference: text('provider_reference'),
    provider_arn: text('provider_arn'),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_email: text('actor_email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_refunds_order_created_idx').on(table.order_id, table.created_at),
    check('order_refunds_amount_positive', sql`${table.amount} > 0`),
    check('order_refunds_method_valid', sql`${table.method} in ('online', 'cash')`),
  ],
);
