import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  errorResponseSchema,
  loginBodySchema,
  logoutResponseSchema,
  profileResponseSchema,
  profileUpdateBodySchema,
  registerBodySchema,
} from '@shop/shared';
import { bearerToken, requireUser } from '../../plugins/auth.js';
import { adoptGuestCart } from './guest-cart.js';
import { presentUser } from './service.js';
import { clearSessionCookie, sessionCookieToken, setSessionCookie } from './session-cookie.js';

const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 60_000 };
const REGISTER_RATE_LIMIT = { max: 5, timeWindow: 60_000 };

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = app.services;

  // Replies carry tokens and personal data: no cache may keep them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const sessionInput = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
  });

  routes.post(
    '/auth/register',
    {
      config: { rateLimit: REGISTER_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account and sign in',
        body: registerBodySchema,
        response: {
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
      await adoptGuestCart(request, reply, user.id);
      setSessionCookie(reply, token);
      reply.code(201);
      return { success: true as const, token, user: presentUser(user) };
    },
  );

  routes.post(
    '/auth/login',
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: {
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
      await adoptGuestCart(request, reply, user.id);
      setSessionCookie(reply, token);
      return { success: true as const, token, user: presentUser(user) };
    },
  );

  routes.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session (revokes its token)',
        response: { 200: logoutResponseSchema, 401: errors[401], 500: errors[500] },
      },
    },
    async (request, reply) => {
      // The server-rendering cookie goes whatever the token's state: the browser is signing out.
      clearSessionCookie(request, reply);
      const { sessionId } = requireUser(request);
      await accounts.revokeSession(sessionId);
      return { success: true as const };
    },
  );

  routes.get(
    '/auth/profile',
    {
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
      schema: {
        tags: ['auth'],
        summary: "Update the signed-in user's profile",
        body: profileUpdateBodySchema,
        response: {
          200: profileResponseSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const updated = await accounts.updateProfile(user.id, request.body);
      return { success: true as const, user: presentUser(updated) };
    },
  );
}
