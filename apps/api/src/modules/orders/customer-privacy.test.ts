import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { maskedOrder, maskName, maskPhone, orderForViewer, seesCustomerDetails, type TrackingViewer } from './customer-privacy.js';
import { parsePlacedOrders, PLACED_ORDERS_KEPT, withPlacedOrder } from './placed-orders-cookie.js';

const stranger: TrackingViewer = { userId: null, managesOrders: false, placedHere: new Set() };

describe('maskName', () => {
  it('keeps the first letter of an Arabic name and a full stop', () => {
    expect(maskName('محمد عبد الله العلي')).toBe('م.');
    expect(maskName('  عائشة ')).toBe('ع.');
  });

  it('keeps the first letter of a Latin name, upper-case', () => {
    expect(maskName('anna smith')).toBe('A.');
    expect(maskName('Élodie Martin')).toBe('É.');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(maskName('𝒜lex')).toBe('𝒜.');
  });

  it('gives only dots for an empty name', () => {
    expect(maskName('   ')).toBe('••••');
  });
});

describe('maskPhone', () => {
  it('shows the last three digits of a full number, whatever its spacing', () => {
    expect(maskPhone('+965 9988 7567')).toBe('•••• 567');
    expect(maskPhone('0096599887567')).toBe('•••• 567');
    expect(maskPhone('(965) 9988-7567')).toBe('•••• 567');
  });

  it('shows two digits of a short number and none of a very short one', () => {
    expect(maskPhone('12345')).toBe('•••• 45');
    expect(maskPhone('123')).toBe('••••');
    expect(maskPhone('')).toBe('••••');
  });

  it('reads Arabic-Indic digits', () => {
    expect(maskPhone('٩٩٨٨٧٥٦٧')).toBe('•••• ٥٦٧');
  });
});

const order: Order = {
  id: 7,
  order_number: 'SB-7K3M9Q2X4T',
  status: 'shipped',
  created_at: '2026-11-20T10:00:00.000Z',
  payment_method: 'cash_on_delivery',
  payment_status: 'not_required',
  paid_at: null,
  customer_type: 'user',
  name: 'Ahmad Al-Sabah',
  email: 'ahmad@example.com',
  phone: '+965 5123 4890',
  shipping_address: 'Block 2, Street 5, House 11',
  country_name: 'Kuwait',
  governorate_name: 'Hawalli',
  city_name: 'Salmiya',
  notes: 'Ring twice',
  shipment: null,
  promo_code: 'RAMADAN10',
  subtotal: 30,
  discount_amount: 3,
  shipping_amount: 1.5,
  gift_wrap_fee: 0,
  gift_message: 'To Noura, with love',
  gift_wrap: false,
  tax_amount: 0,
  total_amount: 28.5,
  items: [],
};

describe('maskedOrder', () => {
  it('masks the customer and leaves out the e-mail, the street, the notes and the gift message', () => {
    expect(maskedOrder(order)).toEqual({
      ...order,
      customer_view: 'masked',
      can_reorder: false,
      name: 'A.',
      email: null,
      phone: '•••• 890',
      shipping_address: null,
      notes: null,
      gift_message: null,
    });
  });

  it('keeps the status, the area, the payment and the totals', () => {
    expect(maskedOrder(order)).toMatchObject({
      status: 'shipped',
      city_name: 'Salmiya',
      governorate_name: 'Hawalli',
      payment_method: 'cash_on_delivery',
      total_amount: 28.5,
      promo_code: 'RAMADAN10',
    });
  });
});

describe('seesCustomerDetails and orderForViewer', () => {
  it('shows the owner, staff who manage orders and the placing browser in full', () => {
    const ownerView = orderForViewer(order, 3, { ...stranger, userId: 3 });
    expect(ownerView).toEqual({ ...order, customer_view: 'full', can_reorder: true });
    expect(seesCustomerDetails({ order_number: order.order_number, user_id: 3 }, { ...stranger, managesOrders: true })).toBe(true);
    expect(
      seesCustomerDetails({ order_number: order.order_number, user_id: null }, { ...stranger, placedHere: new Set([order.order_number]) }),
    ).toBe(true);
    // Staff see it in full but it is not theirs to buy again; the placing browser's it is.
    expect(orderForViewer(order, 3, { ...stranger, managesOrders: true })).toMatchObject({ customer_view: 'full', can_reorder: false });
    expect(orderForViewer(order, null, { ...stranger, placedHere: new Set([order.order_number]) })).toMatchObject({ can_reorder: true });
  });

  it('masks for anyone else, a guest order included', () => {
    expect(orderForViewer(order, 3, stranger).customer_view).toBe('masked');
    expect(orderForViewer(order, 3, stranger).can_reorder).toBe(false);
    expect(orderForViewer(order, 3, { ...stranger, userId: 4 }).customer_view).toBe('masked');
    // A guest order has no owner: a signed-in user is not its owner by having no id in common.
    expect(orderForViewer(order, null, { ...stranger, userId: 4 }).customer_view).toBe('masked');
    expect(orderForViewer(order, null, { ...stranger, placedHere: new Set(['SB-0000000000']) }).customer_view).toBe('masked');
  });
});

describe('the placed-orders list', () => {
  const number = (index: number) => `SB-${String(index).padStart(10, '0')}`;

  it('drops malformed entries and repeats', () => {
    expect(parsePlacedOrders(`${number(1)}.nonsense.${number(2)}.${number(1)}`)).toEqual([number(2), number(1)]);
    expect(parsePlacedOrders('')).toEqual([]);
  });

  it('keeps only the latest orders', () => {
    let list: string[] = [];
    for (let index = 1; index <= PLACED_ORDERS_KEPT + 3; index += 1) list = withPlacedOrder(list, number(index));
    expect(list).toHaveLength(PLACED_ORDERS_KEPT);
    expect(list[0]).toBe(number(4));
    expect(list.at(-1)).toBe(number(PLACED_ORDERS_KEPT + 3));
  });
});
