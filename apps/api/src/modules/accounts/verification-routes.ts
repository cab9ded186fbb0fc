import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  emailBodySchema,
  messageResponseSchema,
  verifyEmailCodeBodySchema,
  type EmailBody,
} from '@shop/shared';
import { errorResponses as errors, RATE_LIMITS } from './route-shared.js';

/** resend-verification(-code) and verify-email-code (storefront spec section 7, Auth). */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { emailVerification } = app.services;

  const resendOptions = (summary: string) => ({
    config: { rateLimit: RATE_LIMITS.emailRequest },
    schema: {
      tags: ['auth'],
      summary,
      body: emailBodySchema,
      response: {
        200: messageResponseSchema,
        400: errors[400],
        429: errors[429],
        500: errors[500],
        502: errors[502],
      },
    },
  });
  // Same answer for unknown, verified and unverified emails: nothing can be enumerated.
  const resend = async (request: FastifyRequest<{ Body: EmailBody }>) => {
    await emailVerification.resend(request.body.email, request.lang);
    return { success: true as const, message: apiMessage('auth.verification_sent', request.lang) };
  };

  routes.post(
    '/auth/resend-verification',
    resendOptions('Mail a new e-mail verification code (same as resend-verification-code)'),
    resend,
  );
  routes.post(
    '/auth/resend-verification-code',
    resendOptions('Mail a new e-mail verification code to an unverified account'),
    resend,
  );

  routes.post(
    '/auth/verify-email-code',
    {
      config: { rateLimit: RATE_LIMITS.verifyCode },
      schema: {
        tags: ['auth'],
        summary: 'Verify the e-mail address with the 6-digit code',
        body: verifyEmailCodeBodySchema,
        response: {
          200: messageResponseSchema,
          400: errors[400],
          429: errors[429],
          500: errors[500],
        },
      },
    },
    async (request) => {
      const outcome = await emailVerification.verify(request.body);
      const key = outcome === 'verified' ? 'auth.email_verified' : 'auth.already_verified';
      return { success: true as const, message: apiMessage(key, request.lang) };
    },
  );
}
