import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { ErrorResponse, OrderResponse } from '@shop/shared';
import { orders, products, promoCodes } from '../src/db/schema/index.js';
import {
  createAttribute,
  createCity,
  createCountry,
  createGovernorate,
  createProduct,
  linkProductVariations,
} from '../src/seed/factories.js';
import { apiCaller, type TestLang } from './http.js';
import { createSalmiya } from './places.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * What the checkout's tests (modules/orders/orders-*.test.ts) share: the app on a fresh database
 * with Kuwait, Hawalli and Salmiya (shipping 1.500), places that do not match them, and a size
 * attribute; the order poster, a valid checkout payload and readers of stock, orders and promo
 * code uses.
 *
 * A test file calls useOrdersShop() once at its top level; the bindings below are set by its
 * beforeAll (each test file has its own copy of this module).
 */

export let ctx: TestContext;

export interface OrdersFixture {
  country: number;
  governorate: number;
  city: number;
  otherCountry: number;
  otherGovernorate: number;
  otherCity: number;
  sizeId: number;
  small: number;
  large: number;
  /** A variation of the size attribute not offered on the rosary. */
  medium: number;
}
export let fx: OrdersFixture;

/** Builds the app and the fixture before the file's tests, and closes it after them. */
export function useOrdersShop(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const salmiya = await createSalmiya(db);
    const otherCountry = await createCountry(db, { name_ar: 'السعودية', name_en: 'Saudi Arabia', code: 'SA' });
    const otherGovernorate = await createGovernorate(db, { country_id: salmiya.country, name_ar: 'الجهراء', name_en: 'Jahra' });
    const otherCity = await createCity(db, { country_id: otherCountry.id, name_ar: 'الرياض', name_en: 'Riyadh' });
    const size = await createAttribute(db, 'الحجم', [
      ['صغير', 0],
      ['كبير', 1_250],
      ['وسط', 500],
    ]);
    const [small, large, medium] = size.variations;
    fx = {
      ...salmiya,
      otherCountry: otherCountry.id,
      otherGovernorate: otherGovernorate.id,
      otherCity: otherCity.id,
      sizeId: size.attribute.id,
      small: small!.id,
      large: large!.id,
      medium: medium!.id,
    };
  });

  afterAll(async () => {
    await ctx?.close();
  });
}

export const call = apiCaller(() => ctx.app);

export interface PostOptions {
  lang?: TestLang;
  cookie?: string;
  key?: string;
  token?: string;
  ip?: string;
}

export function postOrder(payload: Record<string, unknown>, options: PostOptions = {}) {
  return call('POST', '/api/orders', payload, {
    lang: options.lang,
    token: options.token,
    ip: options.ip,
    headers: options.key === undefined ? {} : { 'idempotency-key': options.key },
    cookies: options.cookie ? { cart: options.cookie } : undefined,
  });
}

/** Each checkout has its own e-mail and phone, so the per-contact order limit stays out of the way. */
let contactCount = 0;

/** A valid checkout payload for the fixture's city; pass the lines to order. */
export function checkout(items: unknown[] | undefined, extra: Record<string, unknown> = {}) {
  contactCount += 1;
  return {
    user_id: null,
    name: '  Fatima Ali ',
    email: ` Fatima.${contactCount}@Example.com `,
    phone: `+965 6${String(contactCount).padStart(3, '0')} 1234`,
    shipping_address: 'Block 5, Street 10, House 3',
    country_id: fx.country,
    governorate_id: fx.governorate,
    city_id: fx.city,
    city: 'Salmiya',
    payment_method: 'cash_on_delivery',
    ...(items === undefined ? {} : { items }),
    ...extra,
  };
}

export const orderOf = (body: unknown) => (body as OrderResponse).order;
export const errorOf = (body: unknown) => body as ErrorResponse;

export async function stockOf(id: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

export async function orderCount(): Promise<number> {
  return (await ctx.database.db.select({ id: orders.id }).from(orders)).length;
}

export async function usesOf(promoId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ used: promoCodes.used_count })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoId));
  return row!.used;
}

/** A rosary of 12.750 offering size small (+0) or large (+1.250), which must be chosen. */
let rosaryCount = 0;
export async function createRosary(stock = 20) {
  rosaryCount += 1;
  const rosary = await createProduct(
    ctx.database.db,
    { name: 'سبحة كهرمان', price: 15_000, sale_price: 12_750, stock_quantity: stock, sku: `AMB-${rosaryCount}` },
    { images: ['amber.webp'] },
  );
  await linkProductVariations(ctx.database.db, rosary.id, [
    { id: fx.small, additional_price: 0 },
    { id: fx.large, additional_price: 1_250 },
  ]);
  return rosary;
}
