import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN } from '@shop/shared';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createOrder, createUser } from '../../seed/factories.js';
import { newOrderNumber } from './order-keys.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

describe('newOrderNumber', () => {
  it('draws random numbers in the public format', () => {
    const numbers = Array.from({ length: 500 }, () => newOrderNumber());
    for (const number of numbers) expect(number).toMatch(ORDER_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('listOrdersForUser', () => {
  it("gives a customer's own orders, newest first, and nobody else's", async () => {
    const db = ctx.database.db;
    const [customer, other] = [await createUser(db), await createUser(db)];
    const older = await createOrder(db, { user_id: customer.id, created_at: new Date('2026-01-01T10:00:00Z') });
    const newer = await createOrder(
      db,
      { user_id: customer.id, shipping_amount: 1_500, created_at: new Date('2026-02-01T10:00:00Z') },
      [
        {
          product_id: null,
          product_name: 'سبحة',
          featured_image: 'amber.webp',
          unit_price: 12_750,
          quantity: 2,
          selected_attributes: {
            '3': { attribute_id: 3, attribute_name: 'الحجم', variation_id: 9, title: 'كبير', additional_price: 1_250 },
          },
        },
      ],
    );
    await createOrder(db, { user_id: other.id });
    await createOrder(db, { user_id: null });

    const list = await ctx.app.services.orders.listOrdersForUser(customer.id, 'en');
    expect(list.map((order) => order.id)).toEqual([newer.order.id, older.order.id]);
    expect(list[0]).toMatchObject({
      customer_type: 'user',
      country_name: 'Kuwait',
      city_name: 'Hawalli',
      subtotal: 25.5,
      shipping_amount: 1.5,
      total_amount: 27,
      items: [
        {
          product_name: 'سبحة',
          featured_image: '/uploads/products/amber.webp',
          price: 12.75,
          total: 25.5,
          selected_attributes: { '3': { title: 'كبير', additional_price: 1.25 } },
        },
      ],
    });
    expect(await ctx.app.services.orders.listOrdersForUser(99, 'en')).toEqual([]);
  });
});

describe('getOrderForViewer', () => {
  it('shows an order to its owner and to an administrator only', async () => {
    const owner = await createUser(ctx.database.db);
    const { order } = await createOrder(ctx.database.db, { user_id: owner.id });
    const { orders } = ctx.app.services;
    expect((await orders.getOrderForViewer(order.id, { userId: owner.id, managesOrders: false }, 'ar')).id).toBe(order.id);
    expect((await orders.getOrderForViewer(order.id, { userId: 1, managesOrders: true }, 'ar')).city_name).toBe('حولي');
    await expect(orders.getOrderForViewer(order.id, { userId: owner.id + 1, managesOrders: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'order.not_found',
    });
    await expect(orders.getOrderForViewer(999_999, { userId: 1, managesOrders: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('does not show a guest order to a signed-in customer', async () => {
    const { order } = await createOrder(ctx.database.db, { user_id: null });
    await expect(
      ctx.app.services.orders.getOrderForViewer(order.id, { userId: 21, managesOrders: false }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('database constraints', () => {
  it('refuses a total that is not subtotal - discount + shipping + tax', async () => {
    await expect(
      createOrder(ctx.database.db, { total_amount: 1 }, [
        { product_id: null, product_name: 'x', unit_price: 5_000, quantity: 1 },
      ]),
    ).rejects.toThrow();
  });
});
