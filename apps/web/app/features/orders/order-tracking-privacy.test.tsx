import { describe, expect, it } from 'vitest';
import type { Order, TrackedOrder } from '@shop/shared';
import { renderAdmin, textOf } from '../admin/categories/render-for-test';
import { OrderTrackingScreen } from './order-tracking-screen';

// Server-rendered HTML of the tracking page: what it shows of the customer in each view (decision 019).

const order: Order = {
  id: 9,
  order_number: 'SB-7K3M9Q2X4T',
  status: 'processing',
  created_at: '2025-03-04T08:00:00.000Z',
  payment_method: 'cash_on_delivery',
  payment_status: 'not_required',
  paid_at: null,
  customer_type: 'guest',
  name: 'سارة أحمد',
  email: 'sara@example.com',
  phone: '+965 5000 1234',
  shipping_address: 'قطعة 4، شارع 12، منزل 3',
  country_name: 'الكويت',
  governorate_name: 'حولي',
  city_name: 'السالمية',
  notes: 'اتصل قبل الوصول',
  promo_code: null,
  subtotal: 10,
  discount_amount: 0,
  shipping_amount: 2,
  gift_wrap_fee: 0,
  gift_message: null,
  gift_wrap: false,
  tax_amount: 0,
  total_amount: 12,
  items: [{ id: 1, product_id: 11, product_name: 'سبحة كهرمان', sku: null, featured_image: null, quantity: 1, price: 10, total: 10, selected_attributes: {} }],
  shipment: null,
};

const masked: TrackedOrder = {
  ...order,
  customer_view: 'masked',
  can_reorder: false,
  name: 'س.',
  email: null,
  phone: '•••• 234',
  shipping_address: null,
  notes: null,
  gift_message: null,
};

const render = (tracked: TrackedOrder, lang: 'ar' | 'en') =>
  renderAdmin(<OrderTrackingScreen order={tracked} />, { lang, role: 'moderator', path: `/order-status/${tracked.order_number}` });

describe('tracking page: the customer', () => {
  it('shows the full view with the name, e-mail, phone, street, notes and the invoice', () => {
    const html = render({ ...order, customer_view: 'full', can_reorder: true }, 'ar');
    const text = textOf(html);
    for (const shown of ['سارة أحمد', 'sara@example.com', '+965 5000 1234', 'قطعة 4، شارع 12، منزل 3', 'اتصل قبل الوصول', 'طباعة الفاتورة']) {
      expect(text).toContain(shown);
    }
    expect(html).toContain('data-customer-view="full"');
  });

  it('shows the masked view with the initial, the last digits and the area only, in Arabic and English', () => {
    const ar = render(masked, 'ar');
    const text = textOf(ar);
    expect(ar).toContain('data-customer-view="masked"');
    expect(text).toContain('س.');
    expect(text).toContain('•••• 234');
    expect(text).toContain('السالمية، حولي، الكويت');
    expect(text).toContain('منطقة التوصيل');
    expect(text).toContain('أخفينا بيانات صاحب الطلب');
    // No street, no notes, and no invoice (it names the customer).
    expect(text).not.toContain('شارع');
    expect(text).not.toContain('طباعة الفاتورة');
    expect(text).not.toMatch(/orders\./);

    const en = textOf(render(masked, 'en'));
    expect(en).toContain("We hide the customer's details");
    expect(en).toContain('Delivery area');
    expect(en).not.toContain('Print invoice');
  });

  it('isolates the order number, the phone and the e-mail from the direction of the page', () => {
    for (const lang of ['ar', 'en'] as const) {
      const full = render({ ...order, customer_view: 'full', can_reorder: true }, lang);
      // "Order number: SB-…" in Arabic must not let the Latin number pull the colon across.
      expect(full, lang).toMatch(/<bdi[^>]*data-testid="order-number"[^>]*>SB-7K3M9Q2X4T<\/bdi>/);
      expect(full, lang).toMatch(/<bdi dir="ltr"[^>]*>\+965 5000 1234<\/bdi>/);
      expect(full, lang).toMatch(/<bdi dir="ltr"[^>]*>sara@example\.com<\/bdi>/);
      // The masked phone keeps its dots before the digits in Arabic too.
      expect(render(masked, lang), lang).toMatch(/<bdi dir="ltr"[^>]*>•••• 234<\/bdi>/);
    }
  });

  it('never renders the thank-you on the server (it is for the tab that placed the order)', () => {
    expect(render({ ...order, customer_view: 'full', can_reorder: true }, 'en')).not.toContain('data-testid="thank-you"');
  });
});
