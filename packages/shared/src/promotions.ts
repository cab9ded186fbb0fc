import { FORM_MONEY_MAX } from './backoffice-limits.js';
import type { Thousandths } from './money.js';

/**
 * Promo codes: what decides whether a code applies and how much it takes off (the storefront's
 * validation and the order), its state as the back office shows it, the rules of the back
 * office's promo code form and the Kuwait days of its validity.
 * Free of zod: the browser imports it.
 */

/** Promo code validation and redemption requests allowed per client IP per minute. */
export const PROMO_RATE_LIMIT_PER_MINUTE = 20;

/** The back office's promo code list is fresh this long (5 minutes). */
export const PROMO_CODES_CACHE_MS = 5 * 60 * 1000;

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
  /** The first instant it applies (start of a Kuwait day, see promoDayStart). */
  valid_from: Date | null;
  /** The first instant it no longer applies (end of a Kuwait day, see promoDayEnd). */
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

/** Why a code cannot be used right now whatever the order (everything but the minimum order). */
export type PromoUnavailability = Exclude<PromoRefusal, 'below_minimum'>;

/**
 * Whether a code can be used at `now`, whatever the order: null when it can, else the first
 * reason in a fixed order: active, started, not expired, uses left. The window starts at
 * `valid_from` included and ends at `valid_until` excluded (the first instant of the next day).
 */
export function promoUnavailability(promo: PromoTerms, now: Date): PromoUnavailability | null {
  if (!promo.is_active) return 'inactive';
  if (promo.valid_from && now.getTime() < promo.valid_from.getTime()) return 'not_started';
  if (promo.valid_until && now.getTime() >= promo.valid_until.getTime()) return 'expired';
  if (promo.max_uses !== null && promo.used_count >= promo.max_uses) return 'used_up';
  return null;
}

/**
 * The discount a promo code gives on a subtotal (thousandths), or why it does not apply.
 * Checked in this order: active, started, not expired, uses left, minimum order (see
 * promoUnavailability for the window); a minimum order exactly met is enough.
 * A percentage rounds down to the fils, so the shop never gives more than the percentage;
 * a fixed amount never exceeds the subtotal.
 */
export function evaluatePromo(
  promo: PromoTerms,
  subtotal: Thousandths,
  now: Date,
): PromoEvaluation {
  const unavailable = promoUnavailability(promo, now);
  if (unavailable) return { ok: false, reason: unavailable };
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

/** What the back office shows of a code's state. */
export const promoStates = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type PromoState = (typeof promoStates)[number];

const stateOfUnavailability: Record<PromoUnavailability, PromoState> = {
  inactive: 'inactive',
  not_started: 'scheduled',
  expired: 'expired',
  used_up: 'used_up',
};

/**
 * A code's state at `now`, by the same rules the storefront applies: switched off (inactive),
 * not started yet (scheduled), past its last day (expired), every use taken (used_up), else
 * active (a shopper can use it when the order meets its minimum).
 */
export function promoState(promo: PromoTerms, now: Date): PromoState {
  const unavailable = promoUnavailability(promo, now);
  return unavailable ? stateOfUnavailability[unavailable] : 'active';
}

/** How shoppers' input is matched against stored codes: trimmed and upper-cased. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

// ---------- validity days (Kuwait time) ----------

/**
 * Kuwait's offset from UTC in milliseconds. Asia/Kuwait is UTC+3 all year (no daylight saving),
 * so a Kuwait day is a fixed 24-hour span of UTC.
 */
const KUWAIT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a `YYYY-MM-DD` calendar date, or null when it is not a real date. */
function utcMidnight(date: string): number | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  // Date.UTC rolls 2026-02-30 over to March: such a date does not exist.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return time;
}

/** Whether a text is a real calendar date written `YYYY-MM-DD` (e.g. 2026-12-31, not 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  return utcMidnight(date) !== null;
}

function requireDate(date: string): number {
  const time = utcMidnight(date);
  if (time === null) throw new RangeError(`Not a calendar date: ${date}`);
  return time;
}

/** The first instant of a Kuwait day: `valid_from` D is D 00:00 in Kuwait (D-1 21:00 UTC). */
export function promoDayStart(date: string): Date {
  return new Date(requireDate(date) - KUWAIT_OFFSET_MS);
}

/**
 * The end of a Kuwait day, i.e. the first instant of the next one: `valid_until` D works until
 * D 23:59:59.999 in Kuwait and not from D+1 00:00 Kuwait (D 21:00 UTC).
 */
export function promoDayEnd(date: string): Date {
  return new Date(requireDate(date) + DAY_MS - KUWAIT_OFFSET_MS);
}

/** The Kuwait calendar date (`YYYY-MM-DD`) an instant falls on. */
export function kuwaitDateOf(instant: Date): string {
  return new Date(instant.getTime() + KUWAIT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The `valid_from` date of a stored start: the Kuwait day it falls on. */
export function promoStartDate(start: Date): string {
  return kuwaitDateOf(start);
}

/** The `valid_until` date of a stored end (exclusive): the Kuwait day its last moment falls on. */
export function promoEndDate(end: Date): string {
  return kuwaitDateOf(new Date(end.getTime() - 1));
}

// ---------- the back office's promo code form ----------

/** Shortest code. */
export const PROMO_CODE_MIN_LENGTH = 3;
/** Longest code an admin may create: short enough to type, print and read out. */
export const PROMO_CODE_MAX_LENGTH_STORED = 30;
export const PROMO_DESCRIPTION_MAX = 500;
/** The largest percentage. */
export const PROMO_PERCENT_MAX = 100;
/** The largest fixed discount and minimum order, in thousandths (as for prices). */
export const PROMO_AMOUNT_MAX: Thousandths = FORM_MONEY_MAX;
/** The largest maximum number of uses: far above any campaign, inside the integer column. */
export const PROMO_MAX_USES_MAX = 1_000_000;

/** Why a code as typed cannot be stored (after trimming and upper-casing). */
export type PromoCodeProblem = 'required' | 'too_short' | 'too_long' | 'invalid';

/**
 * The code rule of the form and the API: trimmed and upper-cased,
 * then at least 3 and at most PROMO_CODE_MAX_LENGTH_STORED characters, only A-Z and 0-9.
 */
export function promoCodeProblem(code: string): PromoCodeProblem | null {
  const normalized = normalizePromoCode(code);
  if (normalized === '') return 'required';
  if (!/^[A-Z0-9]+$/.test(normalized)) return 'invalid';
  if (normalized.length < PROMO_CODE_MIN_LENGTH) return 'too_short';
  if (normalized.length > PROMO_CODE_MAX_LENGTH_STORED) return 'too_long';
  return null;
}

/** Why a discount value (in thousandths of its unit) does not fit its type. */
export type PromoValueProblem = 'not_positive' | 'percent_not_whole' | 'percent_too_high' | 'amount_too_high';

/**
 * The value rule: above 0; a percentage is a whole number of percent up
 * to 100 (the stored value is whole percent); a fixed amount is money up to PROMO_AMOUNT_MAX.
 * `thousandths` is the typed number times 1000 (12.5 % is 12_500, 1.5 KD is 1_500).
 */
export function promoValueProblem(type: PromoDiscountType, thousandths: number): PromoValueProblem | null {
  if (thousandths <= 0) return 'not_positive';
  if (type === 'percentage') {
    if (thousandths % 1000 !== 0) return 'percent_not_whole';
    if (thousandths > PROMO_PERCENT_MAX * 1000) return 'percent_too_high';
    return null;
  }
  return thousandths > PROMO_AMOUNT_MAX ? 'amount_too_high' : null;
}

/**
 * The dates rule: when both are set, the last day is not before the first. The same day for
 * both is a one-day code (valid that whole Kuwait day), which the shop allows.
 */
export function promoDatesInOrder(from: string | null, until: string | null): boolean {
  return from === null || until === null || from <= until;
}
