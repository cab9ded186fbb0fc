import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shop/shared';
import {
  admin,
  basics,
  call,
  ctx,
  exists,
  fx,
  send,
  useAdminProductsShop,
} from '../../../test-support/admin-products.js';
import { testPicture } from '../../../test-support/multipart.js';
import { cartItems, productImages } from '../../db/schema/index.js';
import { addCartItem, createCart, createOrder } from '../../seed/factories.js';
import { storedImageFiles } from '../media/index.js';

useAdminProductsShop();

// ---------- delete ----------

describe('deleting', () => {
  it('deletes a product, its files and cart lines; its orders keep their snapshot', async () => {
    const created = await send(
      'POST',
      '/api/products',
      { ...basics(), name: 'سبحة للحذف', status: 'published' },
      [{ name: 'a.png', type: 'image/png', data: await testPicture('png') }],
    );
    const product = created.json().product as AdminProduct;
    const filename = product.images[0]!.filename;
    const db = ctx.database.db;
    const cart = await createCart(db);
    await addCartItem(db, { cart_id: cart.id, product_id: product.id, quantity: 2 });
    const { order } = await createOrder(db, {}, [
      {
        product_id: product.id,
        product_name: 'سبحة للحذف',
        sku: 'DEL-1',
        unit_price: 12_500,
        quantity: 1,
      },
    ]);

    const reply = await call('DELETE', `/api/products/${product.id}`, undefined, {
      token: admin.token,
      lang: 'ar',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'تم حذف المنتج بنجاح' });

    expect(
      (await call('GET', `/api/products/${product.id}`, undefined, { token: admin.token }))
        .statusCode,
    ).toBe(404);
    for (const name of storedImageFiles(filename)) expect(await exists(name)).toBe(false);
    expect(await db.select().from(cartItems).where(eq(cartItems.cart_id, cart.id))).toEqual([]);
    expect(
      await db.select().from(productImages).where(eq(productImages.product_id, product.id)),
    ).toEqual([]);

    const orderReply = await call('GET', `/api/orders/${order.id}`, undefined, {
      token: admin.token,
    });
    expect(orderReply.statusCode).toBe(200);
    expect(orderReply.json().order.items).toEqual([
      expect.objectContaining({
        product_id: null,
        product_name: 'سبحة للحذف',
        sku: 'DEL-1',
        quantity: 1,
        price: 12.5,
      }),
    ]);

    const again = await call('DELETE', `/api/products/${product.id}`, undefined, {
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('removes one image and its files, only from its own product', async () => {
    const created = await send('POST', '/api/products', basics(), [
      { name: 'a.png', type: 'image/png', data: await testPicture('png', '#0a0') },
      { name: 'b.png', type: 'image/png', data: await testPicture('png', '#00a') },
    ]);
    const product = created.json().product as AdminProduct;
    const [first, second] = product.images;

    const elsewhere = await call(
      'DELETE',
      `/api/products/${fx.published}/images/${first!.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Image not found');
    expect(await exists(first!.filename)).toBe(true);

    const reply = await call(
      'DELETE',
      `/api/products/${product.id}/images/${first!.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().product.images.map((image: { id: number }) => image.id)).toEqual([
      second!.id,
    ]);
    expect(reply.json().product.featured_image).toBe(second!.url);
    for (const name of storedImageFiles(first!.filename)) expect(await exists(name)).toBe(false);
    expect(await exists(second!.filename)).toBe(true);
  });
});
