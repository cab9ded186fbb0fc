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

/** POST /promo-codes/validate: total is the cart subtotal, a decimal amount. */
export const promoValidateBodySchema = z.object({ code: promoCodeInput, total: amountInput });
export type PromoValidateBody = z.infer<typeof promoValidateBodySchema>;

/** POST /promo-codes/apply: orderAmount is the order subtotal, a decimal amount. */
export const promoApplyBodySchema = z.object({ code: promoCodeInput, orderAmount: amountInput });
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
  message: z.string(),
});
export type PromoResultResponse = z.infer<typeof promoResultResponseSchema>;
