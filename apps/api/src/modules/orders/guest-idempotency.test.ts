import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OrderResponse, OrderTrackingResponse } from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { orders } from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createProduct } from '../../seed/factories.js';
import { idempotencyScope } from './order-keys.js';

/**
 * Decision 039 (docs/decisions/039): a guest's Idempotency-Key is their browser's. A guest
 * sending a key without a cart cookie is given one, so another client sending the same key and
 * body never gets the first guest's order, its personal data or its placed_orders entry.
 */

let ctx: TestContext;
let place: { country_id: number; governorate_id: number; city_id: number };

const call = apiCaller(() => ctx.app);

interface Reply {
  statusCode: number;
  body: string;
  cookies: Array<{ name: string; value: string }>;
  json<T>(): T;
}

const cookieOf = (reply: Reply, name: string) => reply.cookies.find((cookie) => cookie.name === name)?.value;

function postOrder(payload: Record<string, unknown>, key: string, cookies?: Record<string, string>) {
  return call('POST', '/api/orders', payload, { headers: { 'idempotency-key': key }, cookies }) as Promise<Reply>;
}

let shoppers = 0;
/** One guest's checkout, personal data and all. */
async function guestCheckout() {
  shoppers += 1;
  const product = await createProduct(ctx.database.db, { price: 8_000, stock_quantity: 50 });
  return {
    name: `Private Person ${shoppers}`,
    email: `private.${shoppers}@example.com`,
    phone: `+965 6${String(shoppers).padStart(3, '0')} 7788`,
    shipping_address: `Secret street ${shoppers}`,
    notes: 'Leave it with the guard',
    ...place,
    payment_method: 'cash_on_delivery' as const,
    items: [{ product_id: product.id, quantity: 1 }],
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const country = await createCountry(db, { code: 'KW' });
  const governorate = await createGovernorate(db, { country_id: country.id });
  const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id });
  place = { country_id: country.id, governorate_id: governorate.id, city_id: city.id };
});

afterAll(async () => {
  await ctx?.close();
});

describe("a guest's Idempotency-Key belongs to their browser", () => {
  it("never answers another client's identical request with the first guest's order", async () => {
    const payload = await guestCheckout();
    const first = await postOrder(payload, 'guest-key-1');
    expect(first.statusCode).toBe(201);
    const firstOrder = first.json<OrderResponse>().order;
    // The guest had no cart cookie: the reply gives them one, which their retries carry.
    const firstCart = cookieOf(first, 'cart');
    expect(firstCart).toBeDefined();

    // Another client, without cookies, sends the same key and the very same body.
    const second = await postOrder(payload, 'guest-key-1');
    expect(second.statusCode).toBe(201);
    const secondOrder = second.json<OrderResponse>().order;
    expect(secondOrder.order_number).not.toBe(firstOrder.order_number);
    expect(secondOrder.id).not.toBe(firstOrder.id);
    expect(second.body).not.toContain(firstOrder.order_number);
    expect(cookieOf(second, 'cart')).not.toBe(firstCart);
    const secondPlaced = cookieOf(second, 'placed_orders')!;
    expect(secondPlaced).toContain(secondOrder.order_number);
    expect(secondPlaced).not.toContain(firstOrder.order_number);

    // With its cookies, the second client is not the browser that placed the first order.
    const tracked = await call('GET', `/api/orders/number/${firstOrder.order_number}`, undefined, {
      cookies: { placed_orders: secondPlaced },
    });
    expect(tracked.statusCode).toBe(200);
    const view = tracked.json<OrderTrackingResponse>().order;
    expect(view.customer_view).toBe('masked');
    expect(JSON.stringify(view)).not.toContain('Secret street');
    expect(JSON.stringify(view)).not.toContain(payload.email);
  });

  it('gives the same browser its own order back when it retries with its cookie', async () => {
    const payload = await guestCheckout();
    const first = await postOrder(payload, 'guest-key-2');
    expect(first.statusCode).toBe(201);
    const cart = cookieOf(first, 'cart')!;
    const placed = cookieOf(first, 'placed_orders')!;
    const retry = await postOrder(payload, 'guest-key-2', { cart, placed_orders: placed });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<OrderResponse>().order).toEqual(first.json<OrderResponse>().order);
    // Its cart cookie is kept as it is.
    expect(cookieOf(retry, 'cart')).toBeUndefined();
    const rows = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotency_key, 'guest-key-2'));
    expect(rows).toHaveLength(1);
  });

  it("makes one order of a browser's simultaneous requests once it has its cookie", async () => {
    const payload = await guestCheckout();
    // The browser's first contact gave it its cart cookie (here: adding to the cart).
    const added = (await call('POST', '/api/cart/add', { product_id: payload.items[0]!.product_id, quantity: 1 })) as Reply;
    const cart = cookieOf(added, 'cart')!;
    const replies = await Promise.all(Array.from({ length: 3 }, () => postOrder(payload, 'guest-key-3', { cart })));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((reply) => reply.json<OrderResponse>().order.order_number)).size).toBe(1);
  });

  it('never keeps a key that has no requester to belong to', async () => {
    // A guest without a cart reaching the service (the route always gives one first).
    expect(idempotencyScope(null, { kind: 'guest', token: undefined })).toBeNull();
    expect(idempotencyScope(null, undefined)).toBeNull();
    const payload = await guestCheckout();
    const input = { ...payload, items: payload.items.map((item) => ({ ...item, selected: {} })) };
    const context = { userId: null, idempotencyKey: 'no-scope-key', cartOwner: { kind: 'guest' as const, token: undefined } };
    const first = await ctx.app.services.orders.placeOrder(input, context);
    const second = await ctx.app.services.orders.placeOrder(input, context);
    expect(first.created).toBe(true);
    expect(second.created).toBe(true);
    expect(second.order.order_number).not.toBe(first.order.order_number);
    const rows = await ctx.database.db.select({ key: orders.idempotency_key }).from(orders).where(eq(orders.id, first.order.id));
    expect(rows).toEqual([{ key: null }]);
  });
});
