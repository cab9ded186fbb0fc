import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { orders, products } from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createProduct } from '../../seed/factories.js';

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

  it('sells exactly the stock: 50 orders for 10 pieces make 10 orders and leave 0', async () => {
    const db = ctx.database.db;
    const country = await createCountry(db, { code: 'KW' });
    const governorate = await createGovernorate(db, { country_id: country.id });
    const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id });
    const product = await createProduct(db, { name: 'سبحة محدودة', stock_quantity: 10 });

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'accept-language': 'en' },
          // Fifty different shoppers, each from their own address (orders are limited per address and per phone).
          remoteAddress: `10.9.0.${index + 1}`,
          payload: {
            name: `Shopper ${index}`,
            email: `shopper${index}@example.com`,
            phone: `+965500000${String(index).padStart(2, '0')}`,
            shipping_address: 'Block 1',
            country_id: country.id,
            governorate_id: governorate.id,
            city_id: city.id,
            payment_method: 'cash_on_delivery',
            items: [{ product_id: product.id, quantity: 1 }],
          },
        }),
      ),
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
});
