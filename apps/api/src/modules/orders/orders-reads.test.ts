import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestLang } from '../../../test-support/http.js';
import { call, checkout, ctx, errorOf, orderOf, postOrder, useOrdersShop } from '../../../test-support/orders.js';
import { orderItems } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

useOrdersShop();

const get = (url: string, lang: TestLang = 'en', ip?: string) =>
  call('GET', url, undefined, { lang, ip });

describe('order reads', () => {
  it('finds an order by its number, whatever its case', async () => {
    const plain = await createProduct(ctx.database.db);
    const reply = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]));
    const placed = orderOf(reply.json());
    // The placing browser's cookie: the order in full (tracking-privacy.test.ts covers the rest).
    const placedHere = reply.cookies.find((cookie) => cookie.name === 'placed_orders')!.value;
    const response = await call('GET', `/api/orders/number/${placed.order_number.toLowerCase()}`, undefined, {
      cookies: { placed_orders: placedHere },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(orderOf(response.json())).toEqual({ ...placed, customer_view: 'full', can_reorder: true });
    const arabic = orderOf((await get(`/api/orders/number/${placed.order_number}`, 'ar')).json());
    expect(arabic.city_name).toBe('السالمية');
    expect(await ctx.database.db.select().from(orderItems).where(eq(orderItems.order_id, placed.id))).toHaveLength(1);
  });

  it('answers an unknown number 404 and a malformed one 400', async () => {
    const unknown = await get('/api/orders/number/SB-0000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'order not found' });
    expect((await get('/api/orders/number/SB-0000000000', 'ar')).json()).toMatchObject({
      message: 'طلب غير موجود',
    });
    for (const malformed of ['123', 'SB-ILOU000000', 'SB-00000000000']) {
      const response = await get(`/api/orders/number/${malformed}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.json()).details).toEqual([
        { field: 'orderNumber', message: 'The order number is invalid' },
      ]);
    }
  });

  it('limits order number lookups per address', async () => {
    const address = '203.0.113.9';
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await get('/api/orders/number/SB-0000000001', 'en', address)).statusCode).toBe(404);
    }
    const limited = await get('/api/orders/number/SB-0000000001', 'en', address);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json()).code).toBe('RATE_LIMITED');
  });

  it('lists the statuses with labels in the request language', async () => {
    const en = await get('/api/orders/statuses');
    expect(en.json()).toEqual({
      success: true,
      statuses: [
        { value: 'pending', label: 'Pending' },
        { value: 'processing', label: 'Processing' },
        { value: 'shipped', label: 'Shipped' },
        { value: 'delivered', label: 'Delivered' },
        { value: 'cancelled', label: 'Cancelled' },
        { value: 'refunded', label: 'Refunded' },
        { value: 'completed', label: 'Completed' },
      ],
    });
    const ar = await get('/api/orders/statuses', 'ar');
    expect(ar.json<{ statuses: Array<{ label: string }> }>().statuses.map((status) => status.label)).toEqual([
      'قيد الانتظار',
      'قيد المعالجة',
      'تم الشحن',
      'تم التوصيل',
      'ملغي',
      'مسترد',
      'مكتمل',
    ]);
  });

  it('asks for sign-in for my-orders and orders by id', async () => {
    for (const url of ['/api/orders/my-orders', '/api/orders/1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please log in' });
    }
    // Sign-in is asked before the address is read (the route's session option, decision 049).
    expect((await get('/api/orders/abc')).statusCode).toBe(401);
  });
});
