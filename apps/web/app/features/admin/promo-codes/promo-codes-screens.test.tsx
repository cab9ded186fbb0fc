import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminPromoCode } from '@shop/shared';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { PromoCodeFormScreen } from './promo-code-form-screen';
import { promoCodesQueryKeys } from './promo-codes-api';
import PromoCodesTab from './promo-codes-tab';

function promo(id: number, code: string, extra: Partial<AdminPromoCode> = {}): AdminPromoCode {
  return {
    id,
    code,
    description: `وصف ${code}`,
    discount_type: 'percentage',
    discount_value: 10,
    min_order_amount: null,
    max_uses: null,
    used_count: 0,
    is_active: true,
    once_per_customer: false,
    valid_from: null,
    valid_until: null,
    state: 'active',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...extra,
  };
}

const codes = [
  promo(3, 'WELCOME5', { discount_type: 'fixed', discount_value: 1.5, min_order_amount: 10, max_uses: 100, used_count: 7, once_per_customer: true }),
  promo(2, 'EID2026', { valid_until: '2026-12-31', state: 'scheduled', valid_from: '2026-12-01' }),
  promo(1, 'OLD10', { is_active: false, state: 'inactive' }),
];

const fillList = (list: AdminPromoCode[]) => (client: QueryClient) => client.setQueryData(promoCodesQueryKeys.lists(), list);

describe('promo codes tab', () => {
  it('lists each code with its value, minimum, uses, last day, state and active switch', () => {
    const html = renderAdmin(<PromoCodesTab />, { lang: 'en', role: 'admin', fill: fillList(codes) });
    const text = textOf(html);
    expect(text).toContain('1.500 KD');
    expect(text).toContain('10 %');
    expect(text).toContain('10.000 KD');
    expect(text).toContain('7 / 100');
    expect(text).toContain('0 / unlimited');
    expect(text).toContain('31/12/2026');
    expect(text).toContain('Scheduled');
    expect(text).toContain('Once per customer');
    expect(html).toContain('href="/admin/promocode/new"');
    expect(html).toContain('href="/admin/promocode/edit/3"');
    expect(html).toContain('aria-label="Delete the promo code WELCOME5"');
    expect(html).toMatch(/role="switch" aria-checked="false" aria-label="Active: OLD10"/);
    // Newest first, as the server sent them.
    expect(text.indexOf('WELCOME5')).toBeLessThan(text.indexOf('EID2026'));
    expect(text).not.toMatch(/admin-promo-codes\.|admin\.common\./);
  });

  it('speaks Arabic', () => {
    const text = textOf(renderAdmin(<PromoCodesTab />, { lang: 'ar', role: 'admin', fill: fillList(codes) }));
    expect(text).toContain('كوبونات الخصم');
    expect(text).toContain('مجدول');
    expect(text).toContain('غير محدود');
    expect(text).not.toMatch(/admin-promo-codes\.|admin\.common\./);
  });

  it('says when there is no code yet, with the way to add one', () => {
    const html = renderAdmin(<PromoCodesTab />, { lang: 'en', role: 'admin', fill: fillList([]) });
    expect(textOf(html)).toContain('No promo codes yet');
    expect(html).toContain('href="/admin/promocode/new"');
  });

  it('filters by the search and state in the URL', () => {
    const path = '/admin?tab=promo-codes&state=inactive';
    const text = textOf(renderAdmin(<PromoCodesTab />, { lang: 'en', role: 'admin', path, fill: fillList(codes) }));
    expect(text).toContain('OLD10');
    expect(text).not.toContain('WELCOME5');
    const none = textOf(renderAdmin(<PromoCodesTab />, { lang: 'en', role: 'admin', path: '/admin?tab=promo-codes&search=zzz', fill: fillList(codes) }));
    expect(none).toContain('No promo code matches');
    expect(none).toContain('Clear the filters');
  });
});

describe('promo code form', () => {
  it('starts a new code as an active percentage, without a used count', () => {
    const html = renderAdmin(<PromoCodeFormScreen id={null} />, { lang: 'en', role: 'admin' });
    const text = textOf(html);
    expect(html).toMatch(/<option value="percentage" selected="">/);
    expect(html).toMatch(/id="promo-is_active"[^>]*checked=""/);
    expect(html).not.toMatch(/id="promo-once_per_customer"[^>]*checked=""/);
    expect(html).not.toContain('promo-used_count');
    expect(html).toContain('type="date"');
    expect(text).toContain('Discount value (%)');
    expect(text).toContain('Once per customer');
    expect(text).toContain('Create promo code');
    expect(html).toContain('href="/admin?tab=promo-codes"');
    expect(text).not.toMatch(/admin-promo-codes\.|admin\.common\./);
  });

  it('preloads a stored code, its dates without time and its read-only used count', () => {
    const html = renderAdmin(<PromoCodeFormScreen id={3} />, {
      lang: 'ar',
      role: 'admin',
      fill: (client) => client.setQueryData(promoCodesQueryKeys.detail(3), { ...codes[0]!, valid_from: '2026-03-20', valid_until: '2026-03-22' }),
    });
    expect(html).toContain('value="WELCOME5"');
    expect(html).toMatch(/<option value="fixed" selected="">/);
    expect(html).toContain('value="1.5"');
    expect(html).toContain('value="10"');
    expect(html).toContain('value="100"');
    expect(html).toContain('value="2026-03-20"');
    expect(html).toContain('value="2026-03-22"');
    expect(html).toMatch(/id="promo-once_per_customer"[^>]*checked=""/);
    expect(html).toMatch(/id="promo-used_count"[^>]*value="7"|value="7"[^>]*id="promo-used_count"/);
    expect(html).toMatch(/readOnly=""|readonly=""/);
    const text = textOf(html);
    expect(text).toContain('قيمة الخصم (د.ك)');
    expect(text).toContain('عدد مرات الاستخدام');
    expect(text).not.toMatch(/admin-promo-codes\.|admin\.common\./);
  });

  it('tells a moderator the form is not theirs', () => {
    const text = textOf(renderAdmin(<PromoCodeFormScreen id={null} />, { lang: 'en', role: 'moderator' }));
    expect(text).toContain('You cannot manage promo codes');
    expect(text).not.toContain('Create promo code');
  });
});
