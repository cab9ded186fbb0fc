import { z } from 'zod';
import {
  isCalendarDate,
  normalizePromoCode,
  PROMO_AMOUNT_MAX,
  promoCodeProblem,
  promoDatesInOrder,
  PROMO_DESCRIPTION_MAX,
  promoDiscountTypes,
  PROMO_MAX_USES_MAX,
  promoStates,
  promoValueProblem,
  type PromoCodeProblem,
  type PromoValueProblem,
} from '../promotions.js';
import { optionalWholeNumber, withMaxLength } from './admin-form-text.js';
import { deletedIdResponseSchema, idParam, moneySchema, plainText, successShape } from './common.js';
import { formBoolean, formMoney, requiredFormText } from './form-fields.js';

export * from '../promotions.js';

// ---------- requests ----------

/** Longest code a shopper can send; stored codes are A-Z and 0-9, at least 3 characters. */
export const PROMO_CODE_MAX_LENGTH = 50;

const promoCodeInput = plainText('promo.code_required')
  .trim()
  .min(1, 'promo.code_required')
  .max(PROMO_CODE_MAX_LENGTH, 'promo.not_found');

const amountInput = z
  .number({ error: 'validation.amount_invalid' })
  .min(0, 'validation.amount_invalid')
  .max(1_000_000_000, 'validation.amount_invalid');

/**
 * Who would use the code, optional: with a once-per-customer code, an e-mail or phone already
 * used with it is refused here as it would be by the order (a signed-in customer's account and
 * account e-mail count without these). Format is not checked: a value typed halfway never matches.
 */
const promoCustomerInput = {
  email: plainText('order.email_invalid').trim().max(254, 'order.email_invalid').optional(),
  phone: plainText('order.phone_invalid').trim().max(30, 'order.phone_invalid').optional(),
};

/** POST /promo-codes/validate: total is the cart subtotal, a decimal amount. */
export const promoValidateBodySchema = z.object({
  code: promoCodeInput,
  total: amountInput,
  ...promoCustomerInput,
});
export type PromoValidateBody = z.infer<typeof promoValidateBodySchema>;

/** POST /promo-codes/apply: orderAmount is the order subtotal, a decimal amount. */
export const promoApplyBodySchema = z.object({
  code: promoCodeInput,
  orderAmount: amountInput,
  ...promoCustomerInput,
});
export type PromoApplyBody = z.infer<typeof promoApplyBodySchema>;

/** PUT /cart/promo-code: the code to keep with the shopper's cart (checked against its subtotal). */
export const cartPromoCodeBodySchema = z.object({ code: promoCodeInput });
export type CartPromoCodeBody = z.infer<typeof cartPromoCodeBodySchema>;

// ---------- responses ----------

export const promoResultResponseSchema = successShape({
  /** The code as stored (upper-case). */
  code: z.string(),
  /** The amount taken off the subtotal, a decimal amount. */
  discount: moneySchema,
  discount_type: z.enum(promoDiscountTypes),
  /** Whole percent for percentage codes, a decimal amount for fixed codes. */
  discount_value: z.number(),
  /** One order per customer (account, e-mail or phone): a welcome-type code. */
  once_per_customer: z.boolean(),
  message: z.string(),
});
export type PromoResultResponse = z.infer<typeof promoResultResponseSchema>;

// ---------- the back office ----------

/*
 * - `GET /api/promo-codes` (`promotions.manage`): every code, newest first, as `promo_codes`.
 * - `GET /api/promo-codes/:id`, `POST /api/promo-codes`, `PUT /api/promo-codes/:id` (the whole
 *   form, as POST), `DELETE /api/promo-codes/:id` (orders that used it keep the code's text).
 * Dates are whole days in Kuwait time, `YYYY-MM-DD` both ways: valid_from D applies from D 00:00
 * in Kuwait, valid_until D until the end of D in Kuwait (promoDayStart, promoDayEnd).
 */

const promoCodeProblemKeys: Record<PromoCodeProblem, string> = {
  required: 'promotions.code_required',
  too_short: 'promotions.code_too_short',
  too_long: 'promotions.code_too_long',
  invalid: 'promotions.code_invalid',
};

const promoValueProblemKeys: Record<PromoValueProblem, string> = {
  not_positive: 'promotions.value_invalid',
  percent_not_whole: 'promotions.percent_not_whole',
  percent_too_high: 'promotions.percent_too_high',
  amount_too_high: 'promotions.amount_too_high',
};

/** The code as stored: trimmed, upper-cased, 3 to 30 of A-Z and 0-9 (promoCodeProblem). */
const adminPromoCode = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  plainText('promotions.code_required')
    .max(PROMO_CODE_MAX_LENGTH, 'promotions.code_too_long')
    .transform((value, context) => {
      const problem = promoCodeProblem(value);
      if (problem) {
        context.addIssue({ code: 'custom', message: promoCodeProblemKeys[problem] });
        return z.NEVER;
      }
      return normalizePromoCode(value);
    }),
);

const description = withMaxLength(
  PROMO_DESCRIPTION_MAX,
  'promotions.description_too_long',
  requiredFormText(PROMO_DESCRIPTION_MAX, 'promotions.description_required'),
);

/** The value as typed (a decimal with at most 3 decimals), in thousandths of its unit. */
const discountValue = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  formMoney('promotions.value_invalid', Number.MAX_SAFE_INTEGER),
);

/** A calendar day `YYYY-MM-DD`; blank or null: none. */
const promoDate = z.preprocess(
  (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
  z
    .string({ error: 'promotions.date_invalid' })
    .transform((value) => value.trim())
    .refine(isCalendarDate, 'promotions.date_invalid')
    .nullable(),
);

/** An amount ≥ 0 in thousandths; blank or null: none. */
const minOrderAmount = z.preprocess(
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value),
  formMoney('promotions.min_order_invalid', PROMO_AMOUNT_MAX).nullable(),
);

/**
 * POST /api/promo-codes and PUT /api/promo-codes/:id (JSON): the form's fields. discount_value
 * is whole percent (1 to 100) for a percentage, a decimal amount above 0 for a fixed discount;
 * min_order_amount a decimal amount ≥ 0 or null; max_uses a whole number ≥ 1 or null (on PUT
 * not below the uses already made); valid_until on or after valid_from. Defaults: percentage,
 * active, not once per customer.
 */
export const adminPromoCodeBodySchema = z
  .object({
    code: adminPromoCode,
    description,
    discount_type: z
      .enum(promoDiscountTypes, { error: 'promotions.discount_type_invalid' })
      .default('percentage'),
    discount_value: discountValue,
    min_order_amount: minOrderAmount,
    max_uses: optionalWholeNumber('promotions.max_uses_invalid', 1, PROMO_MAX_USES_MAX),
    valid_from: promoDate,
    valid_until: promoDate,
    is_active: formBoolean.default(true),
    once_per_customer: formBoolean.default(false),
  })
  .superRefine((body, context) => {
    const problem = promoValueProblem(body.discount_type, body.discount_value);
    if (problem) {
      context.addIssue({ code: 'custom', path: ['discount_value'], message: promoValueProblemKeys[problem] });
    }
    if (!promoDatesInOrder(body.valid_from, body.valid_until)) {
      context.addIssue({ code: 'custom', path: ['valid_until'], message: 'promotions.end_before_start' });
    }
  })
  .transform(({ discount_value, ...body }) => ({
    ...body,
    /** Whole percent for a percentage, thousandths for a fixed amount (as stored). */
    discount_value: body.discount_type === 'percentage' ? discount_value / 1000 : discount_value,
  }));
export type AdminPromoCodeBody = z.output<typeof adminPromoCodeBodySchema>;

export const adminPromoCodeParamsSchema = z.object({ id: idParam });

export const adminPromoCodeSchema = z.object({
  id: z.number().int(),
  /** Upper-case A-Z and 0-9. */
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(promoDiscountTypes),
  /** Whole percent for percentage codes, a decimal amount for fixed codes. */
  discount_value: z.number(),
  /** A decimal amount, or null for no minimum. */
  min_order_amount: moneySchema.nullable(),
  max_uses: z.number().int().nullable(),
  /** Orders that used it (not given back when an order is cancelled); read only. */
  used_count: z.number().int(),
  is_active: z.boolean(),
  /** One order per customer (account, e-mail or phone). */
  once_per_customer: z.boolean(),
  /** First day it applies, in Kuwait time (`YYYY-MM-DD`), or null. */
  valid_from: z.string().nullable(),
  /** Last day it applies, in Kuwait time (`YYYY-MM-DD`), or null. */
  valid_until: z.string().nullable(),
  /** What a shopper would meet now: active, scheduled, expired, used_up or inactive. */
  state: z.enum(promoStates),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

export const adminPromoCodeListResponseSchema = successShape({
  promo_codes: z.array(adminPromoCodeSchema),
});
export type AdminPromoCodeListResponse = z.infer<typeof adminPromoCodeListResponseSchema>;

export const adminPromoCodeResponseSchema = successShape({ promo_code: adminPromoCodeSchema });
export type AdminPromoCodeResponse = z.infer<typeof adminPromoCodeResponseSchema>;

export const adminPromoCodeDeleteResponseSchema = deletedIdResponseSchema;
export type AdminPromoCodeDeleteResponse = z.infer<typeof adminPromoCodeDeleteResponseSchema>;
