import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartSender, signedInStaff, type SignedIn } from '../../test-support/admin-forms.js';
import { apiCaller } from '../../test-support/http.js';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { createCategory, createProduct } from '../seed/factories.js';

/**
 * Decision 068: pages for everyone reuse the public API replies they are made of, until the shop
 * changes; a shopper's own pages always ask.
 */

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
const send = multipartSender(call, () => staff.admin.token);
let staff: { admin: SignedIn; customer: SignedIn };
let product: { id: number };
let category: { id: number };

beforeAll(async () => {
  // Every page rendered afresh (no page cache), the listings kept.
  ctx = await createTestWebApp({ PAGE_CACHE_SECONDS: '0', CATALOG_CACHE_SECONDS: '60' });
  staff = await signedInStaff(ctx);
  category = await createCategory(ctx.database.db, { name: 'سبح اليسر' });
  product = await createProduct(ctx.database.db, {
    name: 'سبحة القراءات المحفوظة',
    category_id: category.id,
  });
});
afterAll(async () => {
  await ctx.close();
});

/** The page's HTML and the API requests its rendering made in-process. */
async function rendered(url: string, headers: Record<string, string> = {}) {
  const inject = vi.spyOn(ctx.app, 'inject');
  try {
    const page = await ctx.app.inject({ url, headers });
    // inject's overloads leave its recorded arguments untyped: each call's first is its options.
    const apiCalls = (inject.mock.calls as unknown[][]).filter(([options]) =>
      String((options as { url?: unknown } | undefined)?.url).startsWith('/api/'),
    );
    return { page, apiCalls: apiCalls.length };
  } finally {
    inject.mockRestore();
  }
}

describe('the API replies of pages for everyone', () => {
  it('are asked once, then reused by the next rendering of any page that needs them', async () => {
    const first = await rendered(`/products/${product.id}`);
    expect(first.page.statusCode).toBe(200);
    expect(first.apiCalls).toBeGreaterThan(3);
    const again = await rendered(`/products/${product.id}`);
    expect(again.page.body).toContain('سبحة القراءات المحفوظة');
    expect(again.apiCalls).toBe(0);
    // Another page shares the shell's replies (settings, footer, categories).
    const list = await rendered('/products');
    expect(list.apiCalls).toBeLessThan(first.apiCalls);
    // The English page asks in English.
    expect((await rendered(`/en/products/${product.id}`)).apiCalls).toBeGreaterThan(0);
  });

  it('are forgotten when the product changes in the back office', async () => {
    await rendered(`/products/${product.id}`);
    const saved = await send('PUT', `/api/products/${product.id}`, {
      name: 'سبحة بعد تعديل القراءات',
      price: '12.5',
      stock_quantity: '4',
      category_id: String(category.id),
    });
    expect(saved.statusCode).toBe(200);
    const after = await rendered(`/products/${product.id}`);
    expect(after.apiCalls).toBeGreaterThan(0);
    expect(after.page.body).toContain('سبحة بعد تعديل القراءات');
  });

  it("are never used for a shopper's own page", async () => {
    const profile = await call('GET', '/api/auth/profile', undefined, {
      token: staff.customer.token,
    });
    const session = profile.cookies.find((item) => item.name.includes('session'))!;
    const cookie = `${session.name}=${session.value}`;
    await rendered('/cart', { cookie });
    const again = await rendered('/cart', { cookie });
    expect(again.page.statusCode).toBe(200);
    expect(again.apiCalls).toBeGreaterThan(0);
  });
});
