import type { FastifyReply, FastifyRequest } from 'fastify';
import { servedOverHttps } from '../../lib/secure-cookies.js';
import { CART_COOKIE, cartCookieName, cartCookieToken } from '../../lib/signed-cookies.js';
import { newCartToken, type CartOwner } from './service.js';

export { CART_COOKIE, cartCookieName, cartCookieToken };
/** How long a guest's cart (and the browser's own Idempotency-Keys) is kept: 60 days. */
export const CART_COOKIE_MAX_AGE_SECONDS = 60 * 24 * 60 * 60;

/** Sends the guest cart cookie: the token, signed, httpOnly, for the whole site. */
export function setCartCookie(reply: FastifyReply, token: string): void {
  const { config } = reply.server;
  reply.setCookie(cartCookieName(config), token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(config),
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}

/** Drops the guest cart cookie, if the request carried one. */
export function clearCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { config } = request.server;
  const name = cartCookieName(config);
  if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/', secure: servedOverHttps(config) });
}

/** The guest cart a request's cookie points at (a token of undefined: no cart yet). */
export function guestCartOwner(request: FastifyRequest): CartOwner {
  return { kind: 'guest', token: cartCookieToken(request) };
}

/** The cart of a request: the signed-in user's when a valid bearer token is sent, else the guest's. */
export function requestCartOwner(request: FastifyRequest): CartOwner {
  return request.user ? { kind: 'user', userId: request.user.user.id } : guestCartOwner(request);
}

/**
 * The cart of a request that needs its guest told apart from every other browser (an order
 * with an Idempotency-Key, whose scope is the cart): a guest without a valid cookie is given a
 * new cart token and its cookie now, so that the browser's retry carries it
 * (docs/decisions/039).
 */
export function requestCartOwnerWithCookie(request: FastifyRequest, reply: FastifyReply): CartOwner {
  const owner = requestCartOwner(request);
  if (owner.kind === 'user' || owner.token !== undefined) return owner;
  const token = newCartToken();
  setCartCookie(reply, token);
  return { kind: 'guest', token };
}
