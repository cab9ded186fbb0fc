import { and, eq } from 'drizzle-orm';
import { startFakeUpayments, type FakeUpayments } from '../src/integrations/upayments/fake-upayments.js';
import { orders, orderStatusHistory, paymentAttempts, products, promoCodes, cartItems } from '../src/db/schema/index.js';
import { apiCaller } from './http.js';
import { createSalmiya } from './places.js';
import { freePort } from './ports.js';
import { createTestApp, type TestContext } from './test-app.js';

export const UPAYMENTS_TEST_KEY = 'sandbox-test-key-0123456789';

// The app listens on a free port so that the test double can post its notifications.
export { freePort };

export interface PaymentsTestShop {
  ctx: TestContext;
  fake: FakeUpayments;
  city: { country: number; governorate: number; city: number };
  publicUrl: string;
  close(): Promise<void>;
}

/**
 * The real app, listening on loopback, with UPayments pointed at the test double and the given
 * extra environment (e.g. SMTP_URL). A short UPayments timeout keeps the timeout tests quick.
 */
export async function startPaymentsShop(env: NodeJS.ProcessEnv = {}): Promise<PaymentsTestShop> {
  const fake = await startFakeUpayments({ apiKey: UPAYMENTS_TEST_KEY });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({
    UPAYMENTS_API_KEY: UPAYMENTS_TEST_KEY,
    UPAYMENTS_API_URL: fake.url,
    UPAYMENTS_TIMEOUT_SECONDS: '1',
    PUBLIC_URL: publicUrl,
    ...env,
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const city = await createSalmiya(ctx.database.db);
  return {
    ctx,
    fake,
    city,
    publicUrl,
    async close() {
      await ctx.close();
      await fake.close();
    },
  };
}

let contactCount = 0;

/** A checkout payload paying online; each gets its own e-mail and phone (per-contact limit). */
export function onlineCheckout(
  shop: PaymentsTestShop,
  items: unknown[] | undefined,
  extra: Record<string, unknown> = {},
) {
  contactCount += 1;
  return {
    name: 'Fatima Ali',
    email: `payer.${contactCount}.${Date.now()}@example.com`,
    phone: `+965 5${String(contactCount % 1000).padStart(3, '0')} ${String(1000 + (contactCount % 9000))}`,
    shipping_address: 'Block 5, Street 10, House 3',
    country_id: shop.city.country,
    governorate_id: shop.city.governorate,
    city_id: shop.city.city,
    payment_method: 'upayments',
    ...(items === undefined ? {} : { items }),
    ...extra,
  };
}

export function paymentHelpers(shop: () => PaymentsTestShop) {
  const call = apiCaller(() => shop().ctx.app);
  const db = () => shop().ctx.database.db;
  return {
    call,
    async stockOf(id: number): Promise<number> {
      const [row] = await db().select({ stock: products.stock_quantity }).from(products).where(eq(products.id, id));
      return row!.stock;
    },
    async usesOf(promoId: number): Promise<number> {
      const [row] = await db().select({ used: promoCodes.used_count }).from(promoCodes).where(eq(promoCodes.id, promoId));
      return row!.used;
    },
    async orderRow(orderNumber: string) {
      const [row] = await db().select().from(orders).where(eq(orders.order_number, orderNumber));
      return row!;
    },
    async attemptOf(orderId: number) {
      const [row] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.order_id, orderId));
      return row!;
    },
    async historyNotes(orderId: number, note: string): Promise<number> {
      const rows = await db()
        .select({ id: orderStatusHistory.id })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.order_id, orderId), eq(orderStatusHistory.notes, note)));
      return rows.length;
    },
    async cartLines(cartId: number): Promise<number> {
      return (await db().select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.cart_id, cartId))).length;
    },
    /** A guest cart holding `quantity` of a product; returns the cookie value. */
    async guestCart(productId: number, quantity: number): Promise<string> {
      const response = await call('POST', '/api/cart/add', { product_id: productId, quantity });
      if (response.statusCode !== 200 && response.statusCode !== 201) {
        throw new Error(`cart add failed: ${response.statusCode} ${response.body}`);
      }
      const cookie = response.cookies.find((entry) => entry.name === 'cart');
      if (!cookie) throw new Error('no cart cookie');
      return cookie.value;
    },
    /** The redirect's query as the result screen would send it to verify. */
    returnQuery(redirectUrl: string): Record<string, string> {
      return Object.fromEntries(new URL(redirectUrl).searchParams);
    },
    sessionOf(paymentUrl: string): string {
      const id = new URL(paymentUrl).searchParams.get('session_id');
      if (!id) throw new Error(`no session in ${paymentUrl}`);
      return id;
    },
  };
}
