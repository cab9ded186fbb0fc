import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from './cart.js';
import { orders } from './orders.js';

/**
 * One attempt to have an order paid online (a UPayments charge). `requested_order_id` is the
 * `order.id` sent with the charge (random per attempt, at most 40 characters): UPayments returns it
 * as `requested_order_id`, and the server only accepts a status answer that carries it. The other
 * references are filled from UPayments' verified status answer. Amounts in fils (thousandths).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'upayments'>().notNull().default('upayments'),
    requested_order_id: text('requested_order_id').notNull(),
    /** From the hosted page's address (`?session_id=`); used to ask the status when no track id is known. */
    session_id: text('session_id'),
    track_id: text('track_id'),
    payment_id: text('payment_id'),
    payment_type: text('payment_type'),
    /** UPayments' own order id: what a refund names. */
    refund_order_id: text('refund_order_id'),
    payment_url: text('payment_url'),
    amount: integer('amount').notNull(),
    /** The gateway's result as last verified (CAPTURED, NOT CAPTURED, CANCELED, ...). */
    result: text('result'),
    /** The guest cart the order came from, emptied when the payment is confirmed (users: their cart). */
    cart_id: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a definite answer (captured or failed) was verified with UPayments. */
    verified_at: timestamp('verified_at', { withTimezone: true }),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    refund_reference: text('refund_reference'),
    refund_arn: text('refund_arn'),
  },
  (table) => [
    uniqueIndex('payment_attempts_requested_order_id_key').on(table.requested_order_id),
    index('payment_attempts_track_id_idx').on(table.track_id),
    index('payment_attempts_order_id_idx').on(table.order_id, table.id),
    check('payment_attempts_requested_order_id_length', sql`length(${table.requested_order_id}) between 1 and 40`),
    check('payment_attempts_amount_positive', sql`${table.amount} > 0`),
  ],
);
