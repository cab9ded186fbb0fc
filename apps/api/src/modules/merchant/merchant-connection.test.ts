import { describe, expect, it } from 'vitest';
import type { MerchantStatusResponse } from '@shop/shared';
import {
  admin,
  call,
  customer,
  fake,
  moderator,
  PUBLIC_URL,
  useMerchantShop,
} from '../../../test-support/merchant.js';

/** Who may use the Google Merchant tab, its status and its test of the connection to Google. */

useMerchantShop();

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
