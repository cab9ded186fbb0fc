import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { cookieName, servedOverHttps } from '../../lib/secure-cookies.js';
import { isCartToken, type CartOwner } from './service.js';

/** Name of the httpOnly, signed cookie that carries a guest's cart token (`__Host-cart` on https). */
export const CART_COOKIE = 'cart';

/** The cart cookie's name as set and read on this server (see lib/secure-cookies.ts). */
export function cartCookieName(config: Pick<AppConfig, 'publicUrl'>): string {
  return cookieName(config, CART_COOKIE);
}

/** Drops the guest cart cookie, if the request carried one. */
export function clearCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { config } = request.server;
  const name = cartCookieName(config);
  if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/', secure: servedOverHttps(config) });
}

/** The guest token of a correctly signed cart cookie; a missing or tampered cookie gives none. */
export function cartCookieToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[cartCookieName(request.server.config)];
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
