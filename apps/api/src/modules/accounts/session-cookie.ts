import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from './service.js';

/**
 * The session token travels as a bearer token (the web app keeps it in localStorage, as the
 * spec says). The same token is also mirrored into this httpOnly cookie so that server-rendered
 * pages know who is signed in (header, cart count, cart page). The JSON API itself never
 * authenticates from the cookie, only from the Authorization header, so cross-site requests
 * cannot use it; see docs/decisions/006-session-cookie-for-server-rendering.md.
 */
export const SESSION_COOKIE = 'session';

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https:'),
    signed: true,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The token of a correctly signed session cookie, for server-side rendering only. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}
