import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse, OrderTrackingResponse, TrackedOrder } from '@shop/shared';
import { createSalmiya } from '../../../test-support/places.js';
import { apiCaller, type CallOptions } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createProduct } from '../../seed/factories.js';
import { PLACED_ORDERS_COOKIE, PLACED_ORDERS_KEPT } from './placed-orders-cookie.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let location: { country: number; governorate: number; city: number };
let product: number;
let contacts = 0;

/** A checkout for Salmiya by "مريم الكندري" with her own e-mail and phone. */
function checkout(extra: Record<string, unknown> = {}) {
  contacts += 1;
  return {
    name: 'مريم الكندري',
    email: `mariam.${contacts}@example.com`,
    phone: `+965 9${String(contacts).padStart(3, '0')} 4567`,
    shipping_address: 'Block 4, Street 12, House 7',
    country_id: location.country,
    governorate_id: location.governorate,
    city_id: location.city,
    payment_method: 'cash_on_delivery',
    notes: 'Call me at 99887766 before coming',
    items: [{ product_id: product, quantity: 1 }],
    ...extra,
  };
}

/** Places an order; gives it and the signed placed-orders cookie the reply set. */
async function place(options: CallOptions = {}, extra: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/orders', checkout(extra), options);
  expect(response.statusCode).toBe(201);
  const cookie = response.cookies.find((item) => item.name === PLACED_ORDERS_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return { order: (response.json() as OrderResponse).order, cookie: cookie!.value };
}

async function track(orderNumber: string, options: CallOptions = {}): Promise<TrackedOrder> {
  const response = await call('GET', `/api/orders/number/${orderNumber}`, undefined, options);
  expect(response.statusCode).toBe(200);
  return (response.json() as OrderTrackingResponse).order;
}

const withCookie = (value: string): CallOptions => ({ cookies: { [PLACED_ORDERS_COOKIE]: value } });

function expectMasked(order: TrackedOrder, phoneEnd: string) {
  expect(order).toMatchObject({
    customer_view: 'masked',
    name: 'م.',
    email: null,
    phone: `•••• ${phoneEnd}`,
    shipping_address: null,
    notes: null,
    // What tracking is for stays.
    city_name: 'Salmiya',
    governorate_name: 'Hawalli',
    country_name: 'Kuwait',
    status: 'pending',
    payment_method: 'cash_on_delivery',
    total_amount: 11.5,
  });
  expect(order.items).toHaveLength(1);
  // Nothing of the street, the e-mail or the full phone anywhere in the reply.
  const text = JSON.stringify(order);
  for (const secret of ['Street 12', 'example.com', 'مريم', '99887766']) expect(text).not.toContain(secret);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const salmiya = await createSalmiya(db);
  location = salmiya;
  product = (await createProduct(db, { price: 10_000, stock_quantity: 500 })).id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/orders/number/{n}: who sees the customer', () => {
  it('shows the signed-in owner the customer in full, and another signed-in shopper masked', async () => {
    const owner = await signedInAs(ctx, 'customer');
    const { order } = await place({ token: owner.token });
    const seen = await track(order.order_number, { token: owner.token });
    expect(seen).toEqual({ ...order, customer_view: 'full', can_reorder: true });
    expect(seen).toMatchObject({
      name: 'مريم الكندري',
      shipping_address: 'Block 4, Street 12, House 7',
      notes: 'Call me at 99887766 before coming',
    });

    const someoneElse = await signedInAs(ctx, 'customer');
    expectMasked(await track(order.order_number, { token: someoneElse.token }), '567');
  });

  it('shows the guest browser that placed the order (its signed cookie) the customer in full', async () => {
    const { order, cookie } = await place();
    const seen = await track(order.order_number, withCookie(cookie));
    expect(seen).toEqual({ ...order, customer_view: 'full', can_reorder: true });
    expect(seen.email).toBe(order.email);
  });

  it('masks the customer for a stranger with the link, in both languages', async () => {
    const { order } = await place();
    expectMasked(await track(order.order_number), '567');
    const arabic = await track(order.order_number, { lang: 'ar' });
    expect(arabic).toMatchObject({ customer_view: 'masked', name: 'م.', city_name: 'السالمية', shipping_address: null });
  });

  it('masks the customer for a forged or tampered cookie, and for the cookie of another order', async () => {
    const { order } = await place();
    const other = await place();
    // Unsigned, signed for another order and edited, or signed with the value swapped.
    const [, signature] = other.cookie.split(/\.(?=[^.]*$)/);
    for (const forged of [
      order.order_number,
      `${order.order_number}.${signature}`,
      other.cookie.replace(other.order.order_number, order.order_number),
      other.cookie,
    ]) {
      expectMasked(await track(order.order_number, withCookie(forged)), '567');
    }
  });

  it('shows staff who manage orders the customer in full', async () => {
    const { order } = await place();
    const moderator = await signedInAs(ctx, 'moderator');
    expect((await track(order.order_number, { token: moderator.token })).customer_view).toBe('full');
  });

  it('remembers the orders one browser placed, the latest ones only', async () => {
    const first = await place();
    let cookie = first.cookie;
    const numbers = [first.order.order_number];
    for (let count = 1; count <= PLACED_ORDERS_KEPT; count += 1) {
      const next = await place(withCookie(cookie));
      cookie = next.cookie;
      numbers.push(next.order.order_number);
    }
    // The second and the latest orders are still this browser's; the first fell off the list.
    expect((await track(numbers[1]!, withCookie(cookie))).customer_view).toBe('full');
    expect((await track(numbers.at(-1)!, withCookie(cookie))).customer_view).toBe('full');
    expect((await track(numbers[0]!, withCookie(cookie))).customer_view).toBe('masked');
  });
});
