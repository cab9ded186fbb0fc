import { describe, expect, it } from 'vitest';
import type { MerchantProductForm } from '@shop/shared';
import { saveStoreSettings } from '../../seed/factories.js';
import { admin, call, ctx, fake, product, PUBLIC_URL, useMerchantShop } from '../../../test-support/merchant.js';

/** Pushes to an English data source: English texts, the /en product pages and the English store name. */

useMerchantShop({ GOOGLE_MERCHANT_CONTENT_LANGUAGE: 'en' });

async function saveStoreNames(store_name: string, store_name_en: string | null) {
  await saveStoreSettings(ctx.database.db, { store_name, store_name_en, currency: 'KWD' });
  ctx.app.services.changes.publish('settings');
}

async function prefilled(id: number): Promise<MerchantProductForm> {
  const reply = await call('GET', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload as MerchantProductForm;
}

describe('pushes in English', () => {
  it('prefill and send the /en product page, the English title and the English store name as brand', async () => {
    await saveStoreNames('متجر السبح', 'Misbaha Kuwait');
    const { id } = await product({ name: 'سبحة كهرمان', name_en: 'Amber beads', price: 12_500 });
    const form = await prefilled(id);
    expect(form).toMatchObject({ title: 'Amber beads', link: `${PUBLIC_URL}/en/products/${id}`, brand: 'Misbaha Kuwait' });

    const reply = await call('POST', '/api/google-merchant/products/update', form, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(fake.productInput(String(id), 'en')).toMatchObject({
      contentLanguage: 'en',
      productAttributes: { title: 'Amber beads', link: `${PUBLIC_URL}/en/products/${id}`, brand: 'Misbaha Kuwait' },
    });
  });

  it('fall back to the Arabic store name as brand only when the shop has no English one', async () => {
    await saveStoreNames('متجر السبح', null);
    const { id } = await product({ name: 'سبحة خشب', name_en: 'Wood beads' });
    expect(await prefilled(id)).toMatchObject({ link: `${PUBLIC_URL}/en/products/${id}`, brand: 'متجر السبح' });
  });
});
