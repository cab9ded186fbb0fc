import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-app.js';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { carts, products, serverSecrets } from '../../db/schema/index.js';
import {
  addCartItem,
  createAttribute,
  createCart,
  createProduct,
  createUser,
  linkProductVariations,
} from '../../seed/factories.js';
import { createPricingService } from '../catalog/index.js';
import { createPromotionsService } from '../promotions/index.js';
import { createCartService, newCartToken, type CartService } from './service.js';

let database: TestDatabase;
let service: CartService;
const apps: App[] = [];

function appConfig(overrides: NodeJS.ProcessEnv = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'shop-cart-service-test'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

async function startApp(overrides: NodeJS.ProcessEnv = {}): Promise<App> {
  const app = await buildApp({ config: appConfig(overrides), database, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  service = createCartService(database.db, {
    catalog: createPricingService(database.db),
    promotions: createPromotionsService(database.db),
    sessionSecret: undefined,
  });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.destroy();
});

describe('mergeCarts', () => {
  it('adds guest quantities into the user cart, capped at stock, and deletes the guest cart', async () => {
    const db = database.db;
    const scarce = await createProduct(db, { name: 'نادرة', stock_quantity: 4 });
    const plenty = await createProduct(db, { name: 'كثيرة', stock_quantity: 100 });
    const gone = await createProduct(db, { name: 'مسحوبة' });
    const size = await createAttribute(db, 'قياس', [
      ['صغير', 0],
      ['كبير', 500],
    ]);
    await linkProductVariations(db, plenty.id, size.variations);
    const [small, large] = size.variations;
    const userId = (await createUser(db)).id;

    const userCart = await createCart(db, { user_id: userId });
    await addCartItem(db, { cart_id: userCart.id, product_id: scarce.id, quantity: 3 });
    await addCartItem(db, {
      cart_id: userCart.id,
      product_id: plenty.id,
      quantity: 2,
      selected: { [size.attribute.id]: small!.id },
    });

    const token = newCartToken();
    await service.add({ kind: 'guest', token }, { product_id: scarce.id, quantity: 3, selected: {} });
    await service.add(
      { kind: 'guest', token },
      { product_id: plenty.id, quantity: 5, selected: { [size.attribute.id]: small!.id } },
    );
    await service.add(
      { kind: 'guest', token },
      { product_id: plenty.id, quantity: 1, selected: { [size.attribute.id]: large!.id } },
    );
    await service.add({ kind: 'guest', token }, { product_id: gone.id, quantity: 1, selected: {} });
    await db.delete(products).where(eq(products.id, gone.id));

    const guestCartId = await service.guestCartId(token);
    expect(guestCartId).toBeDefined();
    await service.mergeCarts(guestCartId!, userId);

    const merged = await service.forUser(userId);
    expect(
      merged.items.map((item) => [item.product_id, item.selected_attributes[size.attribute.id]?.title ?? null, item.quantity]),
    ).toEqual([
      [scarce.id, null, 4],
      [plenty.id, 'صغير', 7],
      [plenty.id, 'كبير', 1],
    ]);
    expect(await db.select().from(carts).where(eq(carts.id, guestCartId!))).toHaveLength(0);
    expect(await service.guestCartId(token)).toBeUndefined();
    expect((await service.view({ kind: 'guest', token })).items).toEqual([]);
  });

  it('creates the user cart when the user had none', async () => {
    const product = await createProduct(database.db, { stock_quantity: 5 });
    const token = newCartToken();
    await service.add({ kind: 'guest', token }, { product_id: product.id, quantity: 2, selected: {} });
    const userId = (await createUser(database.db)).id;
    await service.mergeCarts((await service.guestCartId(token))!, userId);
    expect((await service.forUser(userId)).summary.total_items).toBe(2);
    expect(await service.count({ kind: 'user', userId })).toBe(2);
  });

  it('reads an unknown user as an empty cart without creating one', async () => {
    expect(await service.forUser(12345)).toEqual({ items: [], summary: { total: 0, total_items: 0 }, removed_items: [], promo: null, promo_notice: null });
    expect(await database.db.select().from(carts).where(eq(carts.user_id, 12345))).toHaveLength(0);
  });
});

describe('cookie secret', () => {
  it('is generated once and shared by every app on the same database', async () => {
    const first = await startApp();
    const stored = await database.db.select().from(serverSecrets);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value.length).toBeGreaterThanOrEqual(32);

    const product = await createProduct(database.db, { stock_quantity: 5 });
    const added = await first.inject({
      method: 'POST',
      url: '/api/cart/add',
      payload: { product_id: product.id, quantity: 2 },
    });
    const cookie = added.cookies.find((entry) => entry.name === 'cart')!.value;

    const second = await startApp();
    expect(await database.db.select().from(serverSecrets)).toEqual(stored);
    const read = await second.inject({ method: 'GET', url: '/api/cart', cookies: { cart: cookie } });
    expect(read.json().summary.total_items).toBe(2);
  });

  it('uses SESSION_SECRET when configured, so other keys do not verify its cookies', async () => {
    const configured = await startApp({ SESSION_SECRET: 'x'.repeat(40) });
    const generated = await startApp();
    const product = await createProduct(database.db, { stock_quantity: 5 });
    const added = await configured.inject({
      method: 'POST',
      url: '/api/cart/add',
      payload: { product_id: product.id, quantity: 1 },
    });
    const cookie = added.cookies.find((entry) => entry.name === 'cart')!.value;
    const own = await configured.inject({ method: 'GET', url: '/api/cart', cookies: { cart: cookie } });
    expect(own.json().summary.total_items).toBe(1);
    const other = await generated.inject({ method: 'GET', url: '/api/cart', cookies: { cart: cookie } });
    expect(other.json().summary.total_items).toBe(0);
  });

  it('refuses a SESSION_SECRET shorter than 32 characters', () => {
    expect(() => appConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});
