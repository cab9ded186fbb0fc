import { afterAll, beforeAll } from 'vitest';
import {
  startFakeMerchant,
  type FakeMerchant,
} from '../src/integrations/google-merchant/fake-merchant.js';
import { createCategory, createProduct, saveStoreSettings } from '../src/seed/factories.js';
import { signedInStaff, type SignedIn } from './admin-forms.js';
import { apiCaller } from './http.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * What the Google Merchant tab's tests (modules/merchant/merchant-*.test.ts) share: the real
 * HTTP app, its database, the real v1 client and the test double of Google on loopback; an
 * administrator, a moderator and a customer signed in, the store's name, and an amber category
 * below a root one for the products.
 *
 * A test file calls useMerchantShop() once at its top level; the bindings below are set by its
 * beforeAll (each test file has its own copy of this module).
 */

export let fake: FakeMerchant;
export let ctx: TestContext;
export const call = apiCaller(() => ctx.app);
export let admin: SignedIn;
export let moderator: SignedIn;
export let customer: SignedIn;
export let categoryId: number;

export const PUBLIC_URL = 'https://shop.example';

/**
 * Starts the double of Google and builds the app before the file's tests; stops both after them.
 * `overrides` adds variables (GOOGLE_MERCHANT_CONTENT_LANGUAGE for an English data source).
 */
export function useMerchantShop(overrides: NodeJS.ProcessEnv = {}): void {
  beforeAll(async () => {
    fake = await startFakeMerchant();
    ctx = await createTestApp({
      PUBLIC_URL,
      GOOGLE_MERCHANT_ACCOUNT_ID: fake.accountId,
      GOOGLE_MERCHANT_DATA_SOURCE: fake.dataSource,
      GOOGLE_MERCHANT_KEY_FILE: fake.keyFile,
      GOOGLE_MERCHANT_API_URL: fake.url,
      GOOGLE_MERCHANT_TIMEOUT_SECONDS: '5',
      ...overrides,
    });
    ({ admin, moderator, customer } = await signedInStaff(ctx));
    const db = ctx.database.db;
    await saveStoreSettings(db, { store_name: 'متجر السبح', currency: 'KWD' });
    const root = await createCategory(db, { name: 'مسابح', slug: 'beads' });
    categoryId = (await createCategory(db, { name: 'كهرمان', slug: 'amber', parent_id: root.id })).id;
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
}

/** A published product with a picture, in the amber category. */
export async function product(values: Parameters<typeof createProduct>[1] = {}) {
  const made = await createProduct(
    ctx.database.db,
    { category_id: categoryId, ...values },
    { images: ['front.webp', 'back.webp'] },
  );
  return made;
}

/** The inserts Google was sent (of this offer only, when given). */
export function inserts(offerId?: string) {
  return fake.calls.filter(
    (entry) => entry.operation === 'insert' && (offerId === undefined || entry.offerId === offerId),
  );
}
