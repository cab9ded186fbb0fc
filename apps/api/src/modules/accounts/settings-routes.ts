import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  deleteAccountBodySchema,
  messageResponseSchema,
  notificationPreferencesSchema,
  preferencesResponseSchema,
} from '@shop/shared';
import { requireUser } from '../../plugins/auth.js';
import { errorResponses as errors, jsonBodyErrors, RATE_LIMITS } from './route-shared.js';
import { clearSessionCookie } from './session-cookie.js';

/** The profile's Settings tab: notification preferences and deleting the account. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = app.services;

  routes.put(
    '/auth/preferences',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'Save the e-mail notification preferences',
        description:
          'new_order_alerts (e-mail me every new order) is for staff only: a customer who sends it ' +
          'gets 400. Saving records a staff member\'s language for their alerts.',
        body: notificationPreferencesSchema,
        response: {
          ...jsonBodyErrors,
          200: preferencesResponseSchema,
          400: errors[400],
          401: errors[401],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const preferences = await accounts.updatePreferences(user, request.body, request.lang);
      return {
        success: true as const,
        message: apiMessage('auth.preferences_saved', request.lang),
        notification_preferences: preferences,
      };
    },
  );

  routes.delete(
    '/auth/account',
    {
      config: { session: 'required', rateLimit: RATE_LIMITS.passwordCheck },
      // An account without a password (Google) may send no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['auth'],
        summary: 'Delete the account (orders are kept without the link to it)',
        body: deleteAccountBodySchema,
        response: {
          200: messageResponseSchema,
          400: errors[400],
          401: errors[401],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      await accounts.deleteAccount(user.id, request.body.password);
      clearSessionCookie(request, reply);
      return { success: true as const, message: apiMessage('auth.account_deleted', request.lang) };
    },
  );
}
