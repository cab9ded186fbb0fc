import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { cookieName } from './secure-cookies.js';

/**
 * Reading the shop's two signed cookies, for the layers below the modules (server-side
 * rendering, the page cache) as well as for the accounts and cart modules, which also set them
 * (modules/accounts/session-cookie.ts, modules/cart/cookie.ts).
 */

/**
 * The session token travels as a bearer token (the web app keeps it in localStorage under
 * 'token'). The same token is also mirrored into this httpOnly cookie so that server-rendered
 * pages know who is signed in (header, cart count, cart page). The JSON API itself never
 * authenticates from the cookie, only from the Authorization header, so cross-site requests
 * cannot use it; see docs/decisions/006-session-cookie-for-server-rendering.md.
 */
export const SESSION_COOKIE = 'session';

/** The session cookie's name on this server: `__Host-session` on https (secure-cookies.ts). */
export function sessionCookieName(request: Pick<FastifyRequest, 'server'>): string {
  return cookieName(request.server.config, SESSION_COOKIE);
}

/** The token of a correctly signed session cookie, for server-side rendering only. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[sessionCookieName(request)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Name of the httpOnly, signed cookie that carries a guest's cart token (`__Host-cart` on https). */
export const CART_COOKIE = 'cart';

/** The shape of a guest cart token: 32 random bytes in base64url (the cart service makes them). */
const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True for a string shaped like a guest cart token this server hands out. */
export function isCartToken(value: string): boolean {
  return CART_TOKEN_PATTERN.test(value);
}

/** The cart cookie's name as set and read on this server (see secure-cookies.ts). */
export function cartCookieName(config: Pick<AppConfig, 'publicUrl'>): string {
  return cookieName(config, CART_COOKIE);
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
