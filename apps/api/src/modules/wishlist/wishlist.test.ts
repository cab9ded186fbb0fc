import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  WISHLIST_MAX_PRODUCTS,
  type AuthResponse,
  type ErrorResponse,
  type WishlistIdsResponse,
  type WishlistResponse,
} from '@shop/shared';
import { apiCaller, type CallOptions } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { products, wishlistItems } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/** The wishlist (issue 33, item 3) through the real HTTP app: guests' signed cookie, accounts' rows, the merge at sign-in. */

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
/** The shop runs on https here, so the cookie carries the __Host- prefix. */
const COOKIE = '__Host-wishlist';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
});

afterAll(async () => {
  await ctx?.close();
});

type Reply = Awaited<ReturnType<typeof call>>;

/** A guest with their own cookie jar (the wishlist cookie only). */
function guest() {
  let cookie: string | undefined;
  const jar = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, options: CallOptions = {}) {
      const reply = await call(method, url, payload, { ...options, ...(cookie ? { cookies: { [COOKIE]: cookie } } : {}) });
      const set = reply.cookies.find((entry) => entry.name === COOKIE);
      if (set) cookie = set.value === '' ? undefined : set.value;
      return reply;
    },
  };
  return jar;
}

const idsOf = (reply: Reply) => reply.json<WishlistIdsResponse>().product_ids;
const errorOf = (reply: Reply) => reply.json<ErrorResponse>();

let emailCounter = 0;
async function register(cookies?: Record<string, string>) {
  emailCounter += 1;
  const email = `wishful${emailCounter}@example.com`;
  const reply = await call(
    'POST',
    '/api/auth/register',
    { name: 'Maryam Saleh', email, password: 'secret123' },
    cookies ? { cookies } : {},
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return { reply, email, token: reply.json<AuthResponse>().token, userId: reply.json<AuthResponse>().user.id };
}

describe("a guest's wishlist in a signed cookie", () => {
  it('adds, lists as cards in the reader\'s language with availability, and removes', async () => {
    const db = ctx.database.db;
    const amber = await createProduct(db, { name: 'سبحة كهرمان', name_en: 'Amber rosary', price: 25_000, sale_price: 20_000, stock_quantity: 4 });
    const soldOut = await createProduct(db, { name: 'سبحة نفدت', stock_quantity: 0 });
    const shopper = guest();

    const added = await shopper.call('POST', '/api/wishlist', { product_id: amber.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(idsOf(added)).toEqual([amber.id]);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const cookie = added.cookies.find((entry) => entry.name === COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(cookie.value.split('.')[0]).toBe(String(amber.id));

    // Twice is once; the newest first.
    expect(idsOf(await shopper.call('POST', '/api/wishlist', { product_id: amber.id }))).toEqual([amber.id]);
    expect(idsOf(await shopper.call('POST', '/api/wishlist', { product_id: soldOut.id }))).toEqual([soldOut.id, amber.id]);

    const english = (await shopper.call('GET', '/api/wishlist')).json<WishlistResponse>();
    expect(english.product_ids).toEqual([soldOut.id, amber.id]);
    expect(english.products[1]).toEqual({
      id: amber.id,
      name: 'سبحة كهرمان',
      name_en: 'Amber rosary',
      display_name: 'Amber rosary',
      price: 25,
      sale_price: 20,
      current_price: 20,
      stock_quantity: 4,
      manage_stock: true,
      in_stock: true,
      featured_image: null,
      category_name: null,
      category_name_en: null,
      review_average: null,
      review_count: 0,
    });
    expect(english.products[0]).toMatchObject({ id: soldOut.id, in_stock: false, display_name: 'سبحة نفدت' });
    const arabic = (await shopper.call('GET', '/api/wishlist', undefined, { lang: 'ar' })).json<WishlistResponse>();
    expect(arabic.products[1]!.display_name).toBe('سبحة كهرمان');

    expect(idsOf(await shopper.call('GET', '/api/wishlist/ids'))).toEqual([soldOut.id, amber.id]);
    expect(idsOf(await shopper.call('DELETE', `/api/wishlist/${soldOut.id}`))).toEqual([amber.id]);
    // Not kept: no error, nothing changes.
    expect(idsOf(await shopper.call('DELETE', `/api/wishlist/${soldOut.id}`))).toEqual([amber.id]);
    const emptied = await shopper.call('DELETE', `/api/wishlist/${amber.id}`);
    expect(idsOf(emptied)).toEqual([]);
    // The last one out drops the cookie.
    expect(emptied.cookies.find((entry) => entry.name === COOKIE)?.value).toBe('');
    expect(shopper.cookie).toBeUndefined();
  });

  it('answers an empty list without a cookie, and sets none', async () => {
    const reply = await call('GET', '/api/wishlist');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, products: [], product_ids: [] });
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a tampered or unsigned cookie: the list reads empty and the next add starts anew', async () => {
    const db = ctx.database.db;
    const [a, b] = [await createProduct(db, { name: 'أ' }), await createProduct(db, { name: 'ب' })];
    const shopper = guest();
    await shopper.call('POST', '/api/wishlist', { product_id: a.id });
    const [, signature] = shopper.cookie!.split('.');

    for (const forged of [`${b.id}.${signature}`, `${a.id}-${b.id}.${signature}`, String(b.id), `${a.id}.`]) {
      const reply = await call('GET', '/api/wishlist', undefined, { cookies: { [COOKIE]: forged } });
      expect(reply.json<WishlistResponse>().product_ids, forged).toEqual([]);
    }
    const restart = await call('POST', '/api/wishlist', { product_id: b.id }, { cookies: { [COOKIE]: `${a.id}-${b.id}.${signature}` } });
    expect(idsOf(restart)).toEqual([b.id]);
  });

  it('refuses an unknown or hidden product with 404 in the reader\'s language, and a bad id with 400', async () => {
    const draft = await createProduct(ctx.database.db, { name: 'مسودة', status: 'draft' });
    const shopper = guest();
    const unknown = await shopper.call('POST', '/api/wishlist', { product_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    const arabic = await shopper.call('POST', '/api/wishlist', { product_id: draft.id }, { lang: 'ar' });
    expect(arabic.statusCode).toBe(404);
    expect(errorOf(arabic).message).toBe('المنتج غير موجود');
    for (const body of [{}, { product_id: 'x' }, { product_id: 0 }, { product_id: 1.5 }]) {
      const bad = await shopper.call('POST', '/api/wishlist', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).code).toBe('VALIDATION_ERROR');
    }
    expect((await shopper.call('DELETE', '/api/wishlist/abc')).statusCode).toBe(400);
    expect(shopper.cookie).toBeUndefined();
  });
});

describe('the cap', () => {
  it(`keeps ${WISHLIST_MAX_PRODUCTS} products and refuses one more, for a guest and an account`, async () => {
    const db = ctx.database.db;
    const many = [];
    for (let index = 0; index <= WISHLIST_MAX_PRODUCTS; index += 1) {
      many.push(await createProduct(db, { name: `سبحة ${index}` }));
    }
    const [extra, ...fifty] = many;
    const shopper = guest();
    // A full list in a cookie, as fifty adds would leave it.
    for (const product of fifty) await shopper.call('POST', '/api/wishlist', { product_id: product.id });
    expect(shopper.cookie!.split('.')[0]!.split('-')).toHaveLength(WISHLIST_MAX_PRODUCTS);

    const refused = await shopper.call('POST', '/api/wishlist', { product_id: extra!.id });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      message: `Your wishlist is full: it keeps up to ${WISHLIST_MAX_PRODUCTS} products. Remove one to add another`,
    });
    // Already kept: fine at the cap.
    expect((await shopper.call('POST', '/api/wishlist', { product_id: fifty[0]!.id })).statusCode).toBe(200);

    const { token, userId } = await register();
    await db.insert(wishlistItems).values(fifty.map((product) => ({ user_id: userId, product_id: product.id })));
    const arabic = await call('POST', '/api/wishlist', { product_id: extra!.id }, { token, lang: 'ar' });
    expect(arabic.statusCode).toBe(409);
    expect(errorOf(arabic).message).toBe(`قائمة المفضلة ممتلئة: تتسع لـ ${WISHLIST_MAX_PRODUCTS} منتجاً. احذف منتجاً لتضيف غيره`);
    await call('DELETE', `/api/wishlist/${fifty[1]!.id}`, undefined, { token });
    expect((await call('POST', '/api/wishlist', { product_id: extra!.id }, { token })).statusCode).toBe(200);
  });
});

describe("an account's wishlist", () => {
  it('is kept with the account, apart from the guest cookie and other accounts', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'سبحة يسر' });
    const mine = await register();
    const theirs = await register();
    const added = await call('POST', '/api/wishlist', { product_id: product.id }, { token: mine.token });
    expect(idsOf(added)).toEqual([product.id]);
    expect(added.cookies.find((entry) => entry.name === COOKIE)).toBeUndefined();
    expect(idsOf(await call('GET', '/api/wishlist/ids', undefined, { token: mine.token }))).toEqual([product.id]);
    expect(idsOf(await call('GET', '/api/wishlist/ids', undefined, { token: theirs.token }))).toEqual([]);
    expect(idsOf(await call('DELETE', `/api/wishlist/${product.id}`, undefined, { token: mine.token }))).toEqual([]);
  });

  it('drops a deleted product and hides a hidden one until it is published again', async () => {
    const db = ctx.database.db;
    const [kept, hidden, deleted] = [
      await createProduct(db, { name: 'باقية' }),
      await createProduct(db, { name: 'مخفية' }),
      await createProduct(db, { name: 'محذوفة' }),
    ];
    const { token, userId } = await register();
    const shopper = guest();
    for (const product of [kept, hidden, deleted]) {
      await call('POST', '/api/wishlist', { product_id: product.id }, { token });
      await shopper.call('POST', '/api/wishlist', { product_id: product.id });
    }
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, hidden.id));
    await db.delete(products).where(eq(products.id, deleted.id));

    const list = (await call('GET', '/api/wishlist', undefined, { token })).json<WishlistResponse>();
    expect(list.products.map((product) => product.id)).toEqual([kept.id]);
    expect(list.product_ids).toEqual([kept.id]);
    expect(idsOf(await shopper.call('GET', '/api/wishlist/ids'))).toEqual([kept.id]);
    const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.user_id, userId));
    expect(rows.map((row) => row.product_id).sort()).toEqual([kept.id, hidden.id].sort());

    await db.update(products).set({ status: 'published' }).where(eq(products.id, hidden.id));
    expect(idsOf(await call('GET', '/api/wishlist/ids', undefined, { token }))).toEqual([hidden.id, kept.id]);
  });
});

describe("the wishlist's merge at sign-in", () => {
  it("joins the guest's list to the account's at login, without duplicates, and clears the cookie", async () => {
    const db = ctx.database.db;
    const [earlier, both, guestOnly] = [
      await createProduct(db, { name: 'قديمة' }),
      await createProduct(db, { name: 'مشتركة' }),
      await createProduct(db, { name: 'جديدة' }),
    ];
    const account = await register();
    await call('POST', '/api/wishlist', { product_id: earlier.id }, { token: account.token });
    await call('POST', '/api/wishlist', { product_id: both.id }, { token: account.token });
    const shopper = guest();
    await shopper.call('POST', '/api/wishlist', { product_id: both.id });
    await shopper.call('POST', '/api/wishlist', { product_id: guestOnly.id });

    const login = await shopper.call('POST', '/api/auth/login', { email: account.email, password: 'secret123' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.cookies.find((entry) => entry.name === COOKIE)?.value).toBe('');
    expect(shopper.cookie).toBeUndefined();

    const token = login.json<AuthResponse>().token;
    const merged = (await call('GET', '/api/wishlist', undefined, { token })).json<WishlistResponse>();
    expect(merged.product_ids).toEqual([guestOnly.id, both.id, earlier.id]);
    const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.user_id, account.userId));
    expect(rows).toHaveLength(3);
    // The guest's browser keeps nothing of it.
    expect(idsOf(await shopper.call('GET', '/api/wishlist/ids'))).toEqual([]);
  });

  it("takes the guest's list into a new account at registration", async () => {
    const db = ctx.database.db;
    const [first, second] = [await createProduct(db, { name: 'أولى' }), await createProduct(db, { name: 'ثانية' })];
    const shopper = guest();
    await shopper.call('POST', '/api/wishlist', { product_id: first.id });
    await shopper.call('POST', '/api/wishlist', { product_id: second.id });
    await shopper.call('POST', '/api/wishlist', { product_id: first.id });

    const { reply, token } = await register({ [COOKIE]: shopper.cookie! });
    expect(reply.cookies.find((entry) => entry.name === COOKIE)?.value).toBe('');
    expect(idsOf(await call('GET', '/api/wishlist/ids', undefined, { token }))).toEqual([second.id, first.id]);
  });

  it('ignores a tampered cookie at login', async () => {
    const product = await createProduct(ctx.database.db, { name: 'مزورة' });
    const account = await register();
    const login = await call(
      'POST',
      '/api/auth/login',
      { email: account.email, password: 'secret123' },
      { cookies: { [COOKIE]: `${product.id}.forged` } },
    );
    expect(login.statusCode).toBe(200);
    expect(idsOf(await call('GET', '/api/wishlist/ids', undefined, { token: login.json<AuthResponse>().token }))).toEqual([]);
  });
});
