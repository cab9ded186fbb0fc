import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { queryRows } from '../../db/client.js';
import { orders, products, promoCodes } from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createProduct, createPromoCode } from '../../seed/factories.js';
import { recentOrdersOfContact } from './contact-limit.js';

// Real concurrency needs real connections: the embedded database runs one statement at a time.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('simultaneous orders on PostgreSQL', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ DB_POOL_SIZE: '20' });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A delivery city, in its own country (`code`) and governorate. */
  const deliveryCity = async (code: string) => {
    const db = ctx.database.db;
    const country = await createCountry(db, { code });
    const governorate = await createGovernorate(db, { country_id: country.id });
    const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id });
    return { country_id: country.id, governorate_id: governorate.id, city_id: city.id };
  };

  /**
   * Shopper `index` (their own name, e-mail, phone and address: orders are limited per address
   * and per contact) orders one piece of the product, cash on delivery, in English.
   */
  const orderOnePiece = (
    index: number,
    place: Awaited<ReturnType<typeof deliveryCity>>,
    productId: number,
    extra: { promo_code?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'accept-language': 'en' },
      remoteAddress: `10.9.${Math.floor(index / 200)}.${(index % 200) + 1}`,
      payload: {
        name: `Shopper ${index}`,
        email: `shopper${index}@example.com`,
        phone: `+96550${String(index).padStart(6, '0')}`,
        shipping_address: 'Block 1',
        ...place,
        payment_method: 'cash_on_delivery',
        items: [{ product_id: productId, quantity: 1 }],
        ...extra,
      },
    });

  it('sells exactly the stock: 50 orders for 10 pieces make 10 orders and leave 0', async () => {
    const db = ctx.database.db;
    const place = await deliveryCity('KW');
    const product = await createProduct(db, { name: 'سبحة محدودة', stock_quantity: 10 });

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => orderOnePiece(index, place, product.id)),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    const [row] = await db
      .select({ stock: products.stock_quantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.stock).toBe(0);
    expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(10);
  });

  it("finds a customer's orders of the hour through the contact indexes, not by reading the hour's orders", async () => {
    // The planner may read a near-empty table whole; without that choice it must have an index
    // on the contact's comparison forms (migrations 0022 and 0024, docs/decisions/035 and 039).
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`explain (format json) select count(*) from ${orders} where ${recentOrdersOfContact('a@example.com', '+96550000000')}`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('orders_contact_email_created_idx');
    expect(text).toContain('orders_contact_phone_created_idx');
  });

  it('gives the last use of a code to one order: the others are refused on promo_code, stock untouched', async () => {
    const db = ctx.database.db;
    const place = await deliveryCity('BH');
    const product = await createProduct(db, { stock_quantity: 100 });
    // Every order sees one use left when it prices the code; the use is counted last
    // (docs/decisions/035), where the race is decided.
    const promo = await createPromoCode(db, { code: 'LASTONE', max_uses: 5, used_count: 4 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => orderOnePiece(100 + index, place, product.id, { promo_code: 'LASTONE' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ field: 'promo_code', message: expect.any(String) }]);
    }
    const [code] = await db.select({ used: promoCodes.used_count }).from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(code!.used).toBe(5);
    const [row] = await db.select({ stock: products.stock_quantity }).from(products).where(eq(products.id, product.id));
    expect(row!.stock).toBe(99);
  });

  it('never oversells when reopening a cancelled order races checkouts for the last piece', async () => {
    const db = ctx.database.db;
    const admin = await signedInAs(ctx, 'admin');
    const place = await deliveryCity('QA');
    // Shoppers 1,000 and on: their own addresses and contacts, apart from the other tests'.
    let shopper = 1_000;
    const checkout = (productId: number) => orderOnePiece((shopper += 1), place, productId);

    for (let round = 0; round < 5; round += 1) {
      const product = await createProduct(db, { name: `سبحة أخيرة ${round}`, stock_quantity: 1 });
      const first = await checkout(product.id);
      expect(first.statusCode).toBe(201);
      const orderId = first.json().order.id as number;
      const cancel = await ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${orderId}/status`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { status: 'cancelled', notes: '' },
      });
      expect(cancel.statusCode).toBe(200);

      // The piece is back on the shelf: a reopen and eight checkouts want it at once.
      const [reopen, ...checkouts] = await Promise.all([
        ctx.app.inject({
          method: 'PUT',
          url: `/api/orders/${orderId}/status`,
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { status: 'processing', notes: '' },
        }),
        ...Array.from({ length: 8 }, () => checkout(product.id)),
      ]);
      const winners = [reopen!, ...checkouts].filter((reply) => reply.statusCode === 200 || reply.statusCode === 201);
      const refused = [reopen!, ...checkouts].filter((reply) => reply.statusCode === 409);
      expect(winners).toHaveLength(1);
      expect(refused).toHaveLength(8);
      const [row] = await db
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, product.id));
      expect(row!.stock).toBe(0);
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe(reopen!.statusCode === 200 ? 'processing' : 'cancelled');
    }
  });
});
