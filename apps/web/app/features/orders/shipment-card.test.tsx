import { describe, expect, it } from 'vitest';
import type { Order, TrackedOrder } from '@shop/shared';
import { renderAdmin, textOf } from '../admin/categories/render-for-test';
import { InvoiceDocument } from './invoice-document';
import { OrderTrackingScreen } from './order-tracking-screen';

// The shipment (carrier, tracking number, carrier's page) on the tracking page and the invoice.

const order: Order = {
  id: 9,
  order_number: 'SB-7K3M9Q2X4T',
  status: 'shipped',
  created_at: '2025-03-04T08:00:00.000Z',
  payment_method: 'cash_on_delivery',
  payment_status: 'not_required',
  paid_at: null,
  customer_type: 'guest',
  name: 'Sara Ahmad',
  email: 'sara@example.com',
  phone: '+965 5000 1234',
  shipping_address: 'Block 4',
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
  items: [{ id: 1, product_id: 11, product_name: 'Amber', sku: null, featured_image: null, quantity: 1, price: 10, total: 10, selected_attributes: {} }],
  shipment: {
    carrier: 'Aramex',
    tracking_number: '4417 2200',
    tracking_url: 'https://www.aramex.com/track/results?ShipmentNumber=4417%202200',
  },
};

const render = (tracked: TrackedOrder, lang: 'ar' | 'en') =>
  renderAdmin(<OrderTrackingScreen order={tracked} />, { lang, role: 'moderator', path: `/order-status/${tracked.order_number}` });

describe('shipment on the tracking page and the invoice', () => {
  it('shows the carrier, the tracking number and a link to the carrier, in Arabic and English', () => {
    const ar = render({ ...order, customer_view: 'full', can_reorder: true }, 'ar');
    expect(textOf(ar)).toMatch(/شركة الشحن\s*:\s*Aramex/);
    expect(textOf(ar)).toMatch(/رقم التتبع\s*:\s*4417 2200/);
    expect(ar).toContain('href="https://www.aramex.com/track/results?ShipmentNumber=4417%202200"');
    expect(ar).toContain('rel="noopener noreferrer"');
    expect(textOf(ar)).toContain('تتبّع شحنتك');
    const en = textOf(render({ ...order, customer_view: 'full', can_reorder: true }, 'en'));
    expect(en).toMatch(/Carrier\s*:\s*Aramex/);
    expect(en).toContain('Track your parcel');
  });

  it('shows nothing before a shipment is given, and never an unsafe link', () => {
    expect(render({ ...order, shipment: null, customer_view: 'full', can_reorder: true }, 'en')).not.toContain('data-testid="order-shipment"');
    const unsafe = render(
      { ...order, shipment: { carrier: 'X', tracking_number: null, tracking_url: 'javascript:alert(1)' }, customer_view: 'full', can_reorder: true },
      'en',
    );
    expect(unsafe).toContain('data-testid="order-shipment"');
    expect(unsafe).not.toContain('javascript:');
  });

  it('prints the carrier and tracking number on the invoice', () => {
    const text = textOf(renderAdmin(<InvoiceDocument order={order} />, { lang: 'en', role: 'moderator', path: '/admin/orders/9/invoice' }));
    expect(text).toMatch(/Shipment\s*:\s*Aramex\s*·\s*4417 2200/);
  });
});
