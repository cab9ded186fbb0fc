import { beforeAll, describe, expect, it } from 'vitest';
import type { MerchantPickerProduct, MerchantProductForm } from '@shop/shared';
import {
  admin,
  call,
  fake,
  inserts,
  product,
  PUBLIC_URL,
  useMerchantShop,
} from '../../../test-support/merchant.js';

/** One product in the Google Merchant tab: found in the picker, its form prefilled, sent and deleted. */

useMerchantShop();

/** The form as the tab would send it after the picker's prefill. */
async function prefilled(id: number): Promise<MerchantProductForm> {
  const reply = await call('GET', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload as MerchantProductForm;
}

describe('the product picker and the prefilled form', () => {
  let amber: number;
  let draft: number;

  beforeAll(async () => {
    amber = (
      await product({ name: 'سبحة كهرمان بلطيقي', name_en: 'Baltic amber beads', sku: 'AMB-33', price: 12_500, sale_price: 9_900 })
    ).id;
    draft = (await product({ name: 'سبحة مسودة', status: 'draft', stock_quantity: 0 })).id;
  });

  it('finds products of every status by name in either language or by SKU, with their latest push', async () => {
    const byName = await call('GET', `/api/google-merchant/products?search=${encodeURIComponent('كهرمان')}`, undefined, { token: admin.token });
    expect(byName.statusCode).toBe(200);
    expect((byName.json().products as MerchantPickerProduct[]).map((row) => row.id)).toEqual([amber]);
    const byEnglish = await call('GET', '/api/google-merchant/products?search=baltic', undefined, { token: admin.token });
    expect((byEnglish.json().products as MerchantPickerProduct[]).map((row) => row.id)).toEqual([amber]);
    const bySku = await call('GET', '/api/google-merchant/products?search=amb-3', undefined, { token: admin.token });
    const [found] = bySku.json().products as MerchantPickerProduct[];
    expect(found).toMatchObject({
      id: amber,
      name: 'Baltic amber beads',
      sku: 'AMB-33',
      price: 12.5,
      status: 'published',
      featured_image: '/uploads/products/front.webp',
      last_push: null,
    });
    const drafts = await call('GET', `/api/google-merchant/products?search=${encodeURIComponent('مسودة')}`, undefined, { token: admin.token });
    expect(drafts.json().products[0]).toMatchObject({ id: draft, status: 'draft' });
    const page = await call('GET', '/api/google-merchant/products?limit=1&page=2', undefined, { token: admin.token });
    expect(page.json().pagination).toMatchObject({ page: 2, limit: 1 });
    expect(page.json().pagination.total).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/google-merchant/products?limit=101', undefined, { token: admin.token })).statusCode).toBe(400);
  });

  it('prefills the form from the product: Arabic texts, KWD with 3 decimals, absolute links, the store brand', async () => {
    const form = await prefilled(amber);
    expect(form).toEqual({
      productId: amber,
      title: 'سبحة كهرمان بلطيقي',
      description: '',
      price: '12.500',
      salePrice: '9.900',
      currency: 'KWD',
      link: `${PUBLIC_URL}/products/${amber}`,
      imageLink: `${PUBLIC_URL}/uploads/products/front.webp`,
      brand: 'متجر السبح',
      availability: 'in stock',
      condition: 'new',
      gtin: '',
      mpn: '',
      googleProductCategory: '',
      productType: 'مسابح > كهرمان',
    });
    expect((await prefilled(draft)).availability).toBe('out of stock');
    const missing = await call('GET', '/api/google-merchant/products/987654', undefined, { token: admin.token });
    expect(missing.statusCode).toBe(404);
  });
});

describe('update one', () => {
  it('sends the ProductInput Google v1 expects and keeps the owner’s fields for later pushes', async () => {
    const { id } = await product({ name: 'سبحة يسر', price: 25_000, sku: 'YUS-1' });
    const form = await prefilled(id);
    const reply = await call(
      'POST',
      '/api/google-merchant/products/update',
      { ...form, price: '25.750', salePrice: '19.5', gtin: '6281234567895', mpn: 'YUS-1', googleProductCategory: '5710', availability: 'preorder' },
      { token: admin.token },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      message: `Product ${id} was sent to Google Merchant`,
      product_id: id,
      last_push: { result: 'updated', source: 'manual', message: null },
    });
    expect(fake.productInput(String(id))).toEqual({
      offerId: String(id),
      contentLanguage: 'ar',
      feedLabel: 'KW',
      productAttributes: {
        title: 'سبحة يسر',
        link: `${PUBLIC_URL}/products/${id}`,
        imageLink: `${PUBLIC_URL}/uploads/products/front.webp`,
        additionalImageLinks: [`${PUBLIC_URL}/uploads/products/back.webp`],
        availability: 'PREORDER',
        condition: 'NEW',
        price: { amountMicros: '25750000', currencyCode: 'KWD' },
        salePrice: { amountMicros: '19500000', currencyCode: 'KWD' },
        brand: 'متجر السبح',
        gtins: ['6281234567895'],
        mpn: 'YUS-1',
        googleProductCategory: '5710',
        productTypes: ['مسابح > كهرمان'],
      },
    });
    // Saved: the next prefill (and update all) carries them.
    expect(await prefilled(id)).toMatchObject({ gtin: '6281234567895', mpn: 'YUS-1', googleProductCategory: '5710', brand: 'متجر السبح' });
  });

  it('says identifiers do not exist when there is neither a GTIN nor an MPN; USD has 2 decimals', async () => {
    const { id } = await product();
    const reply = await call(
      'POST',
      '/api/google-merchant/products/update',
      { ...(await prefilled(id)), currency: 'USD', price: '19.99', salePrice: '', brand: 'كهرمانة' },
      { token: admin.token },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(fake.productInput(String(id))?.productAttributes).toMatchObject({
      price: { amountMicros: '19990000', currencyCode: 'USD' },
      identifierExists: false,
      brand: 'كهرمانة',
      availability: 'IN_STOCK',
    });
    expect(fake.productInput(String(id))?.productAttributes.gtins).toBeUndefined();
    expect((await prefilled(id)).brand).toBe('كهرمانة');
  });

  it('refuses a form without product id, title or price with one message, in Arabic and English', async () => {
    const english = await call('POST', '/api/google-merchant/products/update', {}, { token: admin.token });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please fill the required fields: product id, title and price',
    });
    expect(english.json().details.map((detail: { field: string }) => detail.field)).toEqual(['productId', 'title', 'price']);
    const arabic = await call(
      'POST',
      '/api/google-merchant/products/update',
      { productId: 5, title: '   ', price: '', link: 'https://shop.example/p', imageLink: 'https://shop.example/i.webp' },
      { token: admin.token, lang: 'ar' },
    );
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toBe('يرجى تعبئة الحقول المطلوبة: رقم المنتج والعنوان والسعر');
    expect(arabic.json().details.map((detail: { field: string }) => detail.field)).toEqual(['title', 'price']);
  });

  it('refuses a bad GTIN, a sale price not below the price, too many decimals, a relative link, an unknown product', async () => {
    const { id } = await product();
    const form = await prefilled(id);
    const refusal = async (body: Record<string, unknown>, lang: 'ar' | 'en' = 'en') => {
      const reply = await call('POST', '/api/google-merchant/products/update', body, { token: admin.token, lang });
      expect(reply.statusCode, reply.body).toBe(400);
      return reply.json().details as Array<{ field: string; message: string }>;
    };
    expect(await refusal({ ...form, gtin: '6281234567890' })).toEqual([
      { field: 'gtin', message: 'The GTIN must be 8, 12, 13 or 14 digits with a valid check digit' },
    ]);
    expect(await refusal({ ...form, gtin: '12345' })).toEqual([
      { field: 'gtin', message: 'The GTIN must be 8, 12, 13 or 14 digits with a valid check digit' },
    ]);
    expect(await refusal({ ...form, price: '10', salePrice: '10' }, 'ar')).toEqual([
      { field: 'salePrice', message: 'سعر التخفيض يجب أن يكون أقل من السعر' },
    ]);
    expect(await refusal({ ...form, currency: 'EUR', price: '10.125' })).toEqual([
      { field: 'price', message: 'A price in EUR has at most 2 decimals' },
    ]);
    expect((await refusal({ ...form, link: '/products/1' }))[0]).toMatchObject({ field: 'link' });
    const unknown = await call('POST', '/api/google-merchant/products/update', { ...form, productId: 987654 }, { token: admin.token });
    expect(unknown.statusCode).toBe(404);
    expect(inserts(String(id))).toEqual([]);
  });

  it('Google’s refusal of a field is a 502 naming it, and is recorded as the product’s last push', async () => {
    const { id } = await product({ name: 'سبحة مرفوضة' });
    fake.refuseOffer(String(id), 'product_attributes.title', 'Title contains promotional text');
    try {
      const reply = await call('POST', '/api/google-merchant/products/update', await prefilled(id), { token: admin.token });
      expect(reply.statusCode).toBe(502);
      expect(reply.json().code).toBe('MERCHANT_FAILED');
      expect(reply.json().message).toMatch(/^Google refused the field product_attributes\.title: .*promotional text/);
      const picker = await call('GET', `/api/google-merchant/products?search=${encodeURIComponent('مرفوضة')}`, undefined, { token: admin.token, lang: 'ar' });
      expect(picker.json().products[0].last_push).toMatchObject({ result: 'failed', source: 'manual' });
      expect(picker.json().products[0].last_push.message).toMatch(/^رفضت Google الحقل product_attributes\.title/);
    } finally {
      fake.acceptOffer(String(id));
    }
  });
});

describe('delete', () => {
  it('removes a pushed product, then says it is not in Merchant Center', async () => {
    const { id } = await product();
    expect((await call('POST', '/api/google-merchant/products/update', await prefilled(id), { token: admin.token })).statusCode).toBe(200);
    expect(fake.productInput(String(id))).toBeDefined();
    const reply = await call('DELETE', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ message: `Product ${id} was deleted from Google Merchant`, product_id: id });
    expect(fake.productInput(String(id))).toBeUndefined();
    const form = await call('GET', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
    expect(form.json().last_push).toMatchObject({ result: 'deleted', source: 'manual' });

    const again = await call('DELETE', `/api/google-merchant/products/${id}`, undefined, { token: admin.token, lang: 'ar' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('هذا المنتج غير موجود في Merchant Center');
  });

  it('works for a product already deleted from the shop', async () => {
    const { id } = await product();
    expect((await call('POST', '/api/google-merchant/products/update', await prefilled(id), { token: admin.token })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/products/${id}`, undefined, { token: admin.token })).statusCode).toBe(200);
    const reply = await call('DELETE', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(fake.productInput(String(id))).toBeUndefined();
  });
});
