import {
  formatPrice,
  fromThousandths,
  isCalendarDate,
  latinDigits,
  matchesSearch,
  normalizePromoCode,
  PROMO_AMOUNT_MAX,
  PROMO_CODE_MAX_LENGTH_STORED,
  promoCodeProblem,
  promoDatesInOrder,
  PROMO_DESCRIPTION_MAX,
  PROMO_MAX_USES_MAX,
  promoStates,
  promoValueProblem,
  toThousandths,
  type AdminPromoCode,
  type MoneyFormat,
  type PromoCodeProblem,
  type PromoDiscountType,
  type PromoState,
  type PromoValueProblem,
  type Thousandths,
} from '@shop/shared';
import type { MessageKey, TranslationKey } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';

/**
 * The rules of the promo codes tab and form: what is
 * checked before sending (the code, value and dates rules are the
 * shared ones the API applies), the JSON body of POST/PUT /api/promo-codes, and how the list
 * shows values, uses, dates and states. The server checks everything again.
 */

// ---------- the form ----------

export interface PromoCodeForm {
  /** Upper-cased as typed. */
  code: string;
  description: string;
  discount_type: PromoDiscountType;
  /** As typed: whole percent, or an amount with up to 3 decimals. */
  discount_value: string;
  /** As typed; empty means no minimum. */
  min_order_amount: string;
  /** As typed; empty means unlimited. */
  max_uses: string;
  /** `YYYY-MM-DD` from a date input; empty means no limit. */
  valid_from: string;
  valid_until: string;
  is_active: boolean;
  once_per_customer: boolean;
}

/** The form's fields in screen order (the focus goes to the first invalid one). */
export const promoCodeFields = [
  'code',
  'description',
  'discount_type',
  'discount_value',
  'min_order_amount',
  'max_uses',
  'valid_from',
  'valid_until',
] as const;
export type PromoCodeField = (typeof promoCodeFields)[number];

/** A new code: a percentage, active, for everyone. */
export function emptyPromoCodeForm(): PromoCodeForm {
  return {
    code: '',
    description: '',
    discount_type: 'percentage',
    discount_value: '',
    min_order_amount: '',
    max_uses: '',
    valid_from: '',
    valid_until: '',
    is_active: true,
    once_per_customer: false,
  };
}

/** A decimal as the form shows it: "12.5" for 12.5, "12" for 12, "" for none. */
function numberText(value: number | null): string {
  return value === null ? '' : String(fromThousandths(toThousandths(value)));
}

/** The form of a stored code; dates without any time part. */
export function promoCodeFormFrom(promo: AdminPromoCode): PromoCodeForm {
  return {
    code: promo.code,
    description: promo.description,
    discount_type: promo.discount_type,
    discount_value: numberText(promo.discount_value),
    min_order_amount: numberText(promo.min_order_amount),
    max_uses: promo.max_uses === null ? '' : String(promo.max_uses),
    valid_from: promo.valid_from?.slice(0, 10) ?? '',
    valid_until: promo.valid_until?.slice(0, 10) ?? '',
    is_active: promo.is_active,
    once_per_customer: promo.once_per_customer,
  };
}

/** The code field as the admin types: upper-cased at once. */
export function typedCode(value: string): string {
  return value.toUpperCase();
}

/** Arabic-Indic digits and the Arabic decimal separator as the ASCII ones ("١٢٫٥" -> "12.5"). */
function latinNumber(text: string): string {
  return latinDigits(text.trim()).replace(/\u066B/g, '.');
}

/** A decimal as typed ("12", "12.5", ".5", "١٫٥") in thousandths; null when it is not one. */
export function parseDecimal(value: string): Thousandths | null {
  let text = latinNumber(value);
  if (text.startsWith('.')) text = `0${text}`;
  if (!/^\d{1,10}(\.\d{1,3})?$/.test(text)) return null;
  return toThousandths(text);
}

/** A whole number as typed ("12", "١٢"); null when it is not one. */
export function parseWholeNumber(value: string): number | null {
  const text = latinNumber(value);
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** A problem of the form: a message key and the values of its placeholders. */
export interface PromoCodeFormProblem {
  key: TranslationKey;
  params?: Record<string, string | number>;
}

const codeProblemKeys: Record<PromoCodeProblem, PromoCodeFormProblem> = {
  required: { key: 'admin-promo-codes.validation.code_required' },
  too_short: { key: 'admin-promo-codes.validation.code_too_short' },
  too_long: { key: 'admin-promo-codes.validation.code_too_long', params: { count: PROMO_CODE_MAX_LENGTH_STORED } },
  invalid: { key: 'admin-promo-codes.validation.code_invalid' },
};

const valueProblemKeys: Record<PromoValueProblem, MessageKey> = {
  not_positive: 'admin-promo-codes.validation.value_invalid',
  percent_not_whole: 'admin-promo-codes.validation.percent_not_whole',
  percent_too_high: 'admin-promo-codes.validation.percent_too_high',
  amount_too_high: 'admin-promo-codes.validation.amount_too_high',
};

/**
 * The checks before sending: code (3 or more of A-Z and 0-9), description,
 * a value above 0 (a whole percentage up to 100, or an amount), a minimum order of 0 or more,
 * maximum uses of 1 or more (when editing, not below `usedCount`), real dates with the end on or
 * after the start.
 */
export function promoCodeFormProblems(
  form: PromoCodeForm,
  options: { usedCount?: number } = {},
): Partial<Record<PromoCodeField, PromoCodeFormProblem>> {
  const problems: Partial<Record<PromoCodeField, PromoCodeFormProblem>> = {};
  const codeProblem = promoCodeProblem(form.code);
  if (codeProblem) problems.code = codeProblemKeys[codeProblem];

  const description = form.description.trim();
  if (description === '') problems.description = { key: 'admin-promo-codes.validation.description_required' };
  else if (description.length > PROMO_DESCRIPTION_MAX) {
    problems.description = { key: 'admin-promo-codes.validation.description_too_long', params: { count: PROMO_DESCRIPTION_MAX } };
  }

  if (form.discount_value.trim() === '') problems.discount_value = { key: 'admin-promo-codes.validation.value_required' };
  else {
    const value = parseDecimal(form.discount_value);
    const valueProblem = value === null ? 'not_positive' : promoValueProblem(form.discount_type, value);
    if (valueProblem) problems.discount_value = { key: valueProblemKeys[valueProblem] };
  }

  if (form.min_order_amount.trim() !== '') {
    const minimum = parseDecimal(form.min_order_amount);
    if (minimum === null || minimum > PROMO_AMOUNT_MAX) problems.min_order_amount = { key: 'admin-promo-codes.validation.min_order_invalid' };
  }

  if (form.max_uses.trim() !== '') {
    const maxUses = parseWholeNumber(form.max_uses);
    if (maxUses === null || maxUses < 1 || maxUses > PROMO_MAX_USES_MAX) {
      problems.max_uses = { key: 'admin-promo-codes.validation.max_uses_invalid' };
    } else if (options.usedCount !== undefined && maxUses < options.usedCount) {
      problems.max_uses = { key: 'admin-promo-codes.validation.max_uses_below_used', params: { used: options.usedCount } };
    }
  }

  const from = form.valid_from.trim();
  const until = form.valid_until.trim();
  if (from !== '' && !isCalendarDate(from)) problems.valid_from = { key: 'admin-promo-codes.validation.date_invalid' };
  if (until !== '' && !isCalendarDate(until)) problems.valid_until = { key: 'admin-promo-codes.validation.date_invalid' };
  else if (from !== '' && until !== '' && isCalendarDate(from) && !promoDatesInOrder(from, until)) {
    problems.valid_until = { key: 'admin-promo-codes.validation.end_before_start' };
  }
  return problems;
}

/** The JSON body of POST /api/promo-codes and PUT /api/promo-codes/:id. */
export interface PromoCodeBody {
  code: string;
  description: string;
  discount_type: PromoDiscountType;
  discount_value: number;
  min_order_amount: number | null;
  max_uses: number | null;
  valid_from: string | null;
  valid_until: string | null;
  is_active: boolean;
  once_per_customer: boolean;
}

/**
 * What is sent on submit: the code trimmed and upper-cased, the value as a
 * decimal number, the minimum order as a decimal or null, the maximum uses as a whole number or
 * null, empty dates as null. Call it on a form without problems.
 */
export function promoCodeBody(form: PromoCodeForm): PromoCodeBody {
  const decimal = (text: string) => {
    const value = parseDecimal(text);
    return value === null ? null : fromThousandths(value);
  };
  const from = form.valid_from.trim();
  const until = form.valid_until.trim();
  return {
    code: normalizePromoCode(form.code),
    description: form.description.trim(),
    discount_type: form.discount_type,
    discount_value: decimal(form.discount_value) ?? 0,
    min_order_amount: form.min_order_amount.trim() === '' ? null : decimal(form.min_order_amount),
    max_uses: form.max_uses.trim() === '' ? null : parseWholeNumber(form.max_uses),
    valid_from: from === '' ? null : from,
    valid_until: until === '' ? null : until,
    is_active: form.is_active,
    once_per_customer: form.once_per_customer,
  };
}

/** Whether the form differs from where it started (texts compared trimmed). */
export function isPromoCodeFormDirty(form: PromoCodeForm, initial: PromoCodeForm): boolean {
  return (Object.keys(initial) as (keyof PromoCodeForm)[]).some((key) => {
    const now = form[key];
    const before = initial[key];
    return typeof now === 'string' && typeof before === 'string' ? now.trim() !== before.trim() : now !== before;
  });
}

/** A free code to suggest when the typed one exists: the code with a few digits added. */
export function codeSuggestion(code: string, digits: string): string {
  const base = normalizePromoCode(code).slice(0, PROMO_CODE_MAX_LENGTH_STORED - digits.length);
  return `${base}${digits}`;
}

/**
 * Whether a failed save is the server's 'Promo code already exists': a 409 with
 * its detail on the code field. The form shows it on the code field, not in the red box.
 */
export function isCodeTakenError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CONFLICT' && error.details.some((detail) => detail.field === 'code');
}

/** The red box's text of another failed save: what failed, then the server's message. */
export function saveFailureText(failed: string, serverMessage: string | null, fallback: string): string {
  return `${failed}: ${serverMessage ?? fallback}`;
}

// ---------- the list ----------

/** A code's value as the list shows it: "10 %" or "1.500 KD" (3 decimals, as the back office shows money). */
export function promoValueText(promo: Pick<AdminPromoCode, 'discount_type' | 'discount_value'>, money: MoneyFormat): string {
  return promo.discount_type === 'percentage'
    ? `${promo.discount_value} %`
    : formatPrice(toThousandths(promo.discount_value), money);
}

/** A minimum order as the list shows it ("10.000 KD"), or null when there is none. */
export function minOrderText(amount: number | null, money: MoneyFormat): string | null {
  return amount === null ? null : formatPrice(toThousandths(amount), money);
}

/** Uses as "used / max"; null max means unlimited (the caller words that). */
export function usesText(used: number, max: number | null): string | null {
  return max === null ? null : `${used} / ${max}`;
}

/** A calendar date `YYYY-MM-DD` as dd/mm/yyyy (no time zone involved: it is already a Kuwait day). */
export function dayText(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** The badge colour of each state. */
export const promoStateTones: Record<PromoState, 'green' | 'blue' | 'red' | 'yellow' | 'grey'> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'red',
  used_up: 'yellow',
  inactive: 'grey',
};

/** A state filter from the URL: one of the states, or '' for all. */
export function stateFilterFrom(value: string): PromoState | '' {
  return (promoStates as readonly string[]).includes(value) ? (value as PromoState) : '';
}

/** The codes matching the search (code or description) and the state filter, in the list's order. */
export function filterPromoCodes(promos: readonly AdminPromoCode[], search: string, state: PromoState | ''): AdminPromoCode[] {
  const query = search.trim();
  return promos.filter(
    (promo) => (state === '' || promo.state === state) && (query === '' || matchesSearch(`${promo.code} ${promo.description}`, query)),
  );
}

/** The id in /admin/promocode/edit/{id}, or null when it is not an id. */
export function parsePromoCodeId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
