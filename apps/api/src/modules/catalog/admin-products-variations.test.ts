import { describe, expect, it } from 'vitest';
import { admin, call, ctx, fx, useAdminProductsShop } from '../../../test-support/admin-products.js';
import { createProduct } from '../../seed/factories.js';

useAdminProductsShop();

// ---------- variations ----------

describe("a product's variations", () => {
  it('replaces the links through POST /products/:id/attributes', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'بخيارات',
      category_id: fx.beads,
    });
    const reply = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: fx.color.red, price: 2.5, is_required: false, sort_order: 0 },
          { attribute_variation_id: fx.length.short, price: 0, is_required: false, sort_order: 1 },
        ],
      },
      { token: admin.token },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().attributes).toEqual([
      {
        id: fx.color.attribute,
        name: 'اللون',
        name_en: null,
        variations: [{ id: fx.color.red, title: 'أحمر', title_en: null, additional_price: 2.5 }],
      },
      {
        id: fx.length.attribute,
        name: 'الطول',
        name_en: null,
        variations: [{ id: fx.length.short, title: '33 حبة', title_en: null, additional_price: 0 }],
      },
    ]);

    const replaced = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      { attributes: [{ attribute_variation_id: fx.color.black, price: '0.75' }] },
      { token: admin.token },
    );
    expect(replaced.json().attributes).toEqual([
      {
        id: fx.color.attribute,
        name: 'اللون',
        name_en: null,
        variations: [{ id: fx.color.black, title: 'أسود', title_en: null, additional_price: 0.75 }],
      },
    ]);
    const publicView = await call('GET', `/api/products/${product.id}/attributes`);
    expect(publicView.json().attributes).toEqual(replaced.json().attributes);

    const unknown = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: 987654, price: 1 },
          { attribute_variation_id: fx.color.black, price: -1 },
        ],
      },
      { token: admin.token },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      {
        field: 'attributes.1.price',
        message: 'The option price must be a number of 0 or more with at most 3 decimals',
      },
    ]);
    const notFound = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: 987654, price: 1 },
          { attribute_variation_id: 987654, price: 1 },
        ],
      },
      { token: admin.token },
    );
    expect(notFound.json().details).toEqual([
      {
        field: 'attributes.0.attribute_variation_id',
        message: 'This attribute value does not exist',
      },
      {
        field: 'attributes.1.attribute_variation_id',
        message: 'This attribute value does not exist',
      },
    ]);
    const twice = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: fx.color.red, price: 1 },
          { attribute_variation_id: fx.color.red, price: 2 },
        ],
      },
      { token: admin.token },
    );
    expect(twice.json().details).toEqual([
      {
        field: 'attributes.1.attribute_variation_id',
        message: 'This value is listed more than once',
      },
    ]);
    // The refused calls changed nothing.
    expect((await call('GET', `/api/products/${product.id}/attributes`)).json().attributes).toEqual(
      replaced.json().attributes,
    );
    const missing = await call(
      'POST',
      '/api/products/987654/attributes',
      { attributes: [] },
      { token: admin.token },
    );
    expect(missing.statusCode).toBe(404);
  });
});
