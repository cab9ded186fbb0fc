import type { MoneyFormat } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { adminMessagesFor, messagesFor } from '../../../i18n/catalogues.server';
import { createTranslator } from '../../../i18n/i18n';
import {
  CHANGE_VALUE_MAX,
  actionLabel,
  actorFilterFrom,
  changeValue,
  changedFields,
  entityFilterFrom,
  entityItemLabel,
  entityLabel,
} from './activity-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };

// Admin pages carry the storefront's messages too (order statuses live there).
const en = createTranslator({ ...messagesFor('en'), ...adminMessagesFor('en') }, 'en');
const ar = createTranslator({ ...messagesFor('ar'), ...adminMessagesFor('ar') }, 'ar');

describe('names of things and actions', () => {
  it('translates the kinds of thing the back office records', () => {
    expect(entityLabel(en, 'products')).toBe('Products');
    expect(entityItemLabel(en, 'attribute_variations')).toBe('Attribute value');
    expect(entityLabel(ar, 'promo_codes')).toBe('كوبونات الخصم');
    expect(entityItemLabel(ar, 'orders')).toBe('طلب');
  });

  it('translates the actions, status changes included', () => {
    expect(actionLabel(en, 'create')).toBe('Created');
    expect(actionLabel(ar, 'delete')).toBe('حذف');
    expect(actionLabel(en, 'status_change')).toBe('Status changed');
    expect(actionLabel(en, 'late_payment')).toBe('Payment after cancellation');
    expect(actionLabel(ar, 'late_payment')).toBe('دفع وصل بعد الإلغاء');
  });

  it('falls back to the raw name for ones it does not know (never a message key)', () => {
    expect(entityLabel(en, 'gift_cards')).toBe('gift_cards');
    expect(entityItemLabel(ar, 'gift_cards')).toBe('gift_cards');
    expect(actionLabel(en, 'merge')).toBe('merge');
    // Names of Object.prototype are not known names.
    expect(entityLabel(en, 'constructor')).toBe('constructor');
  });
});

describe('changed values', () => {
  it('shows money fields, kept in fils, in KD with 3 decimals', () => {
    expect(changeValue('products', 'price', 12_500, KD)).toEqual({
      kind: 'text',
      text: '12.500 KD',
      full: '12.500 KD',
    });
    expect(changeValue('products', 'shipping_fee', 0, KD)).toEqual({
      kind: 'text',
      text: '0.000 KD',
      full: '0.000 KD',
    });
    // A percentage discount is not money; a stock count neither.
    expect(changeValue('products', 'discount_value', 10, KD)).toMatchObject({ text: '10' });
    expect(changeValue('products', 'stock_quantity', 7, KD)).toMatchObject({ text: '7' });
  });

  it('shows nothing as none, flags as yes/no, objects as JSON', () => {
    expect(changeValue('products', 'sale_price', null, KD)).toEqual({ kind: 'none' });
    expect(changeValue('products', 'description', '', KD)).toEqual({ kind: 'none' });
    expect(changeValue('products', 'is_active', false, KD)).toEqual({
      kind: 'boolean',
      value: false,
    });
    expect(changeValue('products', 'images', [{ id: 1 }], KD)).toMatchObject({
      text: '[{"id":1}]',
    });
  });

  it("names order statuses, product statuses and roles in the admin's language", () => {
    expect(changeValue('orders', 'status', 'shipped', KD)).toEqual({
      kind: 'label',
      key: 'orders.status.shipped',
    });
    expect(changeValue('products', 'status', 'draft', KD)).toEqual({
      kind: 'label',
      key: 'admin.common.draft',
    });
    expect(changeValue('users', 'role', 'moderator', KD)).toEqual({
      kind: 'label',
      key: 'admin-users.role.moderator',
    });
    expect(en('admin-users.role.moderator')).toBe('Moderator');
    expect(ar('orders.status.shipped')).not.toBe('orders.status.shipped');
    // Another kind's "status", or a value without a name, stays as it is.
    expect(changeValue('slides', 'status', 'shipped', KD)).toMatchObject({
      kind: 'text',
      text: 'shipped',
    });
    expect(changeValue('orders', 'status', 'lost', KD)).toMatchObject({
      kind: 'text',
      text: 'lost',
    });
  });

  it('cuts long values and keeps the whole one', () => {
    const long = 'سبحة '.repeat(40);
    const shown = changeValue('products', 'description', long, KD);
    expect(shown.kind).toBe('text');
    if (shown.kind !== 'text') return;
    expect(shown.text.length).toBeLessThanOrEqual(CHANGE_VALUE_MAX);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.full).toBe(long);
  });

  it("lists an entry's fields by name, with none for an entry without changes", () => {
    expect(
      changedFields({
        changes: { status: { from: 'pending', to: 'shipped' }, notes: { from: null, to: 'x' } },
      }),
    ).toEqual([
      { field: 'notes', from: null, to: 'x' },
      { field: 'status', from: 'pending', to: 'shipped' },
    ]);
    expect(changedFields({ changes: null })).toEqual([]);
  });
});

describe('filters and paging', () => {
  it('reads the URL filters, ignoring what the API would refuse', () => {
    expect(actorFilterFrom('12')).toBe(12);
    expect(actorFilterFrom('')).toBeUndefined();
    expect(actorFilterFrom('0')).toBeUndefined();
    expect(actorFilterFrom('1e3')).toBeUndefined();
    expect(entityFilterFrom('promo_codes')).toBe('promo_codes');
    expect(entityFilterFrom('Products!')).toBeUndefined();
    expect(entityFilterFrom('')).toBeUndefined();
  });
});
