import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MerchantBulkRun, MerchantProductsResponse, MerchantStatusResponse } from '@shop/shared';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { ADMIN_TABS } from '../shell/tabs';
import { merchantQueryKeys } from './merchant-api';
import MerchantTab from './merchant-tab';

const feedUrls = { ar: 'http://localhost/feeds/google-merchant.xml', en: 'http://localhost/feeds/google-merchant.xml?lang=en' };

const notConfigured: MerchantStatusResponse = {
  success: true,
  configured: false,
  missing_variables: ['GOOGLE_MERCHANT_ACCOUNT_ID', 'GOOGLE_MERCHANT_KEY_FILE'],
  account_id: null,
  data_source: null,
  content_language: 'ar',
  feed_label: 'KW',
  feed_urls: feedUrls,
  auto_sync: false,
  sync_queue: { pending: 0, failed: 0, last_error: null, last_pushed_at: null },
  bulk_run: null,
};

const configured: MerchantStatusResponse = {
  ...notConfigured,
  configured: true,
  missing_variables: [],
  account_id: '123456789',
  data_source: 'accounts/123456789/dataSources/987654321',
  auto_sync: true,
  sync_queue: { pending: 2, failed: 1, last_error: 'Google refused the field title', last_pushed_at: '2026-01-01T10:00:00.000Z' },
};

const picker: MerchantProductsResponse = {
  success: true,
  products: [
    {
      id: 7,
      name: 'مسبحة كهرمان',
      sku: 'AMB-7',
      price: 12.5,
      stock_quantity: 4,
      status: 'published',
      featured_image: '/uploads/products/amber.webp',
      last_push: { at: '2026-01-01T10:00:00.000Z', result: 'updated', source: 'manual', message: null },
    },
    {
      id: 8,
      name: 'مسبحة فيروز',
      sku: null,
      price: 20,
      stock_quantity: 0,
      status: 'draft',
      featured_image: null,
      last_push: { at: '2026-01-01T11:00:00.000Z', result: 'failed', source: 'bulk', message: 'رفض Google الحقل title' },
    },
  ],
  pagination: { page: 1, limit: 100, total: 2, pages: 1 },
};

const finishedRun: MerchantBulkRun = {
  id: 3,
  status: 'finished',
  started_at: '2026-01-01T09:00:00.000Z',
  finished_at: '2026-01-01T09:01:00.000Z',
  total: 150,
  processed: 150,
  successful: 148,
  failed: 2,
  failures: [
    { product_id: 8, product_name: 'مسبحة فيروز', reason: 'رفض Google الحقل title' },
    { product_id: 9, product_name: 'Oud beads', reason: 'Google refused the field imageLink' },
  ],
  error: null,
};

const fill =
  (status: MerchantStatusResponse, run: MerchantBulkRun | null = null) =>
  (client: QueryClient) => {
    client.setQueryData(merchantQueryKeys.status(), status);
    client.setQueryData(merchantQueryKeys.bulkRun(), run);
    client.setQueryData(merchantQueryKeys.list(''), { pages: [picker], pageParams: [1] });
  };

describe('Google Merchant tab', () => {
  it('is a lazy tab after promo codes, for merchant.sync only', () => {
    const ids = ADMIN_TABS.map((tab) => tab.id);
    expect(ids.indexOf('google-merchant')).toBe(ids.indexOf('promo-codes') + 1);
    expect(ids.indexOf('simple-attributes')).toBe(ids.indexOf('google-merchant') + 1);
    expect(ADMIN_TABS.find((tab) => tab.id === 'google-merchant')?.permission).toBe('merchant.sync');
  });

  it('says which variables to set when not configured, offers the feed, and no action', () => {
    const html = renderAdmin(<MerchantTab />, { lang: 'ar', role: 'admin', path: '/admin?tab=google-merchant', fill: fill(notConfigured) });
    const text = textOf(html);
    expect(text).toContain('لم يتم إعداد Google Merchant');
    expect(text).toContain('GOOGLE_MERCHANT_ACCOUNT_ID');
    expect(text).toContain('GOOGLE_MERCHANT_KEY_FILE');
    expect(text).not.toContain('GOOGLE_MERCHANT_DATA_SOURCE');
    expect(text).toContain('README');
    expect(html).toContain(`value="${feedUrls.ar}"`);
    expect(html).toContain('value="http://localhost/feeds/google-merchant.xml?lang=en"');
    expect(text).not.toContain('اختبار الاتصال');
    expect(text).not.toContain('تحديث كل المنتجات');
    expect(text).not.toContain('تحديث المنتج');
    expect(text).not.toMatch(/admin-merchant\.|admin\.common\./);
  });

  it('shows the account, the actions, the picker rows with their last push and the latest run with its failures', () => {
    const html = renderAdmin(<MerchantTab />, { lang: 'en', role: 'admin', path: '/admin?tab=google-merchant', fill: fill(configured, finishedRun) });
    const text = textOf(html);
    expect(text).toContain('123456789');
    expect(text).toContain('accounts/123456789/dataSources/987654321');
    expect(text).toContain('Test connection');
    expect(html).toMatch(/role="switch"[^>]*aria-checked="true"/);
    expect(text).toContain('Google refused the field title');
    // The picker: name, SKU, price, stock and the last push.
    expect(text).toContain('مسبحة كهرمان');
    expect(text).toContain('AMB-7');
    expect(text).toContain('4 in stock');
    expect(text).toContain('Out of stock');
    expect(text).toContain('Updated');
    expect(text).toContain('رفض Google الحقل title');
    expect(html).toContain('aria-label="Choose مسبحة كهرمان"');
    // The form with its fields and actions.
    expect(html).toContain('id="merchant-link"');
    expect(html).toMatch(/id="merchant-link"[^>]*type="url"|type="url"[^>]*id="merchant-link"/);
    expect(html).toMatch(/<option value="KWD" selected="">KWD<\/option>/);
    expect(text).toContain('Update product');
    expect(text).toContain('Delete from Google');
    expect(text).toContain('Update all products');
    // The latest run: 'X of Y' with the failed count, and each failure's reason.
    expect(text).toContain('148 of 150 products updated; 2 failed');
    expect(text).toContain('Google refused the field imageLink');
    expect(text).not.toMatch(/admin-merchant\.|admin\.common\./);
  });

  it('shows the bar of a run still going after a reload', () => {
    const running: MerchantBulkRun = { ...finishedRun, status: 'running', finished_at: null, processed: 60, successful: 60, failed: 0, failures: [] };
    const html = renderAdmin(<MerchantTab />, { lang: 'ar', role: 'admin', path: '/admin?tab=google-merchant', fill: fill(configured, running) });
    expect(html).toMatch(/<progress[^>]*max="100"[^>]*value="40"/);
    expect(textOf(html)).toContain('تمت معالجة 60 من 150 منتج');
    expect(textOf(html)).toContain('جارٍ تحديث كل المنتجات');
  });
});
