import { describe, expect, it } from 'vitest';
import type { MerchantBulkResponse, MerchantBulkRun } from '@shop/shared';
import { eventually } from '../../../test-support/eventually.js';
import { admin, call, ctx, fake, inserts, product, useMerchantShop } from '../../../test-support/merchant.js';
import { merchantBulkRuns, merchantSyncQueue } from '../../db/schema/index.js';

/** The Google Merchant tab's "update all": every published product sent, a run at a time. */

useMerchantShop();

describe('update all', () => {
  it('sends every published product a few at a time, counts the refusals with their reasons, shows progress and refuses a second run', async () => {
    const db = ctx.database.db;
    const made: number[] = [];
    for (let i = 0; i < 150; i += 1) made.push((await product({ name: `سبحة رقم ${i}`, price: 1_000 + i })).id);
    await product({ name: 'مسودة لا تُرسل', status: 'draft' });
    const refused = [made[10]!, made[75]!, made[149]!];
    for (const id of refused) fake.refuseOffer(String(id), 'product_attributes.image_link', 'Image too small');
    const published = await ctx.app.services.merchantCatalogue.publishedCount();
    expect(published).toBeGreaterThanOrEqual(150);
    const insertsBefore = inserts().length;

    fake.delayMs = 15;
    let result: Awaited<ReturnType<typeof call>>;
    try {
      const running = call('POST', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token });
      // Progress is visible while it runs, and survives in GET (a reloaded page).
      const seen: MerchantBulkRun[] = [];
      await eventually(async () => {
        const reply = await call('GET', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token });
        const run = reply.json().run as MerchantBulkRun;
        seen.push(run);
        expect(run.status).toBe('running');
        expect(run.processed).toBeGreaterThan(0);
        expect(run.processed).toBeLessThan(run.total);
      }, 20_000);
      expect(seen.at(-1)!.total).toBe(published);

      const second = await call('POST', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token, lang: 'ar' });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'CONFLICT', message: 'تحديث جميع المنتجات جارٍ بالفعل، انتظر حتى ينتهي' });
      result = await running;
    } finally {
      fake.delayMs = 0;
    }

    expect(result.statusCode, result.body).toBe(200);
    const body = result.json() as MerchantBulkResponse;
    expect(body.data).toEqual({ successful: published - 3, failed: 3, total: published });
    expect(body.message).toBe(`Updated ${published - 3} of ${published} products`);
    expect(body.run).toMatchObject({ status: 'finished', processed: published, error: null });
    expect(body.run.failures.map((failure) => failure.product_id).sort((a, b) => a - b)).toEqual(refused);
    expect(body.run.failures[0]!.reason).toMatch(/^Google refused the field product_attributes\.image_link: .*Image too small/);
    expect(body.run.failures[0]!.product_name).toMatch(/^سبحة رقم /);
    // One insert per published product (the draft is not sent), none twice.
    const sent = inserts().slice(insertsBefore);
    expect(sent).toHaveLength(published);
    expect(new Set(sent.map((entry) => entry.offerId)).size).toBe(published);
    expect(fake.productInput(String(made[0]))?.productAttributes.price).toEqual({ amountMicros: '1000000', currencyCode: 'KWD' });

    const after = await call('GET', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token, lang: 'ar' });
    expect(after.json().run).toMatchObject({ id: body.run.id, status: 'finished', successful: published - 3, failed: 3 });
    expect(after.json().run.failures[0].reason).toMatch(/^رفضت Google الحقل/);
    const form = await call('GET', `/api/google-merchant/products/${made[1]}`, undefined, { token: admin.token });
    expect(form.json().last_push).toMatchObject({ result: 'updated', source: 'bulk' });
    for (const id of refused) fake.acceptOffer(String(id));
    expect(await db.$count(merchantSyncQueue)).toBe(0);
  }, 120_000);

  it('stops at once when Google refuses the account, with the reason', async () => {
    fake.mode = 'unregistered';
    try {
      const reply = await call('POST', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token });
      expect(reply.statusCode).toBe(502);
      expect(reply.json().message).toContain('not registered with this Merchant Center account');
      const run = (await call('GET', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token })).json()
        .run as MerchantBulkRun;
      expect(run.status).toBe('failed');
      expect(run.error).toContain('developer registration');
      expect(run.processed).toBeLessThan(10);
    } finally {
      fake.mode = 'ok';
    }
  });
});

describe('an update all whose process died', () => {
  it('is marked failed when its heartbeat stopped, and a new run may start', async () => {
    const db = ctx.database.db;
    const [dead] = await db
      .insert(merchantBulkRuns)
      .values({ total: 40, processed: 12, successful: 12, heartbeat_at: new Date(Date.now() - 10 * 60_000) })
      .returning();
    const reply = await call('GET', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token });
    expect(reply.json().run).toMatchObject({
      id: dead!.id,
      status: 'failed',
      processed: 12,
      error: 'Update all stopped before it finished (the server restarted); you can run it again',
    });
    expect(reply.json().run.finished_at).not.toBeNull();
    const again = await call('POST', '/api/google-merchant/products/bulk-update', undefined, { token: admin.token });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().run.id).toBeGreaterThan(dead!.id);
  }, 60_000);
});
