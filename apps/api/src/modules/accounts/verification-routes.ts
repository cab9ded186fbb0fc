import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessage,
  emailBodySchema,
  messageResponseSchema,
  verifyEmailCodeBodySchema,
  type EmailBody,
} from '@shop/shared';
import { afterReply, errorResponses as errors, jsonBodyErrors, RATE_LIMITS } from './route-shared.js';

/** resend-verification(-code) and verify-email-code. */
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
        ...jsonBodyErrors,
        200: messageResponseSchema,
        400: errors[400],
        429: errors[429],
        500: errors[500],
      },
    },
  });
  // Same answer, in the same time, for unknown, verified and unverified emails (the code is
  // made and mailed after the reply): nothing can be enumerated.
  const resend = async (request: FastifyRequest<{ Body: EmailBody }>) => {
    const { email } = request.body;
    const { lang } = request;
    afterReply(app, () => emailVerification.resend(email, lang), 'Verification code resend');
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
          ...jsonBodyErrors,
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
