import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  errorResponseSchema,
  googleCallbackBodySchema,
  googleStartResponseSchema,
  pathInLanguage,
} from '@shop/shared';
import { AppError } from '../../errors.js';
import { adoptGuestCartAndWishlist } from './guest-cart.js';
import { jsonBodyErrors } from './route-shared.js';
import type { PendingAuthorization } from './google-service.js';
import { presentUser } from './service.js';
import { setSessionCookie } from './session-cookie.js';
import { cookieName, servedOverHttps } from '../../lib/secure-cookies.js';

/** Holds state, nonce and PKCE verifier between the start and the callback (servers keep nothing). */
export const GOOGLE_PENDING_COOKIE = 'google_oauth';
const PENDING_COOKIE_PATH = '/api/auth/google';

/**
 * Name and path of the pending cookie: on https `__Host-google_oauth` with Path=/ (the prefix
 * demands it); on http the plain name, sent only to the Google sign-in endpoints.
 */
function pendingCookie(request: FastifyRequest | FastifyReply) {
  const { config } = request.server;
  const secure = servedOverHttps(config);
  return { name: cookieName(config, GOOGLE_PENDING_COOKIE), path: secure ? '/' : PENDING_COOKIE_PATH, secure };
}
const PENDING_TTL_SECONDS = 10 * 60;
/** Where a plain link lands when Google sign-in cannot start. */
const UNAVAILABLE_REDIRECT = '/login?error=google_unavailable';
const CALLBACK_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

const pendingCookieSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  code_verifier: z.string().min(43).max(128),
  /** Seconds since the epoch; the signed value expires even if a browser keeps the cookie. */
  issued_at: z.number().int(),
});

function setPendingCookie(reply: FastifyReply, pending: PendingAuthorization): void {
  const value = Buffer.from(
    JSON.stringify({
      state: pending.state,
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
      issued_at: Math.floor(Date.now() / 1000),
    } satisfies z.infer<typeof pendingCookieSchema>),
  ).toString('base64url');
  const cookie = pendingCookie(reply);
  reply.setCookie(cookie.name, value, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    signed: true,
    maxAge: PENDING_TTL_SECONDS,
  });
}

/** The pending authorization of a correctly signed, unexpired cookie. */
function pendingFromCookie(request: FastifyRequest): PendingAuthorization | undefined {
  const raw = request.cookies[pendingCookie(request).name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = pendingCookieSchema.safeParse(decoded);
  if (!parsed.success) return undefined;
  const ageSeconds = Math.floor(Date.now() / 1000) - parsed.data.issued_at;
  if (ageSeconds < 0 || ageSeconds > PENDING_TTL_SECONDS) return undefined;
  return { state: parsed.data.state, nonce: parsed.data.nonce, codeVerifier: parsed.data.code_verifier };
}

const errors = {
  400: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
  503: errorResponseSchema,
};

/** "Sign in with Google". */
export async function googleAuthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, googleSignIn } = app.services;

  // Replies carry tokens, one-time URLs and personal data: no cache may keep them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  routes.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: "Start signing in with Google: the consent page's URL",
        response: { ...jsonBodyErrors, 200: googleStartResponseSchema, 400: errors[400], 500: errors[500], 503: errors[503] },
      },
    },
    async (request, reply) => {
      const { url, pending } = await googleSignIn.start(request.log);
      setPendingCookie(reply, pending);
      return { success: true as const, url };
    },
  );

  routes.get(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with Google by redirect (works without JavaScript)',
        response: {
          302: z
            .null()
            .describe(
              'A redirect to Google, or to /login?error=google_unavailable (/en/login… for an English ' +
                'visitor) when Google sign-in is not configured',
            ),
          500: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const { url, pending } = await googleSignIn.start(request.log);
        setPendingCookie(reply, pending);
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
          // Back to the login page in the visitor's language (decision 046: English lives under /en).
          return reply.redirect(pathInLanguage(UNAVAILABLE_REDIRECT, request.lang), 302);
        }
        throw error;
      }
    },
  );

  routes.post(
    '/auth/google/callback',
    {
      config: { rateLimit: CALLBACK_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with Google: exchange the code, sign in or create the account',
        body: googleCallbackBodySchema,
        response: {
          ...jsonBodyErrors,
          200: authResponseSchema,
          400: errors[400],
          429: errors[429],
          500: errors[500],
          503: errors[503],
        },
      },
    },
    async (request, reply) => {
      const pending = pendingFromCookie(request);
      // Single use, whatever the outcome.
      const cookie = pendingCookie(request);
      if (request.cookies[cookie.name] !== undefined) {
        reply.clearCookie(cookie.name, { path: cookie.path, secure: cookie.secure });
      }
      const user = await googleSignIn.complete(request.body, pending, request.log);
      const token = await accounts.createSession(user.id, { userAgent: request.headers['user-agent'] });
      await adoptGuestCartAndWishlist(request, reply, user.id);
      setSessionCookie(reply, token);
      return { success: true as const, token, user: presentUser(user) };
    },
  );
}
