import type { FastifyRequest } from 'fastify';
import { isCartToken, type CartOwner } from './service.js';

/** Name of the httpOnly, signed cookie that carries a guest's cart token. */
export const CART_COOKIE = 'cart';

/** The guest token of a correctly signed cart cookie; a missing or tampered cookie gives none. */
export function cartCookieToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[CART_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value !== null && isCartToken(unsigned.value)
    ? unsigned.value
    : undefined;
}

/** The guest cart a request's cookie points at (a token of undefined: no cart yet). */
export function guestCartOwner(request: FastifyRequest): CartOwner {
  return { kind: 'guest', token: cartCookieToken(request) };
}

/** The cart of a request: the signed-in user's when a valid bearer token is sent, else the guest's. */
export function requestCartOwner(request: FastifyRequest): CartOwner {
  return request.user ? { kind: 'user', userId: request.user.user.id } : guestCartOwner(request);
}
