import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { renderAdmin, textOf } from '../admin/categories/render-for-test';
import { OrderTrackingScreen } from '../orders/order-tracking-screen';
import { PaymentResultScreen } from './payment-result-screen';

// Server-rendered HTML of the payment screens (no DOM here): what the shopper sees first.

const cashOrder: Order = {
  id: 3,
  order_number: 'SB-7K3M9Q2X4T',
  status: 'pending',
  created_at: '2025-03-04T08:00:00.000Z',
  payment_method: 'cash_on_delivery',
  payment_status: 'not_required',
  paid_at: null,
  customer_type: 'guest',
  name: 'Sara Ahmad',
  email: 'sara@example.com',
  phone: '+965 5000 0000',
  shipping_address: 'Block 4, Street 12, House 3',
  country_name: 'Kuwait',
  governorate_name: 'Hawalli',
  city_name: 'Salmiya',
  notes: null,
  promo_code: null,
  subtotal: 10,
  discount_amount: 0,
  shipping_amount: 2,
  gift_wrap_fee: 0,
  gift_message: null,
  gift_wrap: false,
  tax_amount: 0,
  total_amount: 12,
  items: [{ id: 1, product_id: 11, product_name: 'Amber beads', sku: null, featured_image: null, quantity: 1, price: 10, total: 10, selected_attributes: {} }],
  shipment: null,
};

const render = (order: Order, lang: 'ar' | 'en') =>
  renderAdmin(<OrderTrackingScreen order={{ ...order, customer_view: 'full', can_reorder: true }} />, { lang, role: 'admin', path: `/order-status/${order.order_number}` });

describe('payment result screen', () => {
  it('renders its loading shell on the server, in Arabic and English', () => {
    const ar = textOf(renderAdmin(<PaymentResultScreen pathOrderNumber={null} />, { lang: 'ar', role: 'admin', path: '/payment/success' }));
    expect(ar).toContain('جارٍ التحقق من الدفع');
    expect(ar).not.toMatch(/payments\./);
    const en = textOf(renderAdmin(<PaymentResultScreen pathOrderNumber={null} />, { lang: 'en', role: 'admin', path: '/payment-success' }));
    expect(en).toContain('Checking your payment');
    // Nothing is decided before the server has answered.
    expect(en).not.toContain('Payment successful');
    expect(en).not.toContain('Payment failed');
  });
});

describe('tracking page: payment status', () => {
  it('shows only the method for cash on delivery', () => {
    const html = render(cashOrder, 'en');
    expect(textOf(html)).toContain('Cash on delivery');
    expect(html).not.toContain('data-testid="payment-status"');
  });

  it('shows a paid online order with its date', () => {
    const html = render({ ...cashOrder, payment_method: 'upayments', payment_status: 'paid', paid_at: '2025-03-04T08:05:00.000Z' }, 'ar');
    expect(html).toContain('data-payment-status="paid"');
    expect(textOf(html)).toContain('تم الدفع في');
    expect(textOf(html)).toContain('حالة الدفع');
    expect(textOf(html)).not.toMatch(/payments\.|orders\./);
  });

  it('offers to check an order still awaiting payment, and names failed and refunded payments', () => {
    const awaiting = render({ ...cashOrder, payment_method: 'upayments', payment_status: 'awaiting_payment' }, 'en');
    expect(textOf(awaiting)).toContain('Awaiting payment');
    // The English page's link stays in English (decision 046).
    expect(awaiting).toContain('href="/en/payment/success/SB-7K3M9Q2X4T"');
    const failed = render({ ...cashOrder, status: 'cancelled', payment_method: 'upayments', payment_status: 'failed' }, 'en');
    expect(textOf(failed)).toContain('Payment failed');
    expect(failed).not.toContain('/payment/success/');
    const refunded = render({ ...cashOrder, status: 'refunded', payment_method: 'upayments', payment_status: 'refunded', paid_at: '2025-03-04T08:05:00.000Z' }, 'en');
    expect(textOf(refunded)).toContain('Refunded');
  });
});
