import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants.js';

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
  /** The request's headers are over Node's limit (16 KB): 431, answered before any route. */
  'HEADERS_TOO_LARGE',
  /** The request (headers or body) did not arrive within its time: 408, answered before any route. */
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  /** Google Merchant is not configured (GOOGLE_MERCHANT_* variables): 503. */
  'MERCHANT_NOT_CONFIGURED',
  /** Google Merchant refused a call or did not answer: 502, with the reason. */
  'MERCHANT_FAILED',
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

/** Largest id the database's integer columns hold. */
export const ID_MAX = 2_147_483_647;
/** An id as text: plain decimal digits, no sign, space, leading zero, exponent or hex. */
const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/**
 * A positive integer id: decimal digits ("12", from a path, a query or a form) or a JSON integer
 * (12). "0x10", " 1", "1e1", "1.0", booleans and anything above ID_MAX are refused with
 * `messageKey`.
 */
export function strictId(messageKey: string) {
  return z
    .union([z.string(), z.number()], { error: messageKey })
    .transform((value, context) => {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof text !== 'string' || !ID_PATTERN.test(text) || Number(text) > ID_MAX) {
        context.addIssue({ code: 'custom', message: messageKey });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** A positive integer id taken from a path segment ("12"); anything else is a validation error. */
export const idParam = strictId('validation.id_invalid');

/** Control characters other than tab, line feed and carriage return: never part of a shop text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when `value` has no control character (tab, line feed and carriage return are allowed). */
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * A string without control characters (a NUL byte cannot even be stored): every text a request
 * carries starts here. `error` is the message when the value is not a string at all.
 */
export function plainText(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine(hasNoControlCharacters, 'validation.text_invalid');
}

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

/** Highest page number a list's query may ask for. */
const PAGE_QUERY_MAX = 100_000;

/** How many rows a list's page holds when `limit` is absent, and the most a caller may ask for. */
export interface QueryLimits {
  defaultLimit: number;
  maxLimit: number;
}

/** A list's `limit` query field: a whole number from 1 to `maxLimit`; `defaultLimit` if absent. */
export function limitQueryField({ defaultLimit, maxLimit }: QueryLimits) {
  return z.coerce
    .number({ error: 'validation.limit_invalid' })
    .int('validation.limit_invalid')
    .min(1, 'validation.limit_invalid')
    .max(maxLimit, 'validation.limit_invalid')
    .default(defaultLimit);
}

/**
 * A paged list's `page` (1 when absent, at most 100,000) and `limit` query fields (see
 * limitQueryField), to spread into the list's query object.
 */
export function pageQueryFields(limits: QueryLimits) {
  return {
    page: z.coerce
      .number({ error: 'validation.page_invalid' })
      .int('validation.page_invalid')
      .min(1, 'validation.page_invalid')
      .max(PAGE_QUERY_MAX, 'validation.page_invalid')
      .default(1),
    limit: limitQueryField(limits),
  };
}

/** A list's search text, trimmed; blank (absent, '' or spaces) means "no search". */
export const optionalSearchQuery = plainText()
  .max(SEARCH_MAX_LENGTH, 'validation.search_too_long')
  .transform((value) => value.trim())
  .optional()
  .transform((value) => (value ? value : undefined));

/** A query filter's blank (absent, null, '' or spaces) means "no filter": read it as undefined. */
export const blankAsUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export function successShape<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}

/** A back-office delete's reply: the id that is gone and a confirmation in the request's language. */
export const deletedIdResponseSchema = successShape({
  id: z.number().int(),
  message: z.string(),
});
export type DeletedIdResponse = z.infer<typeof deletedIdResponseSchema>;
