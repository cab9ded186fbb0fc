import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  loginBodySchema,
  logoutResponseSchema,
  profileResponseSchema,
  profileUpdateBodySchema,
  registerBodySchema,
} from '@shop/shared';
import { bearerToken, requireUser } from '../../plugins/auth.js';
import { addressesRoutes } from './addresses-routes.js';
import { googleAuthRoutes } from './google-routes.js';
import { adoptGuestCartAndWishlist } from './guest-cart.js';
import { passwordRoutes } from './password-routes.js';
import { afterReply, errorResponses as errors, jsonBodyErrors, RATE_LIMITS } from './route-shared.js';
import { presentUser } from './service.js';
import { clearSessionCookie, sessionCookieToken, setSessionCookie } from './session-cookie.js';
import { settingsRoutes } from './settings-routes.js';
import { verificationRoutes } from './verification-routes.js';

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, emailVerification, notifications } = app.services;

  // Replies carry tokens and personal data: no cache may keep them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const sessionInput = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    client: request.ip,
    lang: request.lang,
  });

  routes.post(
    '/auth/register',
    {
      config: { rateLimit: RATE_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account, sign in and mail the e-mail verification code',
        body: registerBodySchema,
        response: {
          ...jsonBodyErrors,
          201: authResponseSchema,
          400: errors[400],
          409: errors[409],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const { token, user } = await accounts.register(request.body, sessionInput(request));
      await adoptGuestCartAndWishlist(request, reply, user.id);
      // The account stands whatever the mail server does; the web offers a resend when false.
      const verificationSent = await emailVerification.sendAfterRegistration(user, request.lang);
      setSessionCookie(reply, token);
      reply.code(201);
      return {
        success: true as const,
        token,
        user: presentUser(user),
        verification_sent: verificationSent,
      };
    },
  );

  routes.post(
    '/auth/login',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: {
          ...jsonBodyErrors,
          200: authResponseSchema,
          400: errors[400],
          401: errors[401],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const { token, user } = await accounts.login(request.body, sessionInput(request));
      await adoptGuestCartAndWishlist(request, reply, user.id);
      setSessionCookie(reply, token);
      return { success: true as const, token, user: presentUser(user) };
    },
  );

  routes.post(
    '/auth/logout',
    {
      config: { session: 'required' },
      // The server-rendering cookie goes whatever the token's state: the browser is signing out.
      onRequest: async (request, reply) => {
        clearSessionCookie(request, reply);
      },
      schema: {
        tags: ['auth'],
        summary: 'End the current session (revokes its token)',
        response: { ...jsonBodyErrors, 200: logoutResponseSchema, 400: errors[400], 401: errors[401], 500: errors[500] },
      },
    },
    async (request) => {
      const { sessionId } = requireUser(request);
      await accounts.revokeSession(sessionId);
      return { success: true as const };
    },
  );

  routes.get(
    '/auth/profile',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's profile",
        response: { 200: profileResponseSchema, 401: errors[401], 500: errors[500] },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      // A browser signed in before the server-rendering cookie existed (or lost it) gets it back.
      const token = bearerToken(request);
      if (token !== undefined && sessionCookieToken(request) !== token) setSessionCookie(reply, token);
      return { success: true as const, user: presentUser(user) };
    },
  );

  routes.put(
    '/auth/profile',
    {
      // A new email is confirmed with the current password.
      config: { session: 'required', rateLimit: RATE_LIMITS.passwordCheck },
      schema: {
        tags: ['auth'],
        summary: "Update the signed-in user's profile",
        body: profileUpdateBodySchema,
        response: {
          ...jsonBodyErrors,
          200: profileResponseSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user, sessionId } = requireUser(request);
      const updated = await accounts.updateProfile(user.id, sessionId, request.body);
      if (updated.email !== user.email) {
        // The old address learns of the change (after the reply), so its owner can react.
        const recipient = { to: user.email, name: updated.name, lang: request.lang };
        afterReply(app, () => notifications.sendEmailChanged(recipient, updated.email), 'E-mail change notice');
      }
      return { success: true as const, user: presentUser(updated) };
    },
  );

  // Old throttle rows are swept hourly; every process may do it, the DELETE is idempotent.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      app.services.authThrottle.prune().catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not prune auth throttles');
      });
    }, 60 * 60_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  await app.register(verificationRoutes);
  await app.register(passwordRoutes);
  await app.register(settingsRoutes);
  await app.register(googleAuthRoutes);
  await app.register(addressesRoutes);
}
