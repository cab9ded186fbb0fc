import { z } from 'zod';
import { promoDiscountTypes } from '../promotions.js';
import { moneySchema, plainText, successShape } from './common.js';

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
