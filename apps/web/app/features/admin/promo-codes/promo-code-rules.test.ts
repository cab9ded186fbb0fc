import { describe, expect, it } from 'vitest';
import type { AdminPromoCode, MoneyFormat } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import {
  codeSuggestion,
  dayText,
  emptyPromoCodeForm,
  filterPromoCodes,
  isCodeTakenError,
  isPromoCodeFormDirty,
  minOrderText,
  parseDecimal,
  parsePromoCodeId,
  parseWholeNumber,
  promoCodeBody,
  promoCodeFormFrom,
  promoCodeFormProblems,
  promoValueText,
  saveFailureText,
  stateFilterFrom,
  typedCode,
  usesText,
  type PromoCodeForm,
} from './promo-code-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };
const ARABIC_KD: MoneyFormat = { symbol: 'د.ك', decimals: 3 };

const stored: AdminPromoCode = {
  id: 7,
  code: 'EID2026',
  description: 'خصم العيد',
  discount_type: 'fixed',
  discount_value: 1.5,
  min_order_amount: 10.25,
  max_uses: 100,
  used_count: 12,
  is_active: true,
  once_per_customer: true,
  valid_from: '2026-03-20',
  valid_until: '2026-03-22',
  state: 'scheduled',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

const valid = (overrides: Partial<PromoCodeForm> = {}): PromoCodeForm => ({
  ...emptyPromoCodeForm(),
  code: 'RAMADAN10',
  description: 'رمضان',
  discount_value: '10',
  ...overrides,
});

const keysOf = (problems: ReturnType<typeof promoCodeFormProblems>) =>
  Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem?.key]));

describe('the promo code form', () => {
  it('starts a new code as an active percentage for everyone', () => {
    expect(emptyPromoCodeForm()).toMatchObject({ discount_type: 'percentage', is_active: true, once_per_customer: false, code: '' });
  });

  it('preloads a stored code, dates without their time part', () => {
    expect(promoCodeFormFrom(stored)).toEqual({
      code: 'EID2026',
      description: 'خصم العيد',
      discount_type: 'fixed',
      discount_value: '1.5',
      min_order_amount: '10.25',
      max_uses: '100',
      valid_from: '2026-03-20',
      valid_until: '2026-03-22',
      is_active: true,
      once_per_customer: true,
    });
    expect(promoCodeFormFrom({ ...stored, min_order_amount: null, max_uses: null, valid_from: null, valid_until: '2026-03-22T00:00:00' })).toMatchObject({
      min_order_amount: '',
      max_uses: '',
      valid_from: '',
      valid_until: '2026-03-22',
    });
  });

  it('upper-cases the code as it is typed', () => {
    expect(typedCode('eid2026')).toBe('EID2026');
  });

  it('reads decimals and whole numbers, Arabic-Indic digits included', () => {
    expect(parseDecimal('12')).toBe(12_000);
    expect(parseDecimal(' 1.5 ')).toBe(1_500);
    expect(parseDecimal('.25')).toBe(250);
    expect(parseDecimal('١٫٥')).toBe(1_500);
    expect(parseDecimal('1.2345')).toBeNull();
    expect(parseDecimal('-1')).toBeNull();
    expect(parseDecimal('ten')).toBeNull();
    expect(parseWholeNumber('٢٠')).toBe(20);
    expect(parseWholeNumber('2.5')).toBeNull();
  });

  it('accepts a complete form', () => {
    expect(promoCodeFormProblems(valid())).toEqual({});
    expect(promoCodeFormProblems(valid({ discount_type: 'fixed', discount_value: '1.250', min_order_amount: '0', max_uses: '1' }))).toEqual({});
    expect(promoCodeFormProblems(valid({ valid_from: '2026-05-20', valid_until: '2026-05-20' }))).toEqual({});
  });

  it('applies the code and description rules', () => {
    expect(keysOf(promoCodeFormProblems(valid({ code: '', description: ' ' })))).toEqual({
      code: 'admin-promo-codes.validation.code_required',
      description: 'admin-promo-codes.validation.description_required',
    });
    expect(keysOf(promoCodeFormProblems(valid({ code: 'AB' })))).toEqual({ code: 'admin-promo-codes.validation.code_too_short' });
    expect(keysOf(promoCodeFormProblems(valid({ code: 'EID-10' })))).toEqual({ code: 'admin-promo-codes.validation.code_invalid' });
    expect(promoCodeFormProblems(valid({ code: 'A'.repeat(31) })).code).toEqual({
      key: 'admin-promo-codes.validation.code_too_long',
      params: { count: 30 },
    });
    expect(keysOf(promoCodeFormProblems(valid({ description: 'x'.repeat(501) })))).toEqual({
      description: 'admin-promo-codes.validation.description_too_long',
    });
  });

  it('wants a value above 0, a whole percentage up to 100', () => {
    const valueKey = (overrides: Partial<PromoCodeForm>) => promoCodeFormProblems(valid(overrides)).discount_value?.key;
    expect(valueKey({ discount_value: '' })).toBe('admin-promo-codes.validation.value_required');
    expect(valueKey({ discount_value: '0' })).toBe('admin-promo-codes.validation.value_invalid');
    expect(valueKey({ discount_value: 'abc' })).toBe('admin-promo-codes.validation.value_invalid');
    expect(valueKey({ discount_value: '12.5' })).toBe('admin-promo-codes.validation.percent_not_whole');
    expect(valueKey({ discount_value: '101' })).toBe('admin-promo-codes.validation.percent_too_high');
    expect(valueKey({ discount_value: '100' })).toBeUndefined();
    expect(valueKey({ discount_type: 'fixed', discount_value: '150' })).toBeUndefined();
    expect(valueKey({ discount_type: 'fixed', discount_value: '0.001' })).toBeUndefined();
    expect(valueKey({ discount_type: 'fixed', discount_value: '0' })).toBe('admin-promo-codes.validation.value_invalid');
  });

  it('checks the minimum order and the maximum uses when given', () => {
    expect(keysOf(promoCodeFormProblems(valid({ min_order_amount: '-1', max_uses: '0' })))).toEqual({
      min_order_amount: 'admin-promo-codes.validation.min_order_invalid',
      max_uses: 'admin-promo-codes.validation.max_uses_invalid',
    });
    expect(keysOf(promoCodeFormProblems(valid({ max_uses: '1.5' })))).toEqual({ max_uses: 'admin-promo-codes.validation.max_uses_invalid' });
    expect(promoCodeFormProblems(valid({ max_uses: '11' }), { usedCount: 12 }).max_uses).toEqual({
      key: 'admin-promo-codes.validation.max_uses_below_used',
      params: { used: 12 },
    });
    expect(promoCodeFormProblems(valid({ max_uses: '12' }), { usedCount: 12 })).toEqual({});
  });

  it('wants the end date on or after the start date', () => {
    expect(keysOf(promoCodeFormProblems(valid({ valid_from: '2026-02-01', valid_until: '2026-01-31' })))).toEqual({
      valid_until: 'admin-promo-codes.validation.end_before_start',
    });
    expect(keysOf(promoCodeFormProblems(valid({ valid_from: '2026-02-30' })))).toEqual({
      valid_from: 'admin-promo-codes.validation.date_invalid',
    });
    expect(promoCodeFormProblems(valid({ valid_until: '2026-01-31' }))).toEqual({});
  });

  it('sends decimals, whole numbers and nulls where the API expects them', () => {
    expect(promoCodeBody(valid({ code: ' ramadan10 ', description: ' رمضان ', discount_value: '10' }))).toEqual({
      code: 'RAMADAN10',
      description: 'رمضان',
      discount_type: 'percentage',
      discount_value: 10,
      min_order_amount: null,
      max_uses: null,
      valid_from: null,
      valid_until: null,
      is_active: true,
      once_per_customer: false,
    });
    expect(
      promoCodeBody(
        valid({
          discount_type: 'fixed',
          discount_value: '١٫٥',
          min_order_amount: '10.250',
          max_uses: '٣٠',
          valid_from: '2026-12-01',
          valid_until: '2026-12-31',
          is_active: false,
          once_per_customer: true,
        }),
      ),
    ).toMatchObject({
      discount_value: 1.5,
      min_order_amount: 10.25,
      max_uses: 30,
      valid_from: '2026-12-01',
      valid_until: '2026-12-31',
      is_active: false,
      once_per_customer: true,
    });
    // A stored code sent back unchanged is the same code.
    expect(promoCodeBody(promoCodeFormFrom(stored))).toMatchObject({ code: 'EID2026', discount_value: 1.5, min_order_amount: 10.25, max_uses: 100 });
  });

  it('knows when something was changed', () => {
    const initial = promoCodeFormFrom(stored);
    expect(isPromoCodeFormDirty({ ...initial }, initial)).toBe(false);
    expect(isPromoCodeFormDirty({ ...initial, description: ' خصم العيد ' }, initial)).toBe(false);
    expect(isPromoCodeFormDirty({ ...initial, is_active: false }, initial)).toBe(true);
    expect(isPromoCodeFormDirty({ ...initial, valid_until: '' }, initial)).toBe(true);
  });

  it('puts "already exists" on the code field and other failures in the red box', () => {
    const taken = new ApiError(409, 'CONFLICT', 'Promo code already exists', [{ field: 'code', message: 'Promo code already exists' }]);
    expect(isCodeTakenError(taken)).toBe(true);
    expect(isCodeTakenError(new ApiError(409, 'CONFLICT', 'Another conflict'))).toBe(false);
    expect(isCodeTakenError(new ApiError(400, 'VALIDATION_ERROR', 'Invalid', [{ field: 'code', message: 'x' }]))).toBe(false);
    expect(isCodeTakenError(new Error('boom'))).toBe(false);
    expect(saveFailureText('failed to create promo code', 'The service is currently unavailable', 'generic')).toBe(
      'failed to create promo code: The service is currently unavailable',
    );
    expect(saveFailureText('failed to update promo code', null, 'An unexpected error occurred')).toBe(
      'failed to update promo code: An unexpected error occurred',
    );
  });

  it('suggests the code with a few digits added, within the longest code', () => {
    expect(codeSuggestion(' eid ', '42')).toBe('EID42');
    expect(codeSuggestion('A'.repeat(30), '42')).toBe(`${'A'.repeat(28)}42`);
  });
});

describe('the promo codes list', () => {
  it('shows a percentage as "10 %" and money with 3 decimals and the currency', () => {
    expect(promoValueText({ discount_type: 'percentage', discount_value: 10 }, KD)).toBe('10 %');
    expect(promoValueText({ discount_type: 'fixed', discount_value: 1.5 }, KD)).toBe('1.500 KD');
    expect(minOrderText(10, ARABIC_KD)).toBe('10.000 د.ك');
    expect(minOrderText(null, KD)).toBeNull();
  });

  it('shows uses as used / max, and dates as dd/mm/yyyy', () => {
    expect(usesText(3, 10)).toBe('3 / 10');
    expect(usesText(3, null)).toBeNull();
    expect(dayText('2026-12-31')).toBe('31/12/2026');
  });

  it('filters by code or description and by state', () => {
    const list = [
      stored,
      { ...stored, id: 8, code: 'WELCOME5', description: 'ترحيب', state: 'active' as const },
      { ...stored, id: 9, code: 'OLD1', description: 'قديم', state: 'expired' as const },
    ];
    expect(filterPromoCodes(list, '', '').map((promo) => promo.id)).toEqual([7, 8, 9]);
    expect(filterPromoCodes(list, 'welcome', '').map((promo) => promo.id)).toEqual([8]);
    expect(filterPromoCodes(list, 'العيد', '').map((promo) => promo.id)).toEqual([7]);
    expect(filterPromoCodes(list, '', 'expired').map((promo) => promo.id)).toEqual([9]);
    expect(stateFilterFrom('used_up')).toBe('used_up');
    expect(stateFilterFrom('nonsense')).toBe('');
  });

  it('reads the id of the edit path', () => {
    expect(parsePromoCodeId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '012', '1.5', 'abc', '99999999999']) expect(parsePromoCodeId(bad)).toBeNull();
  });
});
