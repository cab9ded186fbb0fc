import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsResponse } from '@shop/shared';
import { call, checkout, ctx, orderOf, postOrder, useOrdersShop } from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';

/**
 * Free delivery from an amount (issue 33, item 1): the store's threshold, set in the back office,
 * against the goods of an order (its subtotal after the discount), through the real HTTP app.
 * The fixture's city charges 1.500.
 */
useOrdersShop();

let admin: string;
let bead: number;

beforeAll(async () => {
  admin = (await signedInAs(ctx, 'admin')).token;
  bead = (await createProduct(ctx.database.db, { name: 'خرزة', price: 5_000, stock_quantity: 1_000 })).id;
});

async function setThreshold(value: string | null, lang: 'ar' | 'en' = 'en') {
  return call('POST', '/api/settings', { free_shipping_threshold: value }, { token: admin, lang });
}

async function place(quantity: number, extra: Record<string, unknown> = {}) {
  const reply = await postOrder(checkout([{ product_id: bead, quantity }], extra));
  expect(reply.statusCode, reply.body).toBe(201);
  return orderOf(reply.json());
}

describe('free delivery from an amount', () => {
  it('is off until the owner sets it: every order pays its city fee', async () => {
    const settings = (await call('GET', '/api/settings')).json<SettingsResponse>().settings;
    expect(settings.free_shipping_threshold).toBeNull();
    expect(await place(10)).toMatchObject({ subtotal: 50, shipping_amount: 1.5, total_amount: 51.5 });
  });

  it('charges below the threshold and not at or above it', async () => {
    const saved = await setThreshold('20');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SettingsResponse>().settings.free_shipping_threshold).toBe(20);
    expect((await call('GET', '/api/settings')).json<SettingsResponse>().settings.free_shipping_threshold).toBe(20);

    expect(await place(3)).toMatchObject({ subtotal: 15, shipping_amount: 1.5, total_amount: 16.5 });
    expect(await place(4)).toMatchObject({ subtotal: 20, shipping_amount: 0, total_amount: 20 });
    expect(await place(5)).toMatchObject({ subtotal: 25, shipping_amount: 0, total_amount: 25 });
  });

  it('counts the goods after the discount: a code can take an order back under the threshold', async () => {
    await setThreshold('20');
    await createPromoCode(ctx.database.db, { code: 'FREE10', discount_value: 10 });
    // 25.000 − 10 % = 22.500: still free.
    expect(await place(5, { promo_code: 'FREE10' })).toMatchObject({ discount_amount: 2.5, shipping_amount: 0, total_amount: 22.5 });
    // 20.000 − 10 % = 18.000: under 20, the fee is charged.
    expect(await place(4, { promo_code: 'FREE10' })).toMatchObject({ discount_amount: 2, shipping_amount: 1.5, total_amount: 19.5 });
  });

  it('is switched off by an empty field, and refuses 0, negatives, words and 4 decimals in the admin\'s language', async () => {
    await setThreshold('20');
    const off = await setThreshold('');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<SettingsResponse>().settings.free_shipping_threshold).toBeNull();
    expect(await place(10)).toMatchObject({ shipping_amount: 1.5 });

    for (const bad of ['0', '-5', 'عشرون', '12.3456']) {
      const reply = await setThreshold(bad, 'ar');
      expect(reply.statusCode, `${bad}: ${reply.body}`).toBe(400);
      expect(reply.json<{ details: Array<{ field: string; message: string }> }>().details).toEqual([
        { field: 'free_shipping_threshold', message: 'أدخل مبلغ التوصيل المجاني بالدينار، أكبر من صفر وبثلاث خانات عشرية على الأكثر، أو اتركه فارغاً لإيقافه' },
      ]);
    }
    expect((await call('GET', '/api/settings')).json<SettingsResponse>().settings.free_shipping_threshold).toBeNull();
  });
});
