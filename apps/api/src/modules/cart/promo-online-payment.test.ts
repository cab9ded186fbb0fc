import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, OrderResponse, PaymentVerifyResponse } from '@shop/shared';
import {
  onlineCheckout,
  paymentHelpers,
  startPaymentsShop,
  type PaymentsTestShop,
} from '../../../test-support/payments.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';

/**
 * The cart's promo code with an online payment: the cart and its code stay
 * while the payment is open or refused, and the code is forgotten with the cart once it is paid.
 */

let shop: PaymentsTestShop;
const h = paymentHelpers(() => shop);

beforeAll(async () => {
  shop = await startPaymentsShop();
  await createPromoCode(shop.ctx.database.db, { code: 'ONLINE10', discount_value: 10 });
});

afterAll(async () => {
  await shop?.close();
});

async function cartWithCode() {
  const product = await createProduct(shop.ctx.database.db, { name: 'سبحة', price: 20_000, stock_quantity: 10 });
  const cookie = await h.guestCart(product.id, 1);
  const applied = await h.call('PUT', '/api/cart/promo-code', { code: 'ONLINE10' }, { cookies: { cart: cookie } });
  expect(applied.statusCode).toBe(200);
  return cookie;
}

async function placeOnline(cookie: string) {
  const response = await h.call('POST', '/api/orders', onlineCheckout(shop, undefined), { cookies: { cart: cookie } });
  expect(response.statusCode).toBe(201);
  const body = response.json<OrderResponse>();
  // The cart's code went into the order.
  expect(body.order).toMatchObject({ promo_code: 'ONLINE10', discount_amount: 2 });
  return { orderNumber: body.order.order_number, session: h.sessionOf(body.payment_url!) };
}

const cartOf = async (cookie: string) =>
  (await h.call('GET', '/api/cart', undefined, { cookies: { cart: cookie } })).json<CartResponse>();

describe('the cart promo code and online payment', () => {
  it('keeps the code while the payment is open, forgets it with the cart once paid', async () => {
    const cookie = await cartWithCode();
    const { orderNumber, session } = await placeOnline(cookie);
    expect((await cartOf(cookie)).promo).toMatchObject({ code: 'ONLINE10' });

    const settlement = shop.fake.pay(session, 'paid', { notify: false });
    const verified = await h.call('POST', '/api/payments/upayments/verify', {
      order_number: orderNumber,
      ...h.returnQuery(settlement.redirectUrl),
    });
    expect(verified.json<PaymentVerifyResponse>()).toMatchObject({ payment_status: 'paid' });
    const cart = await cartOf(cookie);
    expect(cart.items).toEqual([]);
    expect(cart.promo).toBeNull();
    // A new line: the used code does not come back.
    await h.call('POST', '/api/cart/add', { product_id: (await createProduct(shop.ctx.database.db)).id, quantity: 1 }, {
      cookies: { cart: cookie },
    });
    expect((await cartOf(cookie)).promo).toBeNull();
  });

  it('keeps the cart and its code when the payment is refused', async () => {
    const cookie = await cartWithCode();
    const { orderNumber, session } = await placeOnline(cookie);
    const settlement = shop.fake.pay(session, 'failed', { notify: false });
    const verified = await h.call('POST', '/api/payments/upayments/verify', {
      order_number: orderNumber,
      ...h.returnQuery(settlement.redirectUrl),
    });
    expect(verified.json<PaymentVerifyResponse>()).toMatchObject({ payment_status: 'failed' });
    const cart = await cartOf(cookie);
    expect(cart.items).toHaveLength(1);
    expect(cart.promo).toMatchObject({ code: 'ONLINE10', discount: 2 });
  });
});
