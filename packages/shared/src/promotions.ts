import type { Thousandths } from './money.js';

/** Promo code validation and redemption requests allowed per client IP per minute. */
export const PROMO_RATE_LIMIT_PER_MINUTE = 20;

export const promoDiscountTypes = ['percentage', 'fixed'] as const;
export type PromoDiscountType = (typeof promoDiscountTypes)[number];

/** The fields of a promo code that decide whether it applies and how much it takes off. */
export interface PromoTerms {
  discount_type: PromoDiscountType;
  /** Whole percent (1..100) for percentage codes, thousandths for fixed codes. */
  discount_value: number;
  min_order_amount: Thousandths | null;
  max_uses: number | null;
  used_count: number;
  is_active: boolean;
  /** One order per customer (account, e-mail or phone); checked against orders, not here. */
  once_per_customer?: boolean;
  valid_from: Date | null;
  valid_until: Date | null;
}

export const promoRefusals = [
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'below_minimum',
] as const;
export type PromoRefusal = (typeof promoRefusals)[number];

export type PromoEvaluation =
  { ok: true; discount: Thousandths } | { ok: false; reason: PromoRefusal };

/**
 * The discount a promo code gives on a subtotal (thousandths), or why it does not apply.
 * Checked in this order: active, started, not expired, uses left, minimum order.
 * The validity window includes both of its ends; a minimum order exactly met is enough.
 * A percentage rounds down to the fils, so the shop never gives more than the percentage;
 * a fixed amount never exceeds the subtotal.
 */
export function evaluatePromo(
  promo: PromoTerms,
  subtotal: Thousandths,
  now: Date,
): PromoEvaluation {
  if (!promo.is_active) return { ok: false, reason: 'inactive' };
  if (promo.valid_from && now.getTime() < promo.valid_from.getTime()) {
    return { ok: false, reason: 'not_started' };
  }
  if (promo.valid_until && now.getTime() > promo.valid_until.getTime()) {
    return { ok: false, reason: 'expired' };
  }
  if (promo.max_uses !== null && promo.used_count >= promo.max_uses) {
    return { ok: false, reason: 'used_up' };
  }
  if (promo.min_order_amount !== null && subtotal < promo.min_order_amount) {
    return { ok: false, reason: 'below_minimum' };
  }
  const base = Math.max(0, subtotal);
  const discount =
    promo.discount_type === 'percentage'
      ? Math.floor((base * Math.min(promo.discount_value, 100)) / 100)
      : Math.min(promo.discount_value, base);
  return { ok: true, discount };
}

/** How shoppers' input is matched against stored codes: trimmed and upper-cased. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
