import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartSender, signedInStaff, type SignedIn } from '../../test-support/admin-forms.js';
import { apiCaller } from '../../test-support/http.js';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { createCategory, createProduct } from '../seed/factories.js';

/**
 * Decision 070: a page for everyone writes the kept markup of its same-for-everyone parts (the
 * product cards, the header's menus); the page is byte for byte the one its components render.
 */

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
const send = multipartSender(call, () => staff.admin.token);
let staff: { admin: SignedIn };
let product: { id: number };
let category: { id: number };

beforeAll(async () => {
  // Every page rendered afresh, every API reply asked again: only the markup is kept.
  ctx = await createTestWebApp({ PAGE_CACHE_SECONDS: '0', CATALOG_CACHE_SECONDS: '0' });
  staff = await signedInStaff(ctx);
  category = await createCategory(ctx.database.db, { name: 'سبح الكهرمان' });
  product = await createProduct(ctx.database.db, {
    name: 'سبحة كهرمان للبطاقة',
    price: 18_500,
    category_id: category.id,
  });
});
afterAll(async () => {
  await ctx.close();
});

/** A page's HTML without its per-request nonce (from `app`, the first test app by default). */
async function page(url: string, app = ctx.app): Promise<string> {
  const reply = await app.inject({ url });
  expect(reply.statusCode).toBe(200);
  return reply.body.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/"nonce":"[^"]*"/g, '');
}

describe('the kept markup of pages for everyone', () => {
  it('makes the same page as the first rendering, in both languages, with no capture mark', async () => {
    for (const url of [
      '/products',
      '/en/products',
      '/',
      '/categories',
      '/en/categories',
      `/products/${product.id}`,
    ]) {
      const first = await page(url);
      const again = await page(url);
      expect(again).toBe(first);
      expect(first).not.toContain('data-same-markup');
    }
    expect(await page('/products')).toContain('سبحة كهرمان للبطاقة');
  });

  it('shows a product’s new price at once: the card is kept under what it is made of', async () => {
    expect(await page('/products')).toContain('18.500');
    const saved = await send('PUT', `/api/products/${product.id}`, {
      name: 'سبحة كهرمان للبطاقة',
      price: '21.750',
      stock_quantity: '4',
      category_id: String(category.id),
    });
    expect(saved.statusCode).toBe(200);
    const after = await page('/products');
    expect(after).toContain('21.750');
    expect(after).not.toContain('18.500');
  });

  it('gives each product page its own details, whichever was rendered before it', async () => {
    const other = await createProduct(ctx.database.db, {
      name: 'سبحة يسر للتفاصيل',
      price: 7_250,
      category_id: (await createCategory(ctx.database.db, { name: 'سبح أخرى' })).id,
    });
    await page(`/products/${product.id}`);
    const second = await page(`/products/${other.id}`);
    // The details column, from the name to the add-to-cart hint (the related cards may name the other).
    const details = second.slice(second.indexOf('<h1'), second.indexOf('id="add-to-cart-hint"'));
    expect(details).toContain('سبحة يسر للتفاصيل');
    expect(details).toContain('7.250');
    expect(details).not.toContain('سبحة كهرمان للبطاقة');
    expect(details).not.toContain('21.750');
  });

  it('marks the header link of the page being shown, page after page', async () => {
    const list = await page('/products');
    const categories = await page('/categories');
    const current = (html: string) =>
      [
        ...html.matchAll(
          /aria-current="page"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*aria-current="page"/g,
        ),
      ].map((match) => match[1] ?? match[2]);
    expect(current(list)).toContain('/products');
    expect(current(list)).not.toContain('/categories');
    expect(current(categories)).toContain('/categories');
    expect(current(categories)).not.toContain('/products');
  });
});

describe('the kept markup of parts made of the kept replies', () => {
  // The API's public replies kept (page-reads.ts): the shell's settings and links are the same
  // frozen values on every page, and the footer is kept under their names (sharedValueId).
  let kept: TestContext;
  const callKept = apiCaller(() => kept.app);
  let admin: SignedIn;

  beforeAll(async () => {
    kept = await createTestWebApp({ PAGE_CACHE_SECONDS: '0' });
    admin = (await signedInStaff(kept)).admin;
  });
  afterAll(async () => {
    await kept.close();
  });

  const keptPage = (url: string) => page(url, kept.app);
  const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));

  it('writes the same footer again, and the new one as soon as the settings change', async () => {
    const saved = await callKept(
      'POST',
      '/api/settings',
      { email: 'first@shop.test' },
      { token: admin.token },
    );
    expect(saved.statusCode).toBe(200);
    const first = await keptPage('/');
    expect(footerOf(first)).toContain('first@shop.test');
    expect(await keptPage('/')).toBe(first);
    expect(footerOf(await keptPage('/en'))).toContain('first@shop.test');

    const changed = await callKept(
      'POST',
      '/api/settings',
      { email: 'second@shop.test' },
      { token: admin.token },
    );
    expect(changed.statusCode).toBe(200);
    const after = footerOf(await keptPage('/'));
    expect(after).toContain('second@shop.test');
    expect(after).not.toContain('first@shop.test');
  });

  it("shows a product's new price on its card and its page at once", async () => {
    const sendKept = multipartSender(callKept, () => admin.token);
    const shelf = await createCategory(kept.database.db, { name: 'سبح الرف' });
    const bead = await createProduct(kept.database.db, {
      name: 'سبحة الرف',
      price: 9_250,
      category_id: shelf.id,
    });
    expect(await keptPage('/products')).toContain('9.250');
    expect(await keptPage(`/products/${bead.id}`)).toContain('9.250');
    expect(await keptPage('/products')).toContain('9.250');
    const saved = await sendKept('PUT', `/api/products/${bead.id}`, {
      name: 'سبحة الرف',
      price: '11.500',
      stock_quantity: '4',
      category_id: String(shelf.id),
    });
    expect(saved.statusCode).toBe(200);
    for (const url of ['/products', `/products/${bead.id}`]) {
      const after = await keptPage(url);
      expect(after, url).toContain('11.500');
      expect(after, url).not.toContain('9.250');
    }
  });

  it("keeps the home page's grids of shared cards whole, and shows a new price in them at once", async () => {
    const sendKept = multipartSender(callKept, () => admin.token);
    const shelf = await createCategory(kept.database.db, { name: 'سبح الواجهة' });
    const featured = await createProduct(kept.database.db, {
      name: 'سبحة الواجهة المميزة',
      price: 14_250,
      featured: true,
      category_id: shelf.id,
    });
    await createProduct(kept.database.db, {
      name: 'سبحة الواجهة الجديدة',
      price: 6_750,
      category_id: shelf.id,
    });
    const first = await keptPage('/');
    expect(first).toContain('سبحة الواجهة المميزة');
    expect(first).toContain('سبحة الواجهة الجديدة');
    // The grids written from what was kept are the grids the cards render.
    expect(await keptPage('/')).toBe(first);
    expect(await keptPage('/')).toBe(first);

    const saved = await sendKept('PUT', `/api/products/${featured.id}`, {
      name: 'سبحة الواجهة المميزة',
      price: '15.500',
      stock_quantity: '4',
      category_id: String(shelf.id),
      featured: 'true',
    });
    expect(saved.statusCode).toBe(200);
    const after = await keptPage('/');
    expect(after).toContain('15.500');
    expect(after).not.toContain('14.250');
    expect(after).toContain('سبحة الواجهة الجديدة');
  });
});
