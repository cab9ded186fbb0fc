import type { FastifyReply, FastifyRequest } from 'fastify';
import { servedOverHttps } from '../../lib/secure-cookies.js';
import { SESSION_COOKIE, sessionCookieName, sessionCookieToken } from '../../lib/signed-cookies.js';
import { SESSION_TTL_MS } from './service.js';

export { SESSION_COOKIE, sessionCookieToken };

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
