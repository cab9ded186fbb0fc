import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { OrderResponse } from '@shop/shared';
import { onlineCheckout, paymentHelpers, startPaymentsShop, type PaymentsTestShop } from '../../../test-support/payments.js';
import { buildApp, type App } from '../../app.js';
import { orders, orderStatusHistory, paymentAttempts } from '../../db/schema/index.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';

// Real concurrency needs real connections: the embedded database runs one statement at a time.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('online payment under concurrency on PostgreSQL', () => {
  let shop: PaymentsTestShop;
  let second: App;
  const h = paymentHelpers(() => shop);

  beforeAll(async () => {
    shop = await startPaymentsShop({ DB_POOL_SIZE: '30' });
    // A second server on the same database: its own services, caches and sweep.
    second = await buildApp({ config: shop.ctx.config, database: shop.ctx.database, logger: false });
    await second.ready();
  });

  afterAll(async () => {
    await second?.close();
    await shop?.close();
  });

  it('never oversells: 20 simultaneous online checkouts for 10 pieces make 10 orders and 10 charges', async () => {
    const product = await createProduct(shop.ctx.database.db, { name: 'سبحة محدودة', stock_quantity: 10 });
    const charges = shop.fake.charges.length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        shop.ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'accept-language': 'en' },
          remoteAddress: `10.8.0.${index + 1}`,
          payload: onlineCheckout(shop, [{ product_id: product.id, quantity: 1 }]),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    for (const response of responses.filter((item) => item.statusCode === 201)) {
      expect(response.json<OrderResponse>().payment_url).toBeDefined();
    }
    expect(await h.stockOf(product.id)).toBe(0);
    expect(shop.fake.charges.length - charges).toBe(10);
  });

  it('two servers sweeping at once release each abandoned order once', async () => {
    const db = shop.ctx.database.db;
    const product = await createProduct(db, { name: 'سبحة', stock_quantity: 50 });
    const promo = await createPromoCode(db, { code: 'SWEEPRACE', discount_value: 5 });
    const numbers: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await shop.ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: `10.7.0.${index + 1}`,
        payload: onlineCheckout(shop, [{ product_id: product.id, quantity: 2 }], { promo_code: promo.code }),
      });
      expect(response.statusCode).toBe(201);
      numbers.push(response.json<OrderResponse>().order.order_number);
    }
    expect(await h.stockOf(product.id)).toBe(34);
    expect(await h.usesOf(promo.id)).toBe(8);

    const later = new Date(Date.now() + 31 * 60_000);
    const [a, b, c] = await Promise.all([
      shop.ctx.app.services.payments.sweepOnce(later),
      second.services.payments.sweepOnce(later),
      second.services.payments.sweepOnce(later),
    ]);
    expect(a + b + c).toBeGreaterThanOrEqual(8);

    const rows = await db.select().from(orders).where(inArray(orders.order_number, numbers));
    expect(rows.every((row) => row.status === 'cancelled' && row.payment_status === 'failed')).toBe(true);
    expect(await h.stockOf(product.id)).toBe(50);
    expect(await h.usesOf(promo.id)).toBe(0);
    for (const row of rows) {
      const released = await db
        .select({ id: orderStatusHistory.id })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.order_id, row.id));
      // Created, then cancelled once.
      expect(released).toHaveLength(2);
      const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.order_id, row.id));
      expect(attempt).toBeDefined();
    }
  });
});
