import { describe, expect, it } from 'vitest';
import { bulkChangesFrom, choiceOf, EMPTY_BULK_FORM, PRICE_MODES, type BulkEditForm } from './bulk-edit-rules';

const form = (values: Partial<BulkEditForm>): BulkEditForm => ({ ...EMPTY_BULK_FORM, ...values });

describe('bulkChangesFrom', () => {
  it('asks for at least one change', () => {
    expect(bulkChangesFrom(EMPTY_BULK_FORM)).toEqual({ errors: { form: 'admin-products.bulk.error.nothing' } });
  });

  it('sends the price change as typed, Arabic digits and a typographic minus made plain', () => {
    expect(bulkChangesFrom(form({ priceMode: 'percent', price: '−١٠' }))).toEqual({ changes: { price: { percent: -10 } } });
    expect(bulkChangesFrom(form({ priceMode: 'percent', price: '12.5' }))).toEqual({ changes: { price: { percent: 12.5 } } });
    expect(bulkChangesFrom(form({ priceMode: 'amount', price: '-1.250' }))).toEqual({ changes: { price: { amount: '-1.250' } } });
    expect(bulkChangesFrom(form({ priceMode: 'set', price: '٩٫٥' }))).toEqual({ changes: { price: { set: '9.5' } } });
  });

  it('refuses what the server would refuse, field by field', () => {
    expect(bulkChangesFrom(form({ priceMode: 'percent', price: '1.234' }))).toEqual({ errors: { price: 'admin-products.bulk.error.percent' } });
    expect(bulkChangesFrom(form({ priceMode: 'percent', price: '-100' }))).toEqual({ errors: { price: 'admin-products.bulk.error.percent' } });
    expect(bulkChangesFrom(form({ priceMode: 'amount', price: '0' }))).toEqual({ errors: { price: 'admin-products.bulk.error.signed_money' } });
    expect(bulkChangesFrom(form({ priceMode: 'set', price: '0', saleMode: 'percent_off_price', salePrice: '100' }))).toEqual({
      errors: { price: 'admin-products.bulk.error.money', salePrice: 'admin-products.bulk.error.percent_off' },
    });
    expect(bulkChangesFrom(form({ stockMode: 'set', stock: '-1' }))).toEqual({ errors: { stock: 'admin-products.bulk.error.stock' } });
  });

  it('sends sale price, stock, status, category and featured', () => {
    expect(
      bulkChangesFrom(form({ saleMode: 'percent_off_price', salePrice: '25', stockMode: 'set', stock: '7', status: 'draft', categoryId: '4', featured: 'no' })),
    ).toEqual({ changes: { sale_price: { percent_off_price: 25 }, stock_quantity: 7, status: 'draft', category_id: 4, featured: false } });
    expect(bulkChangesFrom(form({ saleMode: 'remove', featured: 'yes' }))).toEqual({ changes: { sale_price: { remove: true }, featured: true } });
  });
});

describe('choiceOf', () => {
  it('keeps only a known choice', () => {
    expect(choiceOf(PRICE_MODES, 'percent')).toBe('percent');
    expect(choiceOf(PRICE_MODES, 'other')).toBe('');
  });
});
