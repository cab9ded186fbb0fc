import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantStatusResponse } from '@shop/shared';
import { signedInAs } from '../../../test-support/staff.js';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { startFakeMerchant, type FakeMerchant } from '../../integrations/google-merchant/fake-merchant.js';
import { merchantSettings, merchantSyncQueue } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';

/**
 * Google Merchant's tab when it cannot work: no GOOGLE_MERCHANT_* variables (every route but the
 * status says so, never a fake success), and a key Google refuses.
 */

/** A product payload Google would take, but for its productId. */
const validPayload = () => ({
  title: 'سبحة',
  price: '1.000',
  link: 'https://shop.example/products/1',
  imageLink: 'https://shop.example/uploads/products/1.webp',
});

describe('without the GOOGLE_MERCHANT_* variables', () => {
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let admin: string;
  let productId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    admin = (await signedInAs(ctx, 'admin')).token;
    productId = (await createProduct(ctx.database.db)).id;
  });
  afterAll(() => ctx.close());

  it('the status says what is missing and still gives the feed, which needs no credentials', async () => {
    const reply = await call('GET', '/api/google-merchant/status', undefined, { token: admin });
    expect(reply.statusCode).toBe(200);
    expect(reply.json() as MerchantStatusResponse).toEqual({
      success: true,
      configured: false,
      missing_variables: ['GOOGLE_MERCHANT_ACCOUNT_ID', 'GOOGLE_MERCHANT_DATA_SOURCE', 'GOOGLE_MERCHANT_KEY_FILE'],
      account_id: null,
      data_source: null,
      content_language: 'ar',
      feed_label: 'KW',
      feed_urls: {
        ar: 'https://shop.example/feeds/google-merchant.xml',
        en: 'https://shop.example/feeds/google-merchant.xml?lang=en',
      },
      auto_sync: false,
      sync_queue: { pending: 0, failed: 0, last_error: null, last_pushed_at: null },
      bulk_run: null,
    });
  });

  it('every other route answers 503 MERCHANT_NOT_CONFIGURED naming the variables, once its input is valid', async () => {
    const routes: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown]> = [
      ['PUT', '/api/google-merchant/auto-sync', { enabled: true }],
      ['GET', '/api/google-merchant/test-connection', undefined],
      ['GET', '/api/google-merchant/products', undefined],
      ['GET', `/api/google-merchant/products/${productId}`, undefined],
      ['POST', '/api/google-merchant/products/update', { ...validPayload(), productId }],
      ['GET', '/api/google-merchant/products/bulk-update', undefined],
      ['POST', '/api/google-merchant/products/bulk-update', undefined],
      ['DELETE', `/api/google-merchant/products/${productId}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      const reply = await call(method, url, body as never, { token: admin });
      expect(reply.statusCode, `${method} ${url}`).toBe(503);
      expect(reply.json(), `${method} ${url}`).toEqual({
        success: false,
        code: 'MERCHANT_NOT_CONFIGURED',
        message:
          'Google Merchant is not configured: set GOOGLE_MERCHANT_ACCOUNT_ID, GOOGLE_MERCHANT_DATA_SOURCE and GOOGLE_MERCHANT_KEY_FILE',
      });
    }
    const arabic = await call('GET', '/api/google-merchant/test-connection', undefined, { token: admin, lang: 'ar' });
    expect(arabic.json().message).toMatch(/^لم يتم إعداد Google Merchant/);
  });

  it('checks the input first: a bad request is 400 whatever the configuration', async () => {
    const routes: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown, string[]]> = [
      ['POST', '/api/google-merchant/products/update', { productId, price: '1.000' }, ['title']],
      ['POST', '/api/google-merchant/products/update', {}, ['productId', 'title', 'price']],
      ['POST', '/api/google-merchant/products/update', { ...validPayload(), productId, link: 'not a url' }, ['link']],
      ['PUT', '/api/google-merchant/auto-sync', { enabled: 'yes' }, ['enabled']],
      ['GET', '/api/google-merchant/products?page=0', undefined, ['page']],
      ['GET', '/api/google-merchant/products/abc', undefined, ['id']],
      ['DELETE', '/api/google-merchant/products/0', undefined, ['id']],
    ];
    for (const [method, url, body, fields] of routes) {
      const reply = await call(method, url, body as never, { token: admin });
      expect(reply.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_ERROR');
      expect(reply.json().details.map((detail: { field: string }) => detail.field).sort()).toEqual([...fields].sort());
    }
    const missingTitle = await call('POST', '/api/google-merchant/products/update', { productId, price: '1.000' }, { token: admin });
    expect(missingTitle.json().message).toBe('Please fill the required fields: product id, title and price');
  });

  it('an admin’s product edits queue nothing, even with automatic sync left on from before', async () => {
    const db = ctx.database.db;
    await db.insert(merchantSettings).values({ id: 1, auto_sync: true });
    const category = await createCategory(db);
    const reply = await call(
      'PUT',
      `/api/products/${productId}`,
      { name: 'سبحة', price: '3', stock_quantity: '1', category_id: String(category.id), status: 'published' },
      { token: admin },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await db.$count(merchantSyncQueue)).toBe(0);
  });
});

describe('with a key Google does not know', () => {
  let fake: FakeMerchant;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let keyDir: string;

  beforeAll(async () => {
    fake = await startFakeMerchant();
    // The double's account and token endpoint, but another private key than the one it trusts.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const genuine = JSON.parse(await fs.readFile(fake.keyFile, 'utf8')) as Record<string, unknown>;
    keyDir = path.join(os.tmpdir(), `merchant-key-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(keyDir, { recursive: true });
    const keyFile = path.join(keyDir, 'key.json');
    await fs.writeFile(
      keyFile,
      JSON.stringify({ ...genuine, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }),
    );
    ctx = await createTestApp({
      GOOGLE_MERCHANT_ACCOUNT_ID: fake.accountId,
      GOOGLE_MERCHANT_DATA_SOURCE: fake.dataSource,
      GOOGLE_MERCHANT_KEY_FILE: keyFile,
      GOOGLE_MERCHANT_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    await fs.rm(keyDir, { recursive: true, force: true });
  });

  it('test connection says the key was refused and where it comes from', async () => {
    const token = (await signedInAs(ctx, 'admin')).token;
    const reply = await call('GET', '/api/google-merchant/test-connection', undefined, { token });
    expect(reply.statusCode).toBe(502);
    expect(reply.json().code).toBe('MERCHANT_FAILED');
    // The advice once, with the token endpoint's own words (not the client's English advice again).
    expect(reply.json().message).toBe(
      `Google refused the key of service account ${fake.key.clientEmail}: check the file in GOOGLE_MERCHANT_KEY_FILE and that the key was not deleted (invalid_grant: Invalid JWT Signature.)`,
    );
    const arabic = await call('GET', '/api/google-merchant/test-connection', undefined, { token, lang: 'ar' });
    expect(arabic.json().message).toBe(
      `رفضت Google مفتاح حساب الخدمة ${fake.key.clientEmail}: تحقق من الملف في GOOGLE_MERCHANT_KEY_FILE وأن المفتاح لم يُحذف (invalid_grant: Invalid JWT Signature.)`,
    );
    expect(reply.json().message).not.toContain('PRIVATE KEY');
    expect(fake.calls.filter((entry) => entry.operation === 'getAccount')).toEqual([]);
  });
});
