import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiMessage,
  changePasswordBodySchema,
  emailBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  verifyResetTokenResponseSchema,
} from '@shop/shared';
import { requireUser } from '../../plugins/auth.js';
import { afterReply, errorResponses as errors, jsonBodyErrors, RATE_LIMITS } from './route-shared.js';

/**
 * The token of a link as typed or pasted: any string, so that a malformed one is answered
 * INVALID_RESET_TOKEN like an unknown one (the contract's resetTokenSchema checks the format).
 */
const resetTokenPathSchema = z.object({ token: z.string().max(200) });

/** forgot-password, the reset link and change-password. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, passwordReset } = app.services;

  routes.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: RATE_LIMITS.emailRequest },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (valid 1 hour) to the account of this email',
        body: emailBodySchema,
        response: {
          ...jsonBodyErrors,
          200: messageResponseSchema,
          400: errors[400],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { email } = request.body;
      const { lang } = request;
      // The same answer, in the same time, whether or not an account uses the email: the link
      // is made and mailed after the reply.
      afterReply(app, () => passwordReset.requestReset(email, lang), 'Password reset request');
      return { success: true as const, message: apiMessage('auth.reset_sent', request.lang) };
    },
  );

  routes.get(
    '/auth/verify-reset-token/:token',
    {
      config: { rateLimit: RATE_LIMITS.resetToken },
      schema: {
        tags: ['auth'],
        summary: 'Check a reset link before showing the new-password form',
        params: resetTokenPathSchema,
        response: {
          200: verifyResetTokenResponseSchema,
          400: errors[400],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { email } = await passwordReset.checkToken(request.params.token.trim());
      return { success: true as const, valid: true as const, email };
    },
  );

  routes.post(
    '/auth/reset-password',
    {
      config: { rateLimit: RATE_LIMITS.resetToken },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (signs out every session)',
        body: resetPasswordBodySchema,
        response: {
          ...jsonBodyErrors,
          200: messageResponseSchema,
          400: errors[400],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      await passwordReset.resetPassword(request.body);
      return { success: true as const, message: apiMessage('auth.password_reset', request.lang) };
    },
  );

  routes.put(
    '/auth/change-password',
    {
      config: { session: 'required', rateLimit: RATE_LIMITS.passwordCheck },
      schema: {
        tags: ['auth'],
        summary: 'Change the password (signs out every other session)',
        body: changePasswordBodySchema,
        response: {
          ...jsonBodyErrors,
          200: messageResponseSchema,
          400: errors[400],
          401: errors[401],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const { user, sessionId } = requireUser(request);
      await accounts.changePassword(user.id, sessionId, request.body);
      return { success: true as const, message: apiMessage('auth.password_changed', request.lang) };
    },
  );
}
