import { z } from 'zod';

/** Every error reply of the API has this shape. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'USER_EXISTS',
  'INVALID_CODE',
  'INVALID_RESET_TOKEN',
  'EMAIL_FAILED',
  'GOOGLE_AUTH_FAILED',
  'OUT_OF_STOCK',
  'RATE_LIMITED',
  /** The request is well formed but cannot be carried out as sent (e.g. a reused Idempotency-Key). */
  'UNPROCESSABLE',
  'PAYMENT_UNAVAILABLE',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A positive integer id taken from a path segment ("12"); anything else is a validation error. */
export const idParam = z.coerce
  .number({ error: 'validation.id_invalid' })
  .int('validation.id_invalid')
  .positive('validation.id_invalid')
  .max(2_147_483_647, 'validation.id_invalid');

export const idParamsSchema = z.object({ id: idParam });

/** Query flags arrive as strings: "true"/"1" and "false"/"0". */
export const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' })
  .transform((value) => value === 'true' || value === '1');

/** Money in JSON: a decimal number of currency units, e.g. 12.5 */
export const moneySchema = z.number();

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function successShape<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}
