import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN } from '@shop/shared';
import {
  call,
  checkout,
  createRosary,
  ctx,
  errorOf,
  fx,
  orderCount,
  orderOf,
  postOrder,
  stockOf,
  useOrdersShop,
  usesOf,
} from '../../../test-support/orders.js';
import { orders } from '../../db/schema/index.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';

useOrdersShop();

describe('POST /api/orders: totals', () => {
  it('prices every line from the database and adds the city fee, in decimals', async () => {
    const rosary = await createRosary();
    const plain = await createProduct(ctx.database.db, { name: 'سبحة يسر', price: 7_500 });
    const response = await postOrder(
      checkout([
        { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.large } },
        { product_id: plain.id, quantity: 1 },
      ], { email: ' Fatima@Example.com ', phone: '+965 5555 1234' }),
    );
    expect(response.statusCode).toBe(201);
    const order = orderOf(response.json());
    expect(order.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(order).toMatchObject({
      status: 'pending',
      payment_method: 'cash_on_delivery',
      customer_type: 'guest',
      name: 'Fatima Ali',
      email: 'fatima@example.com',
      // Stored and shown in its international form (decision 039).
      phone: '+96555551234',
      shipping_address: 'Block 5, Street 10, House 3',
      country_name: 'Kuwait',
      governorate_name: 'Hawalli',
      city_name: 'Salmiya',
      promo_code: null,
      notes: null,
      // (12.750 + 1.250) × 2 + 7.500
      subtotal: 35.5,
      discount_amount: 0,
      shipping_amount: 1.5,
      tax_amount: 0,
      total_amount: 37,
    });
    expect(order.items).toMatchObject([
      {
        id: expect.any(Number),
        product_id: rosary.id,
        product_name: 'سبحة كهرمان',
        sku: rosary.sku,
        featured_image: '/uploads/products/amber.webp',
        quantity: 2,
        price: 14,
        total: 28,
        selected_attributes: {
          [fx.sizeId]: {
            attribute_id: fx.sizeId,
            attribute_name: 'الحجم',
            attribute_name_en: null,
            variation_id: fx.large,
            title: 'كبير',
            title_en: null,
            additional_price: 1.25,
          },
        },
      },
      {
        id: expect.any(Number),
        product_id: plain.id,
        product_name: 'سبحة يسر',
        sku: null,
        quantity: 1,
        price: 7.5,
        total: 7.5,
        selected_attributes: {},
      },
    ]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotal: 35_500, shipping_amount: 1_500, total_amount: 37_000, user_id: null });
  });

  it('writes place names in the request language', async () => {
    const plain = await createProduct(ctx.database.db, { price: 1_000 });
    const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { lang: 'ar' });
    expect(orderOf(response.json())).toMatchObject({
      country_name: 'الكويت',
      governorate_name: 'حولي',
      city_name: 'السالمية',
    });
  });

  it('ignores a tampered client total and client prices', async () => {
    const rosary = await createRosary();
    const response = await postOrder(
      checkout(
        [
          {
            product_id: rosary.id,
            quantity: 1,
            selected_attributes: { [fx.sizeId]: { variation_id: fx.small, title: 'x' } },
            price: 0.001,
            display_price: 0.001,
          },
        ],
        { total_amount: 0.001, shipping_amount: 0, user_id: 42 },
      ),
    );
    expect(response.statusCode).toBe(201);
    const order = orderOf(response.json());
    expect(order).toMatchObject({ subtotal: 12.75, shipping_amount: 1.5, total_amount: 14.25, customer_type: 'guest' });
    expect(order.items[0]!.price).toBe(12.75);
  });

  it('takes a percentage code off the subtotal and counts its use', async () => {
    const rosary = await createRosary();
    const plain = await createProduct(ctx.database.db, { price: 7_500 });
    const promo = await createPromoCode(ctx.database.db, { code: 'EID10', discount_value: 10 });
    const response = await postOrder(
      checkout(
        [
          { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.large } },
          { product_id: plain.id, quantity: 1 },
        ],
        { promo_code: ' eid10 ' },
      ),
    );
    expect(response.statusCode).toBe(201);
    // 35.500 - 3.550 + 1.500
    expect(orderOf(response.json())).toMatchObject({
      promo_code: 'EID10',
      subtotal: 35.5,
      discount_amount: 3.55,
      shipping_amount: 1.5,
      total_amount: 33.45,
    });
    expect(await usesOf(promo.id)).toBe(1);
  });

  it('takes a fixed code off the subtotal', async () => {
    const plain = await createProduct(ctx.database.db, { price: 12_750 });
    await createPromoCode(ctx.database.db, { code: 'FIXED5', discount_type: 'fixed', discount_value: 5_250 });
    const response = await postOrder(
      checkout([{ product_id: plain.id, quantity: 2 }], { promo_code: 'FIXED5' }),
    );
    // 25.500 - 5.250 + 1.500
    expect(orderOf(response.json())).toMatchObject({
      subtotal: 25.5,
      discount_amount: 5.25,
      total_amount: 21.75,
    });
  });

  it('refuses a code that does not apply on the promo_code field, writing nothing', async () => {
    const plain = await createProduct(ctx.database.db, { price: 5_000 });
    await createPromoCode(ctx.database.db, { code: 'BIG50', min_order_amount: 50_000 });
    // Its last use is counted at the end of the order's transaction (docs/decisions/035).
    const usedUp = await createPromoCode(ctx.database.db, { code: 'GONE1', max_uses: 1, used_count: 1 });
    const before = await orderCount();
    for (const code of ['NOPE99', 'BIG50', 'GONE1']) {
      const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }], { promo_code: code }));
      expect(response.statusCode).toBe(400);
      const body = errorOf(response.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details?.[0]?.field).toBe('promo_code');
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(plain.id)).toBe(10);
    expect(await usesOf(usedUp.id)).toBe(1);
  });
});

describe('POST /api/orders: stock', () => {
  it('takes the ordered quantities from managed stock only', async () => {
    const rosary = await createRosary(5);
    const unmanaged = await createProduct(ctx.database.db, { stock_quantity: 0, manage_stock: false });
    const response = await postOrder(
      checkout([
        { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.small } },
        { product_id: rosary.id, quantity: 1, selected_attributes: { [fx.sizeId]: fx.large } },
        { product_id: unmanaged.id, quantity: 4 },
      ]),
    );
    expect(response.statusCode).toBe(201);
    expect(await stockOf(rosary.id)).toBe(2);
    expect(await stockOf(unmanaged.id)).toBe(0);
  });

  it('refuses more than the stock with 409 naming the product, and rolls everything back', async () => {
    const plenty = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const scarce = await createProduct(ctx.database.db, { name: 'سبحة نادرة', stock_quantity: 2 });
    const promo = await createPromoCode(ctx.database.db, { code: 'ROLLBACK1' });
    const before = await orderCount();
    const response = await postOrder(
      checkout(
        [
          { product_id: plenty.id, quantity: 3 },
          { product_id: scarce.id, quantity: 3 },
        ],
        { promo_code: 'ROLLBACK1' },
      ),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'OUT_OF_STOCK',
      message: 'The requested quantity of سبحة نادرة is not available in stock',
      details: [{ field: 'items', message: 'The requested quantity of سبحة نادرة is not available in stock' }],
    });
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await usesOf(promo.id)).toBe(0);
    expect(await orderCount()).toBe(before);
  });
});

describe('POST /api/orders: cart', () => {
  async function cartWith(productId: number, quantity: number): Promise<string> {
    const added = await call('POST', '/api/cart/add', { product_id: productId, quantity });
    expect(added.statusCode).toBe(200);
    return added.cookies.find((entry) => entry.name === 'cart')!.value;
  }

  const cartCount = async (cookie: string) =>
    (await call('GET', '/api/cart/count', undefined, { cookies: { cart: cookie } })).json<{
      item_count: number;
    }>().item_count;

  it('orders the shopper\'s cart when no items are sent, then empties it', async () => {
    const plain = await createProduct(ctx.database.db, { price: 4_250 });
    const cookie = await cartWith(plain.id, 3);
    const response = await postOrder(checkout(undefined), { cookie });
    expect(response.statusCode).toBe(201);
    const order = orderOf(response.json());
    expect(order.items).toHaveLength(1);
    expect(order).toMatchObject({ subtotal: 12.75, total_amount: 14.25 });
    expect(await cartCount(cookie)).toBe(0);
    expect(await stockOf(plain.id)).toBe(7);
  });

  it('empties the cart of a shopper who sends the items with the cookie', async () => {
    const plain = await createProduct(ctx.database.db);
    const cookie = await cartWith(plain.id, 1);
    const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { cookie });
    expect(response.statusCode).toBe(201);
    expect(await cartCount(cookie)).toBe(0);
  });
});
