import { errorResponseSchema } from '@shop/shared';

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
