import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ErrorResponse, OrderResponse } from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createSalmiya, type ShippingPlace } from '../../../test-support/places.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { orders, products } from '../../db/schema/index.js';
import { demoProducts } from '../../seed/demo-data.js';
import { createProduct, createUser } from '../../seed/factories.js';
import { checkAnonymousTotal, checkAnonymousUnits, networkKey, networkOf, type AnonymousOrderLimits } from './anonymous-limits.js';

describe('networkOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::abcd', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
  ])('%s is the network %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it('hashes a network under the secret, never showing the address', () => {
    const key = networkKey('2001:db8:1:2::1', 'secret-one');
    expect(key).toBe(networkKey('2001:db8:1:2:ffff:ffff:ffff:ffff', 'secret-one'));
    expect(key).not.toBe(networkKey('2001:db8:1:3::1', 'secret-one'));
    expect(key).not.toBe(networkKey('2001:db8:1:2::1', 'secret-two'));
    expect(key).not.toContain('2001');
    expect(key).toMatch(/^[\w-]{32}$/);
  });
});

describe('per-order caps of an anonymous order', () => {
  const limits: AnonymousOrderLimits = { maxUnitsPerOrder: 10, maxCashOnDeliveryTotal: 500_000, maxUnitsPerNetworkPerDay: 20 };

  it('allows up to maxUnitsPerOrder pieces and refuses one more on items', () => {
    expect(() => checkAnonymousUnits(limits, 10)).not.toThrow();
    expect(() => checkAnonymousUnits(limits, 11)).toThrow(expect.objectContaining({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'items', params: { count: 10 } })],
    }));
  });

  it('caps the total of a cash-on-delivery order only', () => {
    expect(() => checkAnonymousTotal(limits, 'cash_on_delivery', 500_000)).not.toThrow();
    expect(() => checkAnonymousTotal(limits, 'cash_on_delivery', 500_001)).toThrow(expect.objectContaining({
      details: [expect.objectContaining({ field: 'payment_method', params: { amount: '500.000' } })],
    }));
    expect(() => checkAnonymousTotal(limits, 'upayments', 5_000_000)).not.toThrow();
  });
});

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let place: ShippingPlace;
/** The demo store's published products, with the stock they were seeded with. */
let shelf: Array<{ id: number; stock: number; price: number }>;
let contactCount = 0;

function checkout(items: Array<{ product_id: number; quantity: number }>, extra: Record<string, unknown> = {}) {
  contactCount += 1;
  return {
    name: 'Guest Buyer',
    email: `buyer.${contactCount}@example.com`,
    phone: `+965 5${String(contactCount).padStart(3, '0')} 7777`,
    shipping_address: 'Block 1, Street 2, House 3',
    country_id: place.country,
    governorate_id: place.governorate,
    city_id: place.city,
    payment_method: 'cash_on_delivery',
    items,
    ...extra,
  };
}

const postOrder = (payload: unknown, ip: string, options: { token?: string; lang?: TestLang } = {}) =>
  call('POST', '/api/orders', payload as Record<string, unknown>, { ip, ...options });

async function unitsInStock(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ units: sql<number>`coalesce(sum(${products.stock_quantity}), 0)::int` })
    .from(products)
    .where(inArray(products.id, shelf.map((product) => product.id)));
  return row!.units;
}

beforeAll(async () => {
  // The shipped defaults (config.ts): 10 pieces an order, 500 KWD cash on delivery, 20 pieces a day.
  ctx = await createTestApp();
  const db = ctx.database.db;
  place = await createSalmiya(db, 1_000);
  shelf = [];
  for (const demo of demoProducts) {
    if (demo.draft) continue;
    const product = await createProduct(db, {
      name: demo.name,
      sku: demo.sku,
      price: demo.price,
      stock_quantity: demo.stock,
      manage_stock: true,
    });
    shelf.push({ id: product.id, stock: demo.stock, price: demo.price });
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('a stranger cannot hold the store', () => {
  it('one client with one address and any number of contacts takes at most 10 % of the demo store', async () => {
    const before = await unitsInStock();
    expect(before).toBe(demoProducts.filter((demo) => !demo.draft).reduce((sum, demo) => sum + demo.stock, 0));
    const attacker = '203.0.113.50';
    const inStock = shelf.filter((product) => product.stock > 0);

    // The first attack: every product in stock, up to 10 pieces of each, in one cash order.
    const greedy = await postOrder(
      checkout(inStock.map((product) => ({ product_id: product.id, quantity: Math.min(product.stock, 10) }))),
      attacker,
    );
    expect(greedy.statusCode).toBe(400);
    expect((greedy.json() as ErrorResponse).details).toEqual([
      expect.objectContaining({ field: 'items', message: expect.stringContaining('WhatsApp') }),
    ]);
    expect(await unitsInStock()).toBe(before);

    // Then as much as each refusal allows: many small orders, each with a new e-mail and phone.
    let refusedFor: string | undefined;
    for (let round = 0; round < 40 && refusedFor === undefined; round += 1) {
      const products = inStock.slice((round * 2) % inStock.length, ((round * 2) % inStock.length) + 2);
      const items = products.map((product) => ({ product_id: product.id, quantity: Math.min(product.stock, 5) }));
      const reply = await postOrder(checkout(items, { payment_method: 'cash_on_delivery' }), attacker);
      if (reply.statusCode === 429) refusedFor = (reply.json() as ErrorResponse).code;
      else if (reply.statusCode !== 201 && reply.statusCode !== 409 && reply.statusCode !== 400) {
        throw new Error(`unexpected ${reply.statusCode}: ${reply.body}`);
      }
    }
    expect(refusedFor).toBe('RATE_LIMITED');
    const taken = before - (await unitsInStock());
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(ctx.config.anonymousOrderLimits.maxUnitsPerNetworkPerDay);
    expect(taken / before).toBeLessThanOrEqual(0.1);

    // Another address of the same IPv4 network is another shopper; the attacker's own stays refused.
    const neighbour = await postOrder(checkout([{ product_id: inStock[0]!.id, quantity: 1 }]), '203.0.113.51');
    expect(neighbour.statusCode).toBe(201);
    const again = await postOrder(checkout([{ product_id: inStock[0]!.id, quantity: 1 }]), attacker, { lang: 'ar' });
    expect(again.statusCode).toBe(429);
    expect((again.json() as ErrorResponse).message).toContain('واتساب');
  });

  it('counts every address of one IPv6 /64 as one network, and keeps only a hash of it', async () => {
    const product = await createProduct(ctx.database.db, { price: 1_000, stock_quantity: 100, manage_stock: true });
    const limit = ctx.config.anonymousOrderLimits.maxUnitsPerNetworkPerDay;
    let placed = 0;
    for (let host = 1; placed < limit; host += 1) {
      const reply = await postOrder(
        checkout([{ product_id: product.id, quantity: Math.min(10, limit - placed) }]),
        `2001:db8:77:1::${host.toString(16)}`,
      );
      expect(reply.statusCode).toBe(201);
      placed += Math.min(10, limit - placed);
    }
    const refused = await postOrder(checkout([{ product_id: product.id, quantity: 1 }]), '2001:db8:77:1:ffff::9');
    expect(refused.statusCode).toBe(429);
    const accepted = await postOrder(checkout([{ product_id: product.id, quantity: 1 }]), '2001:db8:77:2::1');
    expect(accepted.statusCode).toBe(201);

    const kept = await ctx.database.db
      .select({ network: orders.client_network })
      .from(orders)
      .where(eq(orders.order_number, (accepted.json() as OrderResponse).order.order_number));
    expect(kept[0]!.network).toMatch(/^[\w-]{32}$/);
    expect(kept[0]!.network).not.toContain('2001');
  });

  it('gives a network its allowance back when its orders are cancelled', async () => {
    const product = await createProduct(ctx.database.db, { price: 1_000, stock_quantity: 100, manage_stock: true });
    const ip = '198.51.100.20';
    const limit = ctx.config.anonymousOrderLimits.maxUnitsPerNetworkPerDay;
    const numbers: string[] = [];
    for (let placed = 0; placed < limit; placed += 10) {
      const reply = await postOrder(checkout([{ product_id: product.id, quantity: 10 }]), ip);
      expect(reply.statusCode).toBe(201);
      numbers.push((reply.json() as OrderResponse).order.order_number);
    }
    expect((await postOrder(checkout([{ product_id: product.id, quantity: 1 }]), ip)).statusCode).toBe(429);
    await ctx.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.order_number, numbers[0]!));
    expect((await postOrder(checkout([{ product_id: product.id, quantity: 10 }]), ip)).statusCode).toBe(201);
  });

  it('refuses a guest cash order over the cap with what to do, in Arabic and English', async () => {
    const amber = await createProduct(ctx.database.db, { price: 350_000, stock_quantity: 5, manage_stock: true });
    for (const lang of ['ar', 'en'] as const) {
      const reply = await postOrder(checkout([{ product_id: amber.id, quantity: 2 }]), '198.51.100.30', { lang });
      expect(reply.statusCode).toBe(400);
      const body = reply.json() as ErrorResponse;
      expect(body.details).toEqual([expect.objectContaining({ field: 'payment_method' })]);
      expect(body.details![0]!.message).toMatch(/\b500\.000 (KD|د.ك)/);
      expect(body.details![0]!.message).toContain(lang === 'ar' ? 'واتساب' : 'WhatsApp');
    }
    const [row] = await ctx.database.db.select({ stock: products.stock_quantity }).from(products).where(eq(products.id, amber.id));
    expect(row!.stock).toBe(5);
  });

  it('treats an account whose e-mail is not verified as a guest, and lets a verified one order more', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 60_000, stock_quantity: 100, manage_stock: true });
    const other = await createProduct(db, { price: 60_000, stock_quantity: 100, manage_stock: true });
    const items = [
      { product_id: product.id, quantity: 8 },
      { product_id: other.id, quantity: 7 },
    ];
    const ip = '198.51.100.40';

    const unverified = await createUser(db, { email: `unverified.${Date.now()}@example.com`, email_verified_at: null });
    const unverifiedToken = await ctx.app.services.accounts.createSession(unverified.id);
    const refused = await postOrder(checkout(items), ip, { token: unverifiedToken });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ErrorResponse).details).toEqual([expect.objectContaining({ field: 'items' })]);

    // 15 pieces worth 900 KWD, cash on delivery, from the same address: a verified customer's order.
    const verified = await createUser(db, { email: `verified.${Date.now()}@example.com`, email_verified_at: new Date() });
    const verifiedToken = await ctx.app.services.accounts.createSession(verified.id);
    const placed = await postOrder(checkout(items), ip, { token: verifiedToken });
    expect(placed.statusCode).toBe(201);
    const [row] = await db
      .select({ network: orders.client_network })
      .from(orders)
      .where(eq(orders.order_number, (placed.json() as OrderResponse).order.order_number));
    expect(row!.network).toBeNull();
  });

  it('lets only one of two simultaneous orders from one network through the last of its allowance', async () => {
    const product = await createProduct(ctx.database.db, { price: 1_000, stock_quantity: 100, manage_stock: true });
    const ip = '198.51.100.60';
    const limit = ctx.config.anonymousOrderLimits.maxUnitsPerNetworkPerDay;
    for (let placed = 0; placed < limit - 10; placed += 10) {
      expect((await postOrder(checkout([{ product_id: product.id, quantity: 10 }]), ip)).statusCode).toBe(201);
    }
    const replies = await Promise.all(
      [0, 1, 2].map(() => postOrder(checkout([{ product_id: product.id, quantity: 10 }]), ip)),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 429, 429]);
  });
});
