import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, gt, isNotNull, notInArray, sql } from 'drizzle-orm';
import { formatAmount, STOCK_RELEASED_STATUSES, type PaymentMethod, type Thousandths } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * What a customer nobody can reach for sure may hold of the store's stock (docs/decisions/038).
 * "Anonymous" is a guest, or a signed-in account whose e-mail is not verified: anybody can be
 * either any number of times. A verified account (or the staff, on the customer's behalf) is the
 * path for a large order.
 */
export interface AnonymousOrderLimits {
  /** Most pieces (all products together) in one anonymous order. */
  maxUnitsPerOrder: number;
  /** Largest total, in thousandths, of an anonymous cash-on-delivery order (no money up front). */
  maxCashOnDeliveryTotal: Thousandths;
  /** Most pieces that anonymous orders from one network may hold over the last day. */
  maxUnitsPerNetworkPerDay: number;
}

/** The window of maxUnitsPerNetworkPerDay. */
export const NETWORK_WINDOW_HOURS = 24;
/** Advisory-lock class of the per-network count (the second key is taken from the network's hash). */
const NETWORK_LOCK_CLASS = 7302;

/**
 * The network a client address belongs to, as one person holds it: an IPv4 address itself, an
 * IPv6 address's /64 (a home or a phone is given a whole /64 and may pick any address in it).
 * IPv4-mapped IPv6 addresses are their IPv4 address. Unparseable input is taken as it is.
 */
export function networkOf(address: string): string {
  const bare = address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as 1-4 lower-case hex digits without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing dotted quad (::ffff:1.2.3.4 was handled; others like 64:ff9b::1.2.3.4) as two groups.
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The keyed hash an order keeps of its network (never the address): the same network always
 * gives the same value under one secret, and nobody without the secret can tell which it was.
 */
export function networkKey(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`network:${networkOf(address)}`).digest('base64url').slice(0, 32);
}

/** Whether the order is placed anonymously: by a guest, or by an account whose e-mail is not verified. */
export async function isAnonymousCustomer(tx: Executor, userId: number | null): Promise<boolean> {
  if (userId === null) return true;
  const [row] = await tx
    .select({ verified: sql<boolean>`${users.email_verified_at} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  return !(row?.verified ?? false);
}

/** An anonymous order holds at most maxUnitsPerOrder pieces (all products together). */
export function checkAnonymousUnits(limits: AnonymousOrderLimits, units: number): void {
  if (units <= limits.maxUnitsPerOrder) return;
  const params = { count: limits.maxUnitsPerOrder };
  throw new AppError(
    'VALIDATION_ERROR',
    'order.anonymous_units_over_limit',
    [{ field: 'items', message: 'order.anonymous_units_over_limit', params }],
    params,
  );
}

/** An anonymous cash-on-delivery order costs at most maxCashOnDeliveryTotal; a card order is paid first. */
export function checkAnonymousTotal(
  limits: AnonymousOrderLimits,
  paymentMethod: PaymentMethod,
  total: Thousandths,
): void {
  if (paymentMethod !== 'cash_on_delivery' || total <= limits.maxCashOnDeliveryTotal) return;
  const params = { amount: formatAmount(limits.maxCashOnDeliveryTotal, 3) };
  throw new AppError(
    'VALIDATION_ERROR',
    'order.anonymous_cash_over_limit',
    [{ field: 'payment_method', message: 'order.anonymous_cash_over_limit', params }],
    params,
  );
}

/**
 * The pieces that anonymous orders from this network hold over the last day, this one included,
 * within the cap. Counted in the database under a transaction lock per network, so simultaneous
 * checkouts and other processes count each other; cancelled and refunded orders hold nothing.
 */
export async function checkNetworkAllowance(
  tx: Executor,
  limits: AnonymousOrderLimits,
  network: string,
  units: number,
): Promise<void> {
  const lockKey = Buffer.from(network, 'base64url').readInt32BE(0);
  await tx.execute(sql`select pg_advisory_xact_lock(${NETWORK_LOCK_CLASS}::int, ${lockKey}::int)`);
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.order_id, orders.id))
    .where(
      and(
        isNotNull(orders.client_network),
        eq(orders.client_network, network),
        gt(orders.created_at, sql`now() - make_interval(hours => ${NETWORK_WINDOW_HOURS})`),
        notInArray(orders.status, [...STOCK_RELEASED_STATUSES]),
      ),
    );
  if ((row?.units ?? 0) + units > limits.maxUnitsPerNetworkPerDay) {
    const params = { count: limits.maxUnitsPerNetworkPerDay };
    throw new AppError(
      'RATE_LIMITED',
      'order.anonymous_network_over_limit',
      [{ field: 'items', message: 'order.anonymous_network_over_limit', params }],
      params,
    );
  }
}
