import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-app.js';
import { merchantProducts, merchantSettings, merchantSyncQueue, products } from '../../db/schema/index.js';
import {
  GoogleMerchantError,
  type GoogleMerchantClient,
  type MerchantProductInput,
} from '../../integrations/google-merchant/types.js';
import { createProduct } from '../../seed/factories.js';
import { createMerchantCatalogue } from './catalogue.js';
import { createMerchantPusher } from './push.js';
import { createMerchantRecords } from './records.js';
import { createMerchantSync, type MerchantSync } from './sync.js';

/**
 * The background sync's queue on its own (the HTTP tests in merchant.test.ts go through the
 * real client and the double): coalescing, retries after growing delays then 'failed', a newer
 * change arriving while one is pushed, a claim whose process died.
 */

let database: TestDatabase;
const inserted: MerchantProductInput[] = [];
/** What the next inserts do: throw this error, or run this before answering. */
const plan: Array<Error | (() => Promise<void>)> = [];

const client: GoogleMerchantClient = {
  getAccount: () => Promise.resolve({ name: 'accounts/1', accountId: '1', accountName: 'test' }),
  async insertProductInput(input) {
    const step = plan.shift();
    if (step instanceof Error) throw step;
    if (step) await step();
    inserted.push(input);
    return { name: `accounts/1/productInputs/ar~KW~${input.offerId}` };
  },
  deleteProductInput: () => Promise.resolve(),
};

const context = { accountId: '1', dataSource: 'accounts/1/dataSources/2', clientEmail: 'sa@example.iam', timeoutMs: 1000 };
const RETRY_MS = [400, 500, 600];
let sync: MerchantSync;

async function queued(productId: number) {
  const [row] = await database.db.select().from(merchantSyncQueue).where(eq(merchantSyncQueue.product_id, productId));
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unavailable = () => new GoogleMerchantError('unavailable', 'Service Unavailable', { status: 503 });

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(merchantSettings).values({ id: 1, auto_sync: true });
  sync = createMerchantSync({
    db,
    pusher: createMerchantPusher({ client, target: { contentLanguage: 'ar', feedLabel: 'KW' }, context }),
    catalogue: createMerchantCatalogue(db, { publicUrl: 'https://shop.example' }),
    records: createMerchantRecords(db),
    storeDefaults: async () => ({ brand: 'متجر السبح', currency: 'KWD' }),
    log: { warn: () => undefined, error: () => undefined },
    retryDelaysMs: RETRY_MS,
  });
});
afterAll(() => database.destroy());
beforeEach(() => {
  inserted.length = 0;
  plan.length = 0;
});

describe('the queue', () => {
  it('keeps one row per product: a newer change replaces the waiting one', async () => {
    const { id } = await createProduct(database.db, {}, { images: ['a.webp'] });
    await sync.enqueue(database.db, id, 'upsert');
    await sync.enqueue(database.db, id, 'delete');
    await sync.enqueue(database.db, id, 'upsert');
    expect(await queued(id)).toMatchObject({ action: 'upsert', version: 3, attempts: 0, status: 'pending' });
    expect(await sync.runOnce()).toBe(1);
    expect(inserted.map((input) => input.offerId)).toEqual([String(id)]);
    expect(await queued(id)).toBeUndefined();
    const [record] = await database.db.select().from(merchantProducts).where(eq(merchantProducts.product_id, id));
    expect(record).toMatchObject({ last_push_result: 'updated', last_push_source: 'auto', last_push_notice: null });
  });

  it('queues nothing while automatic sync is off', async () => {
    const { id } = await createProduct(database.db, {}, { images: ['a.webp'] });
    await database.db.update(merchantSettings).set({ auto_sync: false });
    try {
      await sync.enqueue(database.db, id, 'upsert');
      expect(await queued(id)).toBeUndefined();
    } finally {
      await database.db.update(merchantSettings).set({ auto_sync: true });
    }
  });

  it('retries a failure after each delay, then keeps it as failed with the reason', async () => {
    const { id } = await createProduct(database.db, {}, { images: ['a.webp'] });
    await sync.enqueue(database.db, id, 'upsert');
    plan.push(unavailable(), unavailable(), unavailable(), unavailable());
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await sync.runOnce()).toBe(1);
      const row = await queued(id);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, claimed_until: null });
      expect(row!.last_error).toMatchObject({ key: 'merchant.error.unavailable' });
      // Not due before its delay.
      expect(await sync.runOnce()).toBe(0);
      await sleep(RETRY_MS[attempt - 1]! + 20);
    }
    expect(await sync.runOnce()).toBe(1);
    expect(await queued(id)).toMatchObject({ status: 'failed', attempts: 4 });
    await sleep(700);
    expect(await sync.runOnce()).toBe(0);
    expect(await sync.summary()).toMatchObject({
      failed: 1,
      last_error: { key: 'merchant.error.unavailable', params: expect.objectContaining({ detail: 'Service Unavailable' }) },
    });
    expect(inserted).toEqual([]);
    // An edit tries again from the start.
    await sync.enqueue(database.db, id, 'upsert');
    expect(await queued(id)).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(await sync.runOnce()).toBe(1);
    expect(await queued(id)).toBeUndefined();
  });

  it('does not retry what Google refused for the product itself', async () => {
    const { id } = await createProduct(database.db, {}, { images: ['a.webp'] });
    await sync.enqueue(database.db, id, 'upsert');
    plan.push(new GoogleMerchantError('invalid_field', 'Value too long', { status: 400, field: 'title' }));
    await sync.runOnce();
    expect(await queued(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: { key: 'merchant.error.invalid_field' } });
    await database.db.delete(merchantSyncQueue);
  });

  it('pushes again when the product changed while it was being pushed', async () => {
    const { id } = await createProduct(database.db, { name: 'قبل' }, { images: ['a.webp'] });
    await sync.enqueue(database.db, id, 'upsert');
    plan.push(async () => {
      await database.db.update(products).set({ name: 'بعد' }).where(eq(products.id, id));
      await sync.enqueue(database.db, id, 'upsert');
    });
    expect(await sync.runOnce()).toBe(1);
    expect(await queued(id)).toMatchObject({ version: 2, claimed_until: null, status: 'pending' });
    expect(await sync.runOnce()).toBe(1);
    expect(inserted.map((input) => input.productAttributes.title)).toEqual(['قبل', 'بعد']);
    expect(await queued(id)).toBeUndefined();
  });

  it('takes over a row whose claim expired (its process died), not one still claimed', async () => {
    const { id } = await createProduct(database.db, {}, { images: ['a.webp'] });
    await sync.enqueue(database.db, id, 'upsert');
    await database.db
      .update(merchantSyncQueue)
      .set({ claimed_until: new Date(Date.now() + 60_000) })
      .where(eq(merchantSyncQueue.product_id, id));
    expect(await sync.runOnce()).toBe(0);
    await database.db
      .update(merchantSyncQueue)
      .set({ claimed_until: new Date(Date.now() - 1_000) })
      .where(eq(merchantSyncQueue.product_id, id));
    expect(await sync.runOnce()).toBe(1);
    expect(inserted.map((input) => input.offerId)).toEqual([String(id)]);
  });
});

