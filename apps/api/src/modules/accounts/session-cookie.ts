import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, servedOverHttps } from '../../lib/secure-cookies.js';
import { SESSION_TTL_MS } from './service.js';

/**
 * The session token travels as a bearer token (the web app keeps it in localStorage under
 * 'token'). The same token is also mirrored into this httpOnly cookie so that server-rendered
 * pages know who is signed in (header, cart count, cart page). The JSON API itself never
 * authenticates from the cookie, only from the Authorization header, so cross-site requests
 * cannot use it; see docs/decisions/006-session-cookie-for-server-rendering.md.
 */
export const SESSION_COOKIE = 'session';

/** The session cookie's name on this server: `__Host-session` on https (lib/secure-cookies.ts). */
function sessionCookieName(request: FastifyRequest | FastifyReply): string {
  return cookieName(request.server.config, SESSION_COOKIE);
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(reply), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(reply.server.config),
    signed: true,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const name = sessionCookieName(request);
  if (request.cookies[name] !== undefined) {
    reply.clearCookie(name, { path: '/', secure: servedOverHttps(request.server.config) });
  }
}

/** The token of a correctly signed session cookie, for server-side rendering only. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[sessionCookieName(request)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}
