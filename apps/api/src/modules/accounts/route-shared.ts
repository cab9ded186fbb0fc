import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@shop/shared';
import { AppError } from '../../errors.js';

/**
 * Runs an account e-mail's work after the reply (app.services.background), so that neither the
 * answer nor its timing depends on the account or the mail server. A failure to send was
 * already logged by the service; anything else is logged here.
 */
export function afterReply(app: FastifyInstance, task: () => Promise<unknown>, what: string): void {
  app.services.background.run(
    async () => {
      await task();
    },
    (error) => {
      if (error instanceof AppError && error.code === 'EMAIL_FAILED') return;
      app.log.warn({ err: error }, `${what} failed after the reply`);
    },
  );
}

/** Per-address limits (@fastify/rate-limit), in addition to the per-account ones of throttle.ts. */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 5, timeWindow: 60_000 },
  /** forgot-password and the resend routes: each request may send an e-mail. */
  emailRequest: { max: 5, timeWindow: 60_000 },
  verifyCode: { max: 10, timeWindow: 60_000 },
  resetToken: { max: 20, timeWindow: 60_000 },
  /** Routes that check the current password of a signed-in account. */
  passwordCheck: { max: 10, timeWindow: 60_000 },
  /** Saving, changing and deleting saved addresses: a person types a few a minute, a script many. */
  addressWrite: { max: 60, timeWindow: 60_000 },
} as const;

/** What a route that reads a JSON body may answer besides its own: too large, not JSON. */
export const jsonBodyErrors = {
  413: errorResponseSchema,
  415: errorResponseSchema,
} as const;

/** The error envelope under every status an accounts route may answer with. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
  502: errorResponseSchema,
} as const;
