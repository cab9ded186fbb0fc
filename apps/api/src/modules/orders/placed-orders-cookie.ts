import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_NUMBER_PATTERN } from '@shop/shared';
import { cookieName, servedOverHttps } from '../../lib/secure-cookies.js';

/**
 * Name of the httpOnly, signed cookie listing the orders this browser placed (`__Host-placed_orders`
 * on https): their tracking pages show the customer in full to this browser (decision 019).
 */
export const PLACED_ORDERS_COOKIE = 'placed_orders';
/** The most recent orders remembered; older ones fall off (the cookie stays small). */
export const PLACED_ORDERS_KEPT = 20;
/** How long a browser is remembered as the one that placed its orders: 180 days. */
export const PLACED_ORDERS_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const SEPARATOR = '.';

function placedOrdersCookieName(request: FastifyRequest | FastifyReply): string {
  return cookieName(request.server.config, PLACED_ORDERS_COOKIE);
}

/**
 * The order numbers of a cookie's value, oldest first: malformed entries are dropped, repeats
 * kept once (at their latest place), and only the last PLACED_ORDERS_KEPT remain.
 */
export function parsePlacedOrders(value: string): string[] {
  const numbers = value.split(SEPARATOR).filter((item) => ORDER_NUMBER_PATTERN.test(item));
  const latestFirst = [...new Set([...numbers].reverse())];
  return latestFirst.slice(0, PLACED_ORDERS_KEPT).reverse();
}

/** The list with an order number added as the most recent. */
export function withPlacedOrder(numbers: readonly string[], orderNumber: string): string[] {
  return parsePlacedOrders([...numbers, orderNumber].join(SEPARATOR));
}

/** The order numbers of a correctly signed cookie; a missing, tampered or forged cookie gives none. */
export function placedOrderNumbers(request: FastifyRequest): string[] {
  const raw = request.cookies[placedOrdersCookieName(request)];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? parsePlacedOrders(unsigned.value) : [];
}

/** Remembers that this browser placed an order (added to the request's list, signed again). */
export function rememberPlacedOrder(request: FastifyRequest, reply: FastifyReply, orderNumber: string): void {
  const numbers = withPlacedOrder(placedOrderNumbers(request), orderNumber);
  reply.setCookie(placedOrdersCookieName(reply), numbers.join(SEPARATOR), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(reply.server.config),
    path: '/',
    maxAge: PLACED_ORDERS_COOKIE_MAX_AGE_SECONDS,
  });
}
