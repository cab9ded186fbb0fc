import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MerchantBulkResponse,
  MerchantBulkRun,
  MerchantPickerProduct,
  MerchantProductForm,
  MerchantStatusResponse,
} from '@shop/shared';
import { signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { eventually } from '../../../test-support/eventually.js';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, merchantBulkRuns, merchantSyncQueue } from '../../db/schema/index.js';
import { createGoogleMerchantClient } from '../../integrations/google-merchant/client.js';
import { createAuditService } from '../audit/service.js';
import { createMerchantService } from './service.js';
import {
  startFakeMerchant,
  type FakeMerchant,
} from '../../integrations/google-merchant/fake-merchant.js';
import {
  createCategory,
  createCity,
  createCountry,
  createGovernorate,
  createProduct,
  saveStoreSettings,
} from '../../seed/factories.js';

/**
 * The Google Merchant tab's API through the real HTTP app, its database, the real
 * v1 client and the test double of Google on loopback.
 */

let fake: FakeMerchant;
let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;
let categoryId: number;
let place: { countryId: number; governorateId: number; cityId: number };

const PUBLIC_URL = 'https://shop.example';

/** A published product with a picture, in the amber category. */
async function product(values: Parameters<typeof createProduct>[1] = {}) {
  const made = await createProduct(
    ctx.database.db,
    { category_id: categoryId, ...values },
    { images: ['front.webp', 'back.webp'] },
  );
  return made;
}

/** The form as the tab would send it after the picker's prefill. */
async function prefilled(id: number): Promise<MerchantProductForm> {
  const reply = await call('GET', `/api/google-merchant/products/${id}`, undefined, { token: admin.token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().payload as MerchantProductForm;
}

function inserts(offerId?: string) {
  return fake.calls.filter(
    (entry) => entry.operation === 'insert' && (offerId === undefined || entry.offerId === offerId),
  );
}

function deletes(offerId: string) {
  return fake.calls.filter((entry) => entry.operation === 'delete' && entry.offerId === offerId);
}

beforeAll(async () => {
  fake = await startFakeMerchant();
  ctx = await createTestApp({
    PUBLIC_URL,
    GOOGLE_MERCHANT_ACCOUNT_ID: fake.accountId,
    GOOGLE_MERCHANT_DATA_SOURCE: fake.dataSource,
    GOOGLE_MERCHANT_KEY_FILE: fake.keyFile,
    GOOGLE_MERCHANT_API_URL: fake.url,
    GOOGLE_MERCHANT_TIMEOUT_SECONDS: '5',
  });
  ({ admin, moderator, customer } = await signedInStaff(ctx));
  const db = ctx.database.db;
  await saveStoreSettings(db, { store_name: 'متجر السبح', currency: 'KWD' });
  const root = await createCategory(db, { name: 'مسابح', slug: 'beads' });
  categoryId = (await createCategory(db, { name: 'كهرمان', slug: 'amber', parent_id: root.id })).id;
  const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' });
  const governorate = await createGovernorate(db, { country_id: country.id, name_ar: 'حولي', name_en: 'Hawalli' });
  const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id, shipping_fee: 1_000 });
  place = { countryId: country.id, governorateId: governorate.id, cityId: city.id };
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('who may use the tab', () => {
  it('administrators only: anonymous 401, customer and moderator 403', async () => {
    const routes: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string]> = [
      ['GET', '/api/google-merchant/status'],
      ['PUT', '/api/google-merchant/auto-sync'],
      ['GET', '/api/google-merchant/test-connection'],
      ['GET', '/api/google-merchant/products'],
      ['GET', '/api/google-merchant/products/1'],
      ['POST', '/api/google-merchant/products/update'],
      ['GET', '/api/google-merchant/products/bulk-update'],
      ['POST', '/api/google-merchant/products/bulk-update'],
      ['DELETE', '/api/google-merchant/products/1'],
    ];
    for (const [method, url] of routes) {
      const body = method === 'PUT' || method === 'POST' ? {} : undefined;
      expect((await call(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await call(method, url, body, { token: customer.token });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      expect(asCustomer.json().code).toBe('FORBIDDEN');
      expect((await call(method, url, body, { token: moderator.token })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(fake.calls.filter((entry) => entry.operation !== 'token')).toEqual([]);
  });
});

describe('status and test connection', () => {
  it('the status says Merchant is configured, with the account, data source and feed links', async () => {
    const reply = await call('GET', '/api/google-merchant/status', undefined, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    const status = reply.json() as MerchantStatusResponse;
    expect(status).toMatchObject({
      configured: true,
      missing_variables: [],
      account_id: fake.accountId,
      data_source: fake.dataSource,
      content_language: 'ar',
      feed_label: 'KW',
      feed_urls: {
        ar: `${PUBLIC_URL}/feeds/google-merchant.xml`,
        en: `${PUBLIC_URL}/feeds/google-merchant.xml?lang=en`,
      },
      auto_sync: false,
      sync_queue: { pending: 0, failed: 0, last_error: null, last_pushed_at: null },
      bulk_run: null,
    });
  });

  it('names the account when Google answers', async () => {
    const reply = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      message: 'Connected to Merchant Center account متجر السبح (test double)',
      account: { name: `accounts/${fake.accountId}`, account_id: fake.accountId, account_name: 'متجر السبح (test double)' },
    });
    const arabic = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token, lang: 'ar' });
    expect(arabic.json().message).toBe('تم الاتصال بحساب Merchant Center: متجر السبح (test double)');
  });

  it('an unregistered Cloud project: the one-time registration to run', async () => {
    fake.mode = 'unregistered';
    try {
      const reply = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token });
      expect(reply.statusCode).toBe(502);
      expect(reply.json()).toMatchObject({
        success: false,
        code: 'MERCHANT_FAILED',
        message:
          'The Google Cloud project is not registered with this Merchant Center account: run the one-time developer registration (see README) and try again in 5 minutes',
      });
      const arabic = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token, lang: 'ar' });
      expect(arabic.json().message).toContain('مشروع Google Cloud غير مسجّل');
    } finally {
      fake.mode = 'ok';
    }
  });

  it('a service account that is not a user of the account: which to add where', async () => {
    fake.mode = 'not_user';
    try {
      const reply = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token });
      expect(reply.statusCode).toBe(502);
      expect(reply.json().message).toBe(
        `Add the service account ${fake.key.clientEmail} as a user of Merchant Center account ${fake.accountId}`,
      );
    } finally {
      fake.mode = 'ok';
    }
  });

  it('Google’s quota, an outage and no answer: what happened and to try again, with Google’s own words once', async () => {
    const testConnection = async (lang: 'ar' | 'en') => {
      const reply = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token, lang });
      expect(reply.statusCode, reply.body).toBe(502);
      expect(reply.json().code).toBe('MERCHANT_FAILED');
      return reply.json().message as string;
    };
    fake.retryAfterSeconds = 0;
    try {
      // Every try refused (the client tries four times): the limit, not a fault of the shop.
      fake.failNext('429', 8);
      expect(await testConnection('en')).toBe('Google’s request limit was reached: try again in a few minutes');
      expect(await testConnection('ar')).toBe('تم بلوغ حد الطلبات لدى Google: حاول مرة أخرى بعد بضع دقائق');
      fake.failNext('503', 4);
      expect(await testConnection('en')).toBe(
        'Google Merchant is not available right now (The service is currently unavailable.): try again later',
      );
      fake.failNext('500', 4);
      expect(await testConnection('ar')).toBe(
        'خدمة Google Merchant غير متاحة الآن (Internal error encountered.): حاول مرة أخرى لاحقاً',
      );
      // The timeout of this app is 5 seconds.
      fake.delayMs = 5_500;
      expect(await testConnection('en')).toBe('Google Merchant did not answer within 5 seconds: try again');
    } finally {
      fake.delayMs = 0;
      fake.retryAfterSeconds = 1;
      fake.failNext('429', 0);
    }
    expect((await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin.token })).statusCode).toBe(200);
  }, 60_000);
});

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

  it('an order that takes the last piece pushes the product as out of stock', async () => {
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
        audit: createAuditService(),
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
