/**
 * The e-mails a shopper asks for or agrees to beyond an order's own: back in stock (issue 33,
 * item 4) and the cart reminder (item 8), docs/decisions/063.
 */

/** Back-in-stock sign-ups one client address may send a minute (guessing addresses is slow). */
export const STOCK_ALERT_RATE_LIMIT_PER_MINUTE = 10;
/** Unsubscribe requests one client address may send a minute. */
export const UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE = 20;
/** Wishes of one product claimed and mailed in one statement, then the next batch. */
export const STOCK_ALERT_BATCH = 200;

/** Hours a signed-in customer's cart stays untouched before it is reminded (ABANDONED_CART_HOURS). */
export const ABANDONED_CART_HOURS_DEFAULT = 24;
/** How often the leader looks for idle carts. */
export const CART_REMINDER_INTERVAL_MS = 15 * 60_000;
/** Carts claimed in one statement, and batches in one run: at most 500 reminders a run. */
export const CART_REMINDER_BATCH = 50;
export const CART_REMINDER_BATCHES_PER_RUN = 10;

/** What an unsubscribe link turns off: one back-in-stock wish, or the account's promotional e-mails. */
export const UNSUBSCRIBE_KINDS = ['stock_alert', 'promotional'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/**
 * Whether a cart is due its reminder: it holds something, has been untouched for the idle time, and
 * was not reminded since it last changed (a reminded cart is reminded again only once it changed
 * and sat untouched again). The SQL twin is the claim in apps/api/src/modules/cart/idle-carts.ts.
 */
export function cartReminderDue(
  cart: { items: number; updatedAt: Date; remindedAt: Date | null },
  now: Date,
  idleMs: number,
): boolean {
  if (cart.items <= 0) return false;
  if (now.getTime() - cart.updatedAt.getTime() < idleMs) return false;
  return cart.remindedAt === null || cart.remindedAt < cart.updatedAt;
}
