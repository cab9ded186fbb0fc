import type { FastifyReply, FastifyRequest } from 'fastify';
import { WISHLIST_MAX_PRODUCTS } from '@shop/shared';
import { cookieName, servedOverHttps } from '../../lib/secure-cookies.js';
import type { WishlistOwner } from './service.js';

/**
 * A guest's wishlist lives in an httpOnly cookie signed with the shop's cookie secret (like the
 * guest cart's, docs/decisions/062): the product ids, newest first, joined by "-". Nothing is
 * stored for a guest; a tampered or malformed cookie reads as an empty list.
 */
export const WISHLIST_COOKIE = 'wishlist';

/** A wishlist outlives a cart: kept for a year after its last change. */
const WISHLIST_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const COOKIE_VALUE_PATTERN = /^[1-9][0-9]{0,9}(-[1-9][0-9]{0,9})*$/;

/** The ids a signed cookie's value holds, or none when it is not one this shop writes. */
export function parseWishlistCookie(value: string): number[] {
  if (!COOKIE_VALUE_PATTERN.test(value)) return [];
  const ids = [...new Set(value.split('-').map(Number))];
  return ids.length > WISHLIST_MAX_PRODUCTS ? [] : ids;
}

function wishlistCookieName(request: Pick<FastifyRequest, 'server'>): string {
  return cookieName(request.server.config, WISHLIST_COOKIE);
}

/** The ids of the request's correctly signed wishlist cookie (none without one). */
export function guestWishlistIds(request: FastifyRequest): number[] {
  const raw = request.cookies[wishlistCookieName(request)];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? parseWishlistCookie(unsigned.value) : [];
}

/** The wishlist of a request: the signed-in customer's when a valid bearer token is sent, else the guest's. */
export function requestWishlistOwner(request: FastifyRequest): WishlistOwner {
  return request.user
    ? { kind: 'user', userId: request.user.user.id }
    : { kind: 'guest', ids: guestWishlistIds(request) };
}

/** Writes a guest's list into the cookie; an empty list drops the cookie. */
export function setWishlistCookie(request: FastifyRequest, reply: FastifyReply, ids: readonly number[]): void {
  if (ids.length === 0) {
    clearWishlistCookie(request, reply);
    return;
  }
  const { config } = reply.server;
  reply.setCookie(wishlistCookieName(request), ids.join('-'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(config),
    path: '/',
    maxAge: WISHLIST_COOKIE_MAX_AGE_SECONDS,
  });
}

/** Drops the wishlist cookie, if the request carried one. */
export function clearWishlistCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { config } = request.server;
  const name = wishlistCookieName(request);
  if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/', secure: servedOverHttps(config) });
}

/** At sign-in: the guest's list joins the account's (union, under the cap) and the cookie goes. */
export async function adoptGuestWishlist(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const ids = guestWishlistIds(request);
  if (ids.length > 0) await request.server.services.wishlist.adoptGuestList(userId, ids);
  clearWishlistCookie(request, reply);
}
