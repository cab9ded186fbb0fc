import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MerchantStatusResponse } from '@shop/shared';
import { eventually } from '../../../test-support/eventually.js';
import {
  admin,
  call,
  categoryId,
  ctx,
  fake,
  inserts,
  product,
  PUBLIC_URL,
  useMerchantShop,
} from '../../../test-support/merchant.js';
import { createSalmiya } from '../../../test-support/places.js';
import { auditLog, merchantSyncQueue } from '../../db/schema/index.js';
import { createGoogleMerchantClient } from '../../integrations/google-merchant/client.js';
import { createCategory } from '../../seed/factories.js';
import { createMerchantService } from './service.js';

/** Google Merchant's automatic sync: the shop's changes pushed to Google in the background. */

useMerchantShop();

/** Where the order of the stock test is shipped. */
let place: { countryId: number; governorateId: number; cityId: number };

beforeAll(async () => {
  const salmiya = await createSalmiya(ctx.database.db, 1_000);
  place = { countryId: salmiya.country, governorateId: salmiya.governorate, cityId: salmiya.city };
});

function deletes(offerId: string) {
  return fake.calls.filter((entry) => entry.operation === 'delete' && entry.offerId === offerId);
}

describe('background sync', () => {
  const setAutoSync = async (enabled: boolean) => {
    const reply = await call('PUT', '/api/google-merchant/auto-sync', { enabled }, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json() as MerchantStatusResponse).auto_sync).toBe(enabled);
  };

  /** Saves the product form in the back office (the admin's edit). */
  const editProduct = async (id: number, values: Record<string, unknown>) => {
    const reply = await call(
      'PUT',
      `/api/products/${id}`,
      { name: 'سبحة معدلة', price: '15', stock_quantity: '3', category_id: String(categoryId), status: 'published', ...values },
      { token: admin.token },
    );
    expect(reply.statusCode, reply.body).toBe(200);
  };

  it('with automatic sync off, an edit pushes nothing', async () => {
    const { id } = await product();
    await editProduct(id, { name: 'لن تُرسل' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(inserts(String(id))).toEqual([]);
    expect(await ctx.database.db.$count(merchantSyncQueue)).toBe(0);
  });

  it('turning it on is audited; a product edit reaches Google within seconds', async () => {
    await setAutoSync(true);
    const trail = await ctx.database.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'merchant_settings'), eq(auditLog.entity_id, 1)))
      .orderBy(asc(auditLog.id));
    expect(trail.at(-1)).toEqual({ action: 'update', changes: { auto_sync: { from: false, to: true } } });

    const { id } = await product();
    await editProduct(id, { name: 'سبحة بعد التعديل', price: '17.250' });
    const took = await eventually(() => {
      expect(fake.productInput(String(id))?.productAttributes).toMatchObject({
        title: 'سبحة بعد التعديل',
        price: { amountMicros: '17250000', currencyCode: 'KWD' },
        availability: 'IN_STOCK',
      });
    }, 5_000);
    expect(took).toBeLessThan(5_000);
    // The queue row goes once Google's answer is recorded, a moment after Google has the product.
    await eventually(async () => {
      const status = (await call('GET', '/api/google-merchant/status', undefined, { token: admin.token })).json() as MerchantStatusResponse;
      expect(status.sync_queue).toMatchObject({ pending: 0, failed: 0, last_error: null });
      expect(status.sync_queue.last_pushed_at).not.toBeNull();
    }, 2_000);
    const form = await call('GET', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
    expect(form.json().last_push).toMatchObject({ result: 'updated', source: 'auto' });
  });

  it('an order that takes the last piece, or is reopened to take it again, pushes the product as out of stock', async () => {
    const { id } = await product({ stock_quantity: 1 });
    await editProduct(id, { stock_quantity: '1' });
    await eventually(() => expect(fake.productInput(String(id))?.productAttributes.availability).toBe('IN_STOCK'), 5_000);
    const order = await call('POST', '/api/orders', {
      name: 'Shopper',
      email: 'shopper@example.com',
      phone: '+96560001234',
      shipping_address: 'Block 1',
      country_id: place.countryId,
      governorate_id: place.governorateId,
      city_id: place.cityId,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: id, quantity: 1 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    await eventually(() => expect(fake.productInput(String(id))?.productAttributes.availability).toBe('OUT_OF_STOCK'), 5_000);

    // Staff cancel the order: its piece is back on the shelf, and Google hears it is in stock.
    const orderId = (order.json() as { order: { id: number } }).order.id;
    const cancelled = await call('PUT', `/api/orders/${orderId}/status`, { status: 'cancelled' }, { token: admin.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await eventually(() => expect(fake.productInput(String(id))?.productAttributes.availability).toBe('IN_STOCK'), 5_000);

    // Staff reopen it: it takes the piece again, and Google hears the product is sold out again.
    const reopened = await call('PUT', `/api/orders/${orderId}/status`, { status: 'processing' }, { token: admin.token });
    expect(reopened.statusCode, reopened.body).toBe(200);
    await eventually(() => expect(fake.productInput(String(id))?.productAttributes.availability).toBe('OUT_OF_STOCK'), 5_000);
  });

  it('a product deleted in the back office is deleted from Google; a draft is withdrawn', async () => {
    const { id } = await product();
    await editProduct(id, {});
    await eventually(() => expect(fake.productInput(String(id))).toBeDefined(), 5_000);
    expect((await call('DELETE', `/api/products/${id}`, undefined, { token: admin.token })).statusCode).toBe(200);
    await eventually(() => {
      expect(deletes(String(id))).toHaveLength(1);
      expect(fake.productInput(String(id))).toBeUndefined();
    }, 5_000);

    const other = await product();
    await editProduct(other.id, {});
    await eventually(() => expect(fake.productInput(String(other.id))).toBeDefined(), 5_000);
    await editProduct(other.id, { status: 'draft' });
    await eventually(() => expect(fake.productInput(String(other.id))).toBeUndefined(), 5_000);
  });

  it('a category renamed, moved or deleted pushes the products below it with their new product type', async () => {
    await setAutoSync(true);
    const db = ctx.database.db;
    const top = await createCategory(db, { name: 'سبح طبيعية', slug: 'natural' });
    const middle = await createCategory(db, { name: 'أحجار', slug: 'stones', parent_id: top.id });
    const leaf = await createCategory(db, { name: 'فيروز', slug: 'turquoise', parent_id: middle.id });
    const inMiddle = await product({ category_id: middle.id });
    const inLeaf = await product({ category_id: leaf.id });
    const draft = await product({ category_id: leaf.id, status: 'draft' });
    const elsewhere = await product();
    const productTypes = (id: number) => fake.productInput(String(id))?.productAttributes.productTypes;
    const insertsOf = (id: number) => inserts(String(id)).length;

    // Renamed: both products below it, not the draft nor a product of another category.
    const before = { elsewhere: insertsOf(elsewhere.id), draft: insertsOf(draft.id) };
    const renamed = await call('PUT', `/api/categories/${middle.id}`, { name: 'أحجار كريمة' }, { token: admin.token });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(() => {
      expect(productTypes(inMiddle.id)).toEqual(['سبح طبيعية > أحجار كريمة']);
      expect(productTypes(inLeaf.id)).toEqual(['سبح طبيعية > أحجار كريمة > فيروز']);
    }, 5_000);

    // Moved to the top: the leaf's product only.
    const leafPushes = insertsOf(inLeaf.id);
    const middlePushes = insertsOf(inMiddle.id);
    const moved = await call('PUT', `/api/categories/${leaf.id}`, { parent_id: null }, { token: admin.token });
    expect(moved.statusCode, moved.body).toBe(200);
    await eventually(() => expect(productTypes(inLeaf.id)).toEqual(['فيروز']), 5_000);
    expect(insertsOf(inMiddle.id)).toBe(middlePushes);
    expect(insertsOf(inLeaf.id)).toBe(leafPushes + 1);

    // Deleted: its product is uncategorised, and a subcategory's product moves up a level.
    const moveBack = await call('PUT', `/api/categories/${leaf.id}`, { parent_id: middle.id }, { token: admin.token });
    expect(moveBack.statusCode, moveBack.body).toBe(200);
    await eventually(() => expect(productTypes(inLeaf.id)).toEqual(['سبح طبيعية > أحجار كريمة > فيروز']), 5_000);
    const deleted = await call('DELETE', `/api/categories/${middle.id}`, undefined, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await eventually(() => {
      expect(productTypes(inMiddle.id)).toBeUndefined();
      expect(fake.productInput(String(inMiddle.id))).toBeDefined();
      expect(productTypes(inLeaf.id)).toEqual(['سبح طبيعية > فيروز']);
    }, 5_000);
    expect({ elsewhere: insertsOf(elsewhere.id), draft: insertsOf(draft.id) }).toEqual(before);

    // A change that keeps every path (the description) pushes nothing.
    const pushes = inserts().length;
    const described = await call('PUT', `/api/categories/${leaf.id}`, { description: 'أحجار زرقاء' }, { token: admin.token });
    expect(described.statusCode, described.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inserts()).toHaveLength(pushes);
  });

  it('a refused product is kept as failed with the reason, shown in the status', async () => {
    const { id } = await product();
    fake.refuseOffer(String(id), 'product_attributes.title', 'Title too long');
    try {
      await editProduct(id, {});
      await eventually(async () => {
        const status = (await call('GET', '/api/google-merchant/status', undefined, { token: admin.token })).json() as MerchantStatusResponse;
        expect(status.sync_queue.failed).toBe(1);
        expect(status.sync_queue.last_error).toMatch(/^Google refused the field product_attributes\.title/);
      }, 5_000);
    } finally {
      fake.acceptOffer(String(id));
    }
  });

  it('several workers on one queue push each product once (claims skip locked rows)', async () => {
    await setAutoSync(true);
    const db = ctx.database.db;
    const services = ctx.app.services;
    const googleMerchant = ctx.config.googleMerchant!;
    // Two more processes' workers: their own client, the same database.
    const others = [1, 2].map(() =>
      createMerchantService({
        db,
        setup: { ...googleMerchant, clientEmail: googleMerchant.key.clientEmail },
        client: createGoogleMerchantClient({ ...googleMerchant }),
        defaults: ctx.config.googleMerchantSettings,
        publicUrl: PUBLIC_URL,
        catalogue: services.merchantCatalogue,
        getSettings: () => services.settings.getSettings(),
        events: services.events,
        log: ctx.app.log,
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await product({ name: `سبحة العاملين ${i}` })).id);
    await db.insert(merchantSyncQueue).values(ids.map((id) => ({ product_id: id, action: 'upsert' as const })));
    const before = inserts().length;
    await eventually(async () => {
      await Promise.all([services.merchant.syncOnce(), ...others.map((other) => other.syncOnce())]);
      expect(await db.$count(merchantSyncQueue, inArray(merchantSyncQueue.product_id, ids))).toBe(0);
    }, 10_000);
    const sent = inserts().slice(before).map((entry) => entry.offerId);
    expect(sent.sort()).toEqual(ids.map(String).sort());
  }, 60_000);

  it('turned off again: the queue is emptied and edits push nothing', async () => {
    await setAutoSync(false);
    expect(await ctx.database.db.$count(merchantSyncQueue)).toBe(0);
    const { id } = await product();
    await editProduct(id, {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(inserts(String(id))).toEqual([]);
  });
});
