import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import type { StoreSettings } from '@shop/shared';
import { renderAdmin, textOf } from '../admin/categories/render-for-test';
import { SocialSignIn } from '../account/google-sign-in-button';
import type { CartData } from '../cart/cart-api';
import { CheckoutScreen } from './checkout-screen';

// The screens offer only the sign-in and payment methods the public settings
// list (the server lists Google only with its OAuth client, the card only with UPayments).

const cart: CartData = {
  items: [
    {
      id: 1,
      product_id: 11,
      name: 'سبحة كهرمان',
      name_en: 'Amber prayer beads',
      short_description: null,
      featured_image: null,
      display_price: 14,
      quantity: 1,
      line_total: 14,
      stock_quantity: 5,
      manage_stock: true,
      in_stock: true,
      selected_attributes: {},
    },
  ],
  summary: { total: 14, total_items: 1 },
  promo: null,
  promo_notice: null,
};

const renderWith = (screen: ReactNode, path: string, lang: 'ar' | 'en', settings: Partial<StoreSettings>) =>
  renderAdmin(screen, { lang, role: 'moderator', path, settings });

/** The value of every payment radio, whatever the order of its attributes. */
const paymentRadios = (html: string) =>
  [...html.matchAll(/<input[^>]*name="payment_method"[^>]*>/g)].map((match) => /value="([a-z_]+)"/.exec(match[0])?.[1]);

describe('sign-in methods offered', () => {
  it('shows no "Continue with Google" (nor its "or") when the settings list only the password', () => {
    for (const lang of ['ar', 'en'] as const) {
      const html = renderWith(<SocialSignIn />, '/login', lang, { sign_in_methods: ['password'] });
      expect(textOf(html).trim(), lang).toBe('');
    }
  });

  it('shows the Google button when the settings list Google, in both languages', () => {
    const google = { sign_in_methods: ['password', 'google'] } as const;
    expect(textOf(renderWith(<SocialSignIn />, '/login', 'en', { sign_in_methods: [...google.sign_in_methods] }))).toContain(
      'Continue with Google',
    );
    expect(textOf(renderWith(<SocialSignIn />, '/login', 'ar', { sign_in_methods: [...google.sign_in_methods] }))).toContain(
      'المتابعة باستخدام جوجل',
    );
  });
});

describe('payment methods offered at checkout', () => {
  it('offers cash on delivery only, and no card, when the settings list no online payment', () => {
    for (const lang of ['ar', 'en'] as const) {
      const html = renderWith(<CheckoutScreen loaded={cart} />, '/checkout', lang, { payment_methods: ['cash_on_delivery'] });
      expect(paymentRadios(html), lang).toEqual(['cash_on_delivery']);
    }
    const english = textOf(renderWith(<CheckoutScreen loaded={cart} />, '/checkout', 'en', { payment_methods: ['cash_on_delivery'] }));
    expect(english).toContain('Cash on delivery');
    expect(english).not.toContain('Card (UPayments)');
  });

  it('offers the card beside cash on delivery when the settings list UPayments', () => {
    const html = renderWith(<CheckoutScreen loaded={cart} />, '/checkout', 'en', {
      payment_methods: ['cash_on_delivery', 'upayments'],
    });
    expect(paymentRadios(html)).toEqual(['cash_on_delivery', 'upayments']);
    expect(textOf(html)).toContain('Card (UPayments)');
  });
});
