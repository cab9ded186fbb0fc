import { describe, expect, it } from 'vitest';
import type { MerchantBulkRun, MerchantProductForm } from '@shop/shared';
import {
  bulkOutcome,
  bulkProgressPercent,
  emptyMerchantForm,
  isMerchantFormDirty,
  merchantFormFrom,
  merchantFormProblems,
  merchantPayloadBody,
  missingRequiredFields,
  runToAnnounce,
  typedProductId,
  type MerchantForm,
} from './merchant-rules';

const prefill: MerchantProductForm = {
  productId: 42,
  title: 'مسبحة كهرمان',
  description: 'كهرمان طبيعي',
  price: '12.500',
  salePrice: null,
  currency: 'KWD',
  link: 'https://shop.example/products/42',
  imageLink: 'https://shop.example/uploads/products/42.webp',
  brand: 'متجر السبح',
  availability: 'in stock',
  condition: 'new',
  gtin: '',
  mpn: '',
  googleProductCategory: '',
  productType: 'مسابح > كهرمان',
};

const valid = (): MerchantForm => merchantFormFrom(prefill);

function run(overrides: Partial<MerchantBulkRun>): MerchantBulkRun {
  return {
    id: 1,
    status: 'running',
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
    total: 150,
    processed: 0,
    successful: 0,
    failed: 0,
    failures: [],
    error: null,
    ...overrides,
  };
}

describe('merchant form', () => {
  it('starts empty with the defaults: KWD, in stock, condition new', () => {
    expect(emptyMerchantForm()).toMatchObject({ currency: 'KWD', availability: 'in stock', condition: 'new', productId: '', title: '', price: '' });
  });

  it('is filled from the prefill and is not dirty until something is typed', () => {
    const form = valid();
    expect(form.productId).toBe('42');
    expect(form.salePrice).toBe('');
    expect(isMerchantFormDirty(form, valid())).toBe(false);
    expect(isMerchantFormDirty({ ...form, title: `${form.title} ` }, valid())).toBe(false);
    expect(isMerchantFormDirty({ ...form, gtin: '4006381333931' }, valid())).toBe(true);
  });

  it('names the missing required fields (product id, title, price) and nothing else for a good form', () => {
    expect(merchantFormProblems(valid())).toEqual({});
    const empty = { ...valid(), productId: ' ', title: '', price: '' };
    expect(missingRequiredFields(empty)).toEqual(['productId', 'title', 'price']);
    expect(merchantFormProblems(empty)).toMatchObject({
      productId: 'admin-merchant.validation.required',
      title: 'admin-merchant.validation.required',
      price: 'admin-merchant.validation.required',
    });
    expect(missingRequiredFields({ ...valid(), title: '' })).toEqual(['title']);
  });

  it('checks the price, the sale price below it, the links and the GTIN before sending', () => {
    expect(merchantFormProblems({ ...valid(), price: '12.5000' }).price).toBe('admin-merchant.validation.price_invalid');
    expect(merchantFormProblems({ ...valid(), price: '-1' }).price).toBe('admin-merchant.validation.price_invalid');
    expect(merchantFormProblems({ ...valid(), salePrice: '12.500' }).salePrice).toBe('admin-merchant.validation.sale_not_below');
    expect(merchantFormProblems({ ...valid(), salePrice: '12.499' }).salePrice).toBeUndefined();
    expect(merchantFormProblems({ ...valid(), link: '' }).link).toBe('admin-merchant.validation.link_required');
    expect(merchantFormProblems({ ...valid(), link: '/products/42' }).link).toBe('admin-merchant.validation.url_invalid');
    expect(merchantFormProblems({ ...valid(), imageLink: 'ftp://x/y.png' }).imageLink).toBe('admin-merchant.validation.url_invalid');
    expect(merchantFormProblems({ ...valid(), imageLink: '' }).imageLink).toBe('admin-merchant.validation.image_link_required');
    expect(merchantFormProblems({ ...valid(), gtin: '12345' }).gtin).toBe('admin-merchant.validation.gtin_invalid');
    expect(merchantFormProblems({ ...valid(), gtin: '٤٠٠٦٣٨١٣٣٣٩٣١' }).gtin).toBeUndefined();
    expect(merchantFormProblems({ ...valid(), productId: '4.2' }).productId).toBe('admin-merchant.validation.product_id_invalid');
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(typedProductId('٤٢')).toBe(42);
    expect(typedProductId('0')).toBeNull();
    const body = merchantPayloadBody({ ...valid(), productId: '٤٢', price: '١٢٫٥', salePrice: '٩٫٩٠٠' });
    expect(body.productId).toBe(42);
    expect(body.price).toBe('12.5');
    expect(body.salePrice).toBe('9.900');
  });

  it('sends the form as the contract takes it: trimmed text, the id a number, no sale price as null', () => {
    const body = merchantPayloadBody({ ...valid(), title: '  مسبحة  ', gtin: ' 4006381333931 ' });
    expect(body).toMatchObject({
      productId: 42,
      title: 'مسبحة',
      price: '12.500',
      salePrice: null,
      currency: 'KWD',
      availability: 'in stock',
      condition: 'new',
      gtin: '4006381333931',
      link: 'https://shop.example/products/42',
    });
  });
});

describe('update all', () => {
  it('moves the bar with the products handled', () => {
    expect(bulkProgressPercent({ processed: 0, total: 150 })).toBe(0);
    expect(bulkProgressPercent({ processed: 75, total: 150 })).toBe(50);
    expect(bulkProgressPercent({ processed: 150, total: 150 })).toBe(100);
    expect(bulkProgressPercent({ processed: 0, total: 0 })).toBe(0);
  });

  it('ends as a success, a warning when some failed, or an error when it stopped', () => {
    expect(bulkOutcome(run({ status: 'finished', successful: 150, processed: 150 }))).toBe('success');
    expect(bulkOutcome(run({ status: 'finished', successful: 148, failed: 2 }))).toBe('warning');
    expect(bulkOutcome(run({ status: 'failed', error: 'The Google Cloud project is not registered' }))).toBe('error');
  });

  it('announces a run once, when it was seen running and has ended', () => {
    const running = run({ processed: 10 });
    const ended = run({ status: 'finished', processed: 150, successful: 150, finished_at: '2026-01-01T00:01:00.000Z' });
    expect(runToAnnounce(running, ended, new Set())).toEqual(ended);
    expect(runToAnnounce(running, ended, new Set([1]))).toBeNull();
    expect(runToAnnounce(running, run({ processed: 20 }), new Set())).toBeNull();
    // A run that had ended before the page opened is shown, not announced.
    expect(runToAnnounce(null, ended, new Set())).toBeNull();
    expect(runToAnnounce(ended, ended, new Set())).toBeNull();
    // Another run than the one seen running.
    expect(runToAnnounce(running, { ...ended, id: 2 }, new Set())).toBeNull();
  });
});
