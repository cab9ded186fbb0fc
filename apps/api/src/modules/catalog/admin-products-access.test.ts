import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import {
  admin,
  basics,
  call,
  ctx,
  customer,
  fx,
  moderator,
  useAdminProductsShop,
} from '../../../test-support/admin-products.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createProduct } from '../../seed/factories.js';

useAdminProductsShop();

// ---------- permissions ----------

describe('who may call the product routes', () => {
  it('asks for a token, refuses customers, lets moderators read only and admins write', async () => {
    const form = JSON.stringify(basics());
    const json = { 'content-type': 'application/json' };

    const guest = await call('POST', '/api/products', form, { headers: json });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('UNAUTHENTICATED');

    const asCustomer = await call('POST', '/api/products', form, {
      token: customer,
      headers: json,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('FORBIDDEN');

    const writes: Array<['POST' | 'PUT' | 'DELETE', string]> = [
      ['POST', '/api/products'],
      ['PUT', `/api/products/${fx.published}`],
      ['DELETE', `/api/products/${fx.published}`],
      ['DELETE', `/api/products/${fx.published}/images/1`],
      ['POST', `/api/products/${fx.published}/attributes`],
    ];
    for (const [method, url] of writes) {
      const reply = await call(method, url, method === 'DELETE' ? undefined : form, {
        token: moderator,
        ...(method === 'DELETE' ? {} : { headers: json }),
      });
      expect([method, url, reply.statusCode, reply.json().code]).toEqual([
        method,
        url,
        403,
        'FORBIDDEN',
      ]);
    }

    for (const url of [
      '/api/products?status=',
      `/api/products/${fx.draft}`,
      `/api/products/${fx.draft}/attributes`,
    ]) {
      expect([url, (await call('GET', url, undefined, { token: moderator })).statusCode]).toEqual([
        url,
        200,
      ]);
    }

    const created = await call('POST', '/api/products', form, {
      token: admin.token,
      headers: json,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().product).toMatchObject({
      name: 'سبحة جديدة',
      status: 'draft',
      price: 12.5,
    });
    // Still there for the other tests: nothing of it leaks to the public (it is a draft).
    await call('DELETE', `/api/products/${created.json().product.id}`, undefined, {
      token: admin.token,
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes the product writes with their permission', async () => {
    const reply = await call('GET', '/api/docs/json');
    expect(reply.statusCode).toBe(200);
    const paths = reply.json().paths as Record<string, Record<string, { description?: string }>>;
    for (const [route, method] of [
      ['/api/products', 'post'],
      ['/api/products/{id}', 'put'],
      ['/api/products/{id}', 'delete'],
      ['/api/products/{id}/images/{imageId}', 'delete'],
      ['/api/products/{id}/attributes', 'post'],
    ] as const) {
      expect([route, method, paths[route]?.[method]?.description]).toEqual([
        route,
        method,
        expect.stringContaining('`catalog.write`'),
      ]);
    }
  });
});

// ---------- staff reads ----------

describe('drafts in the product reads', () => {
  const ids = (reply: { json(): { products: Product[] } }) =>
    reply.json().products.map((product) => product.id);

  it('never shows a draft to the public, whatever status it sends', async () => {
    for (const query of ['', '?status=', '?status=draft', '?status=published']) {
      for (const token of [undefined, customer]) {
        const reply = await call('GET', `/api/products${query}`, undefined, token ? { token } : {});
        expect(reply.statusCode).toBe(200);
        expect(ids(reply)).toContain(fx.published);
        expect(ids(reply)).not.toContain(fx.draft);
        expect(reply.headers['cache-control']).toBe('public, max-age=60');
        expect(reply.headers.vary).toMatch(/authorization/i);
      }
    }
    expect((await call('GET', `/api/products/${fx.draft}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${fx.draft}/attributes`)).statusCode).toBe(404);
    const asCustomer = await call('GET', `/api/products/${fx.draft}`, undefined, {
      token: customer,
    });
    expect(asCustomer.statusCode).toBe(404);
    const search = await call('GET', `/api/products?status=&search=${encodeURIComponent('سرية')}`);
    expect(ids(search)).toEqual([]);
  });

  it('shows staff every status with status=, drafts with status=draft, never cached publicly', async () => {
    const every = await call('GET', '/api/products?status=&limit=100', undefined, {
      token: moderator,
    });
    expect(ids(every)).toEqual(expect.arrayContaining([fx.published, fx.draft]));
    expect(every.headers['cache-control']).toBe('private, no-store');
    expect(every.headers.etag).toBeUndefined();

    const drafts = await call('GET', '/api/products?status=draft&limit=100', undefined, {
      token: moderator,
    });
    expect(ids(drafts)).toContain(fx.draft);
    expect(drafts.json().products.every((product: Product) => product.status === 'draft')).toBe(
      true,
    );
    expect(drafts.json().pagination.total).toBe(drafts.json().products.length);

    const publishedOnly = await call('GET', '/api/products?status=published&limit=100', undefined, {
      token: admin.token,
    });
    expect(ids(publishedOnly)).toContain(fx.published);
    expect(ids(publishedOnly)).not.toContain(fx.draft);

    // Without status, staff get the storefront's list.
    const storefront = await call('GET', '/api/products?limit=100', undefined, {
      token: admin.token,
    });
    expect(ids(storefront)).not.toContain(fx.draft);
    expect(storefront.headers['cache-control']).toBe('private, no-store');

    const detail = await call('GET', `/api/products/${fx.draft}`, undefined, { token: moderator });
    expect(detail.json().product).toMatchObject({ id: fx.draft, status: 'draft' });
    expect(detail.headers['cache-control']).toBe('private, no-store');
    const attributes = await call('GET', `/api/products/${fx.draft}/attributes`, undefined, {
      token: moderator,
    });
    expect(attributes.json()).toEqual({ success: true, attributes: [] });
  });

  it('sorts by id both ways', async () => {
    const asc = ids(
      await call('GET', '/api/products?status=&sort=id&order=asc&limit=100', undefined, {
        token: admin.token,
      }),
    );
    const desc = ids(
      await call('GET', '/api/products?status=&sort=id&order=desc&limit=100', undefined, {
        token: admin.token,
      }),
    );
    expect(asc.length).toBeGreaterThanOrEqual(2);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
    // The public list sorts by id too (published only).
    const publicAsc = ids(await call('GET', '/api/products?sort=id&order=asc&limit=100'));
    expect(publicAsc).toEqual(asc.filter((id) => id !== fx.draft));
    expect((await call('GET', '/api/products?status=maybe')).statusCode).toBe(400);
  });

  it('lets staff search across every status', async () => {
    const search = encodeURIComponent('سرية');
    const found = await call('GET', `/api/products?status=&search=${search}`, undefined, {
      token: moderator,
    });
    expect(ids(found)).toEqual([fx.draft]);
    const draftsOnly = await call('GET', `/api/products?status=draft&search=${search}`, undefined, {
      token: moderator,
    });
    expect(ids(draftsOnly)).toEqual([fx.draft]);
  });

  it('finds a product by its English name and carries the English texts', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'سبحة كهرب',
      name_en: 'Baltic amber rosary',
      short_description_en: 'Warm honey colour',
      category_id: fx.beads,
    });
    const reply = await call('GET', `/api/products?search=${encodeURIComponent('baltic amber')}`);
    expect(ids(reply)).toEqual([product.id]);
    expect(reply.json().products[0]).toMatchObject({
      name_en: 'Baltic amber rosary',
      short_description_en: 'Warm honey colour',
      description_en: null,
    });
  });

  it('gives the cart line its English name', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'سبحة للسلة',
      name_en: 'Cart rosary',
      category_id: fx.beads,
    });
    const shopper = await signedInAs(ctx, 'customer');
    const added = await call(
      'POST',
      '/api/cart/add',
      { product_id: product.id, quantity: 1 },
      { token: shopper.token },
    );
    expect(added.statusCode).toBe(200);
    const cart = await call('GET', '/api/cart', undefined, { token: shopper.token });
    expect(cart.json().items[0]).toMatchObject({ name: 'سبحة للسلة', name_en: 'Cart rosary' });
  });
});
