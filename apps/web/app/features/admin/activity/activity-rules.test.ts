import type { AuditNames, MoneyFormat } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { adminMessagesFor, messagesFor } from '../../../i18n/catalogues.server';
import { createTranslator } from '../../../i18n/i18n';
import {
  CHANGE_VALUE_MAX,
  actionLabel,
  actorFilterFrom,
  changeValue,
  changeView,
  changedFields,
  entityFilterFrom,
  entityItemLabel,
  entityLabel,
  entrySide,
  fieldLabel,
  fieldSide,
  humanise,
  recordHref,
  recordTitle,
  type ActivityContext,
} from './activity-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };
const ARABIC_KD: MoneyFormat = { symbol: 'د.ك', decimals: 3 };

// Admin pages carry the storefront's messages too (order and payment statuses live there).
const en = createTranslator({ ...messagesFor('en'), ...adminMessagesFor('en') }, 'en');
const ar = createTranslator({ ...messagesFor('ar'), ...adminMessagesFor('ar') }, 'ar');

const names: AuditNames = {
  categories: { '3': 'سبح الكهرمان', '4': 'سبح الفضة' },
  attribute_variations: { '7': 'اللون: أحمر', '8': 'اللون: أسود' },
  products: { '12': 'مسبحة كهرمان' },
  countries: { '1': 'الكويت' },
  order_items: { '51': 'مسبحة كهرمان', '52': 'مسبحة فضة' },
};
const inEnglish: ActivityContext = { t: en, lang: 'en', money: KD, names };
const inArabic: ActivityContext = { t: ar, lang: 'ar', money: ARABIC_KD, names };
const textOf = (value: ReturnType<typeof changeValue>) => (value.kind === 'text' ? value.text : value.kind);

/**
 * Every field each kind of record writes to the trail (the ActivityRecorded publishers' audit
 * views, and the columns of the rows some of them record whole). Each needs a label in both
 * languages: the view never shows a column name.
 */
const RECORDED_FIELDS: Record<string, string[]> = {
  products: [
    'name', 'name_en', 'description', 'description_en', 'short_description', 'short_description_en',
    'price', 'sale_price', 'stock_quantity', 'category_id', 'sku', 'featured', 'status', 'images',
    'attribute_variations', 'seo_title_ar', 'seo_title_en', 'seo_description_ar', 'seo_description_en',
  ],
  categories: [
    'name', 'name_en', 'slug', 'description', 'description_en', 'image', 'parent_id', 'sort_order',
    'is_active', 'product_ids', 'child_category_ids', 'seo_title_ar', 'seo_title_en', 'seo_description_ar',
    'seo_description_en',
  ],
  attributes: ['name', 'name_en', 'variations', 'product_count'],
  attribute_variations: ['attribute_id', 'title', 'title_en', 'additional_price', 'product_count'],
  users: [
    'username', 'name', 'first_name', 'last_name', 'email', 'phone', 'address', 'role',
    'email_verified_at', 'notify_order_confirmations', 'notify_shipping_updates', 'notify_promotional',
    'new_order_alerts', 'language', 'credentials_changed', 'sessions_ended', 'orders_kept',
  ],
  cities: ['name_ar', 'name_en', 'country_id', 'governorate_id', 'shipping_fee', 'is_active'],
  orders: [
    'status', 'payment_status', 'notes', 'order_number', 'customer_name', 'customer_email', 'total_amount',
    'carrier', 'tracking_number', 'tracking_url', 'refunded_amount',
  ],
  search_synonyms: ['term', 'targets'],
  slides: ['title', 'description', 'title_en', 'description_en', 'image', 'link_url', 'sort_order', 'is_active'],
  settings: [
    'store_name', 'store_description', 'store_name_en', 'store_description_en', 'address_en', 'logo', 'phone_number',
    'whatsapp_number', 'email', 'address', 'currency_symbol', 'currency', 'facebook_url', 'instagram_url',
  ],
  promo_codes: [
    'code', 'description', 'discount_type', 'discount_value', 'min_order_amount', 'max_uses', 'used_count',
    'is_active', 'once_per_customer', 'valid_from', 'valid_until',
  ],
  merchant_settings: ['auto_sync'],
};

describe('names of things, actions and fields', () => {
  it('translates the kinds of thing the back office records', () => {
    expect(entityLabel(en, 'products')).toBe('Products');
    expect(entityItemLabel(en, 'attribute_variations')).toBe('Attribute value');
    expect(entityLabel(ar, 'promo_codes')).toBe('كوبونات الخصم');
    expect(entityItemLabel(ar, 'orders')).toBe('طلب');
    for (const entity of Object.keys(RECORDED_FIELDS)) {
      for (const t of [en, ar]) expect(entityItemLabel(t, entity)).not.toMatch(/admin-activity|_/);
    }
  });

  it('translates the actions, status changes included', () => {
    expect(actionLabel(en, 'create')).toBe('Created');
    expect(actionLabel(ar, 'delete')).toBe('حذف');
    expect(actionLabel(en, 'status_change')).toBe('Status changed');
    expect(actionLabel(ar, 'late_payment')).toBe('دفع وصل بعد الإلغاء');
  });

  it('labels every field every kind of record writes, in Arabic and English', () => {
    const missing: string[] = [];
    for (const [entity, fields] of Object.entries(RECORDED_FIELDS)) {
      for (const field of fields) {
        for (const [lang, t] of [['ar', ar], ['en', en]] as const) {
          const label = fieldLabel(t, entity, field);
          if (label.includes('_') || label.includes('admin-activity') || label.includes('«') || label.includes('“')) {
            missing.push(`${lang} ${entity}.${field}: ${label}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(fieldLabel(ar, 'products', 'price')).toBe('السعر');
    expect(fieldLabel(en, 'users', 'email_verified_at')).toBe('E-mail confirmed');
    expect(fieldLabel(ar, 'users', 'email_verified_at')).toBe('تأكيد البريد الإلكتروني');
    expect(fieldLabel(ar, 'products', 'category_id')).toBe('الفئة');
  });

  it("uses an entity's own wording for a field when it has one", () => {
    expect(fieldLabel(en, 'orders', 'status')).toBe('Order status');
    expect(fieldLabel(en, 'products', 'status')).toBe('Publishing status');
    expect(fieldLabel(en, 'slides', 'status')).toBe('Status');
    expect(fieldLabel(ar, 'settings', 'email')).toBe('بريد المتجر');
    expect(fieldLabel(ar, 'users', 'email')).toBe('البريد الإلكتروني');
  });

  it('humanises a field, kind or action it does not know: never the raw name or a message key', () => {
    expect(humanise('gift_wrap_note')).toBe('Gift wrap note');
    expect(fieldLabel(en, 'products', 'gift_wrap_note')).toBe('Field “Gift wrap note”');
    expect(fieldLabel(ar, 'products', 'gift_wrap_note')).toBe('حقل «Gift wrap note»');
    expect(entityLabel(en, 'gift_cards')).toBe('Gift cards');
    expect(entityItemLabel(ar, 'gift_cards')).toBe('Gift cards');
    expect(actionLabel(en, 'bulk_merge')).toBe('Bulk merge');
    // Names of Object.prototype are not known names.
    expect(entityLabel(en, 'constructor')).toBe('Constructor');
    expect(fieldLabel(en, 'products', 'constructor')).toBe('Field “Constructor”');
  });
});

describe('changed values', () => {
  it('shows money, kept in fils, as charged: "12.500 KD", "12.500 د.ك"', () => {
    expect(changeValue('products', 'price', 12_500, inEnglish)).toEqual({
      kind: 'text',
      text: '12.500 KD',
      full: '12.500 KD',
    });
    expect(textOf(changeValue('products', 'price', 12_500, inArabic))).toBe('12.500 د.ك');
    expect(textOf(changeValue('cities', 'shipping_fee', 0, inEnglish))).toBe('0.000 KD');
    // A stock count is not money.
    expect(textOf(changeValue('products', 'stock_quantity', 7, inEnglish))).toBe('7');
  });

  it('reads a product price edit of the API (old and new entries alike, in thousandths): 32.000 → 33.000', () => {
    // The API gives product entries written before issue 30 (32 → 33, in dinars) in thousandths
    // too (apps/api/src/modules/audit/money-unit.ts), so the view has one rule for money.
    const view = changeView('products', 'price', { from: 32_000, to: 33_000 }, inEnglish);
    expect(view).toEqual({
      kind: 'values',
      from: { kind: 'text', text: '32.000 KD', full: '32.000 KD' },
      to: { kind: 'text', text: '33.000 KD', full: '33.000 KD' },
    });
  });

  it("shows a promo code's value as a percentage or money, as its type in the entry says", () => {
    const percent = { discount_type: { from: null, to: 'percentage' }, discount_value: { from: null, to: 15 } };
    expect(textOf(changeValue('promo_codes', 'discount_value', 15, inEnglish, percent, 'to'))).toBe('15 %');
    const fixed = { discount_type: { from: 'percentage', to: 'fixed' }, discount_value: { from: 10, to: 2_500 } };
    expect(textOf(changeValue('promo_codes', 'discount_value', 10, inEnglish, fixed, 'from'))).toBe('10 %');
    expect(textOf(changeValue('promo_codes', 'discount_value', 2_500, inEnglish, fixed, 'to'))).toBe('2.500 KD');
    // The type unknown (only the value changed): the number as it is.
    expect(textOf(changeValue('promo_codes', 'discount_value', 20, inEnglish))).toBe('20');
  });

  it('shows moments in Kuwait time, in the viewer\'s language, never the raw timestamp', () => {
    const moment = '2026-12-01T23:40:39.573Z';
    const english = textOf(changeValue('users', 'email_verified_at', moment, inEnglish));
    expect(english).toBe('2 Dec 2026, 02:40');
    const arabic = textOf(changeValue('users', 'email_verified_at', moment, inArabic));
    // 2:40 in the morning on 2 December in Kuwait: the next day of the UTC date (decision 051's format).
    expect(arabic).toBe('2 ديسمبر 2026، 02:40');
    expect(arabic).not.toContain('T23');
  });

  it('shows nothing as none, flags as yes/no in words', () => {
    expect(changeValue('products', 'sale_price', null, inEnglish)).toEqual({ kind: 'none' });
    expect(changeValue('products', 'description', '', inEnglish)).toEqual({ kind: 'none' });
    expect(textOf(changeValue('products', 'featured', false, inEnglish))).toBe('No');
    expect(textOf(changeValue('merchant_settings', 'auto_sync', true, inArabic))).toBe(ar('admin.common.yes'));
  });

  it('names statuses, roles, payment states, discount types and languages', () => {
    expect(textOf(changeValue('orders', 'status', 'shipped', inEnglish))).toBe('Shipped');
    expect(textOf(changeValue('orders', 'payment_status', 'paid', inEnglish))).toBe('Paid');
    expect(textOf(changeValue('products', 'status', 'draft', inEnglish))).toBe('Draft');
    expect(textOf(changeValue('users', 'role', 'moderator', inEnglish))).toBe('Moderator');
    expect(textOf(changeValue('users', 'language', 'ar', inEnglish))).toBe('Arabic');
    expect(textOf(changeValue('promo_codes', 'discount_type', 'fixed', inArabic))).toBe('مبلغ ثابت');
    expect(textOf(changeValue('orders', 'status', 'shipped', inArabic))).not.toBe('shipped');
    // Another kind's "status", or a value without a name, stays as it is.
    expect(textOf(changeValue('slides', 'status', 'shipped', inEnglish))).toBe('shipped');
    expect(textOf(changeValue('orders', 'status', 'lost', inEnglish))).toBe('lost');
  });

  it('names the records ids point to, and says when one is gone', () => {
    expect(textOf(changeValue('products', 'category_id', 3, inArabic))).toBe('سبح الكهرمان');
    expect(textOf(changeValue('cities', 'country_id', 1, inArabic))).toBe('الكويت');
    expect(textOf(changeValue('products', 'category_id', 99, inEnglish))).toBe('Category #99 (deleted)');
  });

  it('shows stored pictures as thumbnails from the uploads, not their file names', () => {
    expect(changeValue('categories', 'image', 'a1b2.webp', inEnglish)).toEqual({
      kind: 'image',
      url: '/uploads/categories/a1b2.webp',
      name: 'a1b2.webp',
    });
    expect(changeValue('slides', 'image', 's.webp', inEnglish)).toMatchObject({ url: '/uploads/slider/s.webp' });
    expect(changeValue('settings', 'logo', 'l.webp', inEnglish)).toMatchObject({ url: '/uploads/settings/l.webp' });
  });

  it('cuts long values and keeps the whole one', () => {
    const long = 'سبحة '.repeat(40);
    const shown = changeValue('products', 'description', long, inEnglish);
    expect(shown.kind).toBe('text');
    if (shown.kind !== 'text') return;
    expect(shown.text.length).toBeLessThanOrEqual(CHANGE_VALUE_MAX);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.full).toBe(long);
  });
});

describe('lists as added and removed', () => {
  it("shows a gallery's pictures added and removed as thumbnails, a new order as such", () => {
    const view = changeView('products', 'images', { from: ['a.webp', 'b.webp'], to: ['b.webp', 'c.webp'] }, inEnglish);
    expect(view).toEqual({
      kind: 'list',
      added: [{ kind: 'image', url: '/uploads/products/c.webp', name: 'c.webp' }],
      removed: [{ kind: 'image', url: '/uploads/products/a.webp', name: 'a.webp' }],
      changed: [],
      reordered: false,
    });
    expect(changeView('products', 'images', { from: ['a.webp', 'b.webp'], to: ['b.webp', 'a.webp'] }, inEnglish)).toMatchObject({
      added: [],
      removed: [],
      reordered: true,
    });
  });

  it("names a product's attribute values, with their surcharges, and what changed in one", () => {
    const view = changeView(
      'products',
      'attribute_variations',
      {
        from: [{ variation_id: 7, price: 500 }, { variation_id: 8, price: 0 }],
        to: [{ variation_id: 7, price: 1_000 }, { variation_id: 9, price: 250 }],
      },
      inArabic,
    );
    expect(view).toMatchObject({
      kind: 'list',
      added: [{ kind: 'text', text: 'قيمة خاصية رقم 9 (محذوف) (\u2066+0.250\u2069 د.ك)' }],
      removed: [{ kind: 'text', text: 'اللون: أسود (\u2066+0.000\u2069 د.ك)' }],
      changed: [{ label: 'اللون: أحمر', from: { text: '0.500 د.ك' }, to: { text: '1.000 د.ك' } }],
      reordered: false,
    });
  });

  it("names a deleted category's products, and lists a search word's targets", () => {
    expect(changeView('categories', 'product_ids', { from: [12], to: null }, inArabic)).toMatchObject({
      removed: [{ text: 'مسبحة كهرمان' }],
      added: [],
    });
    expect(
      changeView('search_synonyms', 'targets', { from: ['سبحة'], to: ['سبحة', 'مسبحة'] }, inEnglish),
    ).toMatchObject({ added: [{ text: 'مسبحة' }], removed: [] });
  });

  it("lists an entry's fields, what names and states the record first, without the record's own id", () => {
    expect(
      changedFields({
        changes: {
          status: { from: 'pending', to: 'shipped' },
          notes: { from: null, to: 'x' },
          id: { from: null, to: 4 },
        },
      }),
    ).toEqual([
      { field: 'status', from: 'pending', to: 'shipped' },
      { field: 'notes', from: null, to: 'x' },
    ]);
    expect(changedFields({ changes: null })).toEqual([]);
  });

  it('shows a creation by its values and a deletion by what the record held, without its empty fields', () => {
    expect(entrySide('create')).toBe('to');
    expect(entrySide('delete')).toBe('from');
    expect(entrySide('status_change')).toBe('both');
    const created = {
      action: 'create',
      changes: {
        name: { from: null, to: 'سبحة' },
        sale_price: { from: null, to: null },
        images: { from: null, to: [] },
        sku: { from: null, to: '' },
        featured: { from: null, to: false },
      },
    };
    expect(changedFields(created).map((field) => field.field)).toEqual(['name', 'featured']);
    const deleted = { action: 'delete', changes: { name: { from: 'سبحة', to: null }, sku: { from: null, to: null } } };
    expect(changedFields(deleted).map((field) => field.field)).toEqual(['name']);
    // An edit keeps a field emptied or filled: that is the change.
    expect(changedFields({ action: 'update', changes: created.changes }).map((field) => field.field)).toHaveLength(5);
  });
});

describe('a refund and a status change', () => {
  const refund = {
    action: 'refund',
    changes: {
      refunded_amount: { from: 0, to: 7_500 },
      refund_id: { from: null, to: 3 },
      amount: { from: null, to: 7_500 },
      method: { from: null, to: 'cash' },
      lines: {
        from: null,
        to: [
          { order_item_id: 51, quantity: 2, restocked: true },
          { order_item_id: 52, quantity: 1, restocked: false },
        ],
      },
    },
  };

  it('says how much went back, how, and which items, by the names they were ordered under', () => {
    expect(changedFields(refund).map((field) => field.field)).toEqual(['amount', 'refunded_amount', 'lines', 'method']);
    expect(textOf(changeValue('orders', 'amount', 7_500, inArabic))).toBe('7.500 د.ك');
    expect(textOf(changeValue('orders', 'method', 'cash', inEnglish))).toBe('In cash');
    expect(changeView('orders', 'lines', refund.changes.lines, inArabic)).toMatchObject({
      added: [{ text: '2 × مسبحة كهرمان (أُعيد إلى المخزون)' }, { text: '1 × مسبحة فضة' }],
    });
    // What the refund adds is shown as it is; the refunded total from → to.
    expect(fieldSide('refund', null)).toBe('to');
    expect(fieldSide('refund', 0)).toBe('both');
    expect(fieldSide('status_change', null)).toBe('to');
    expect(fieldSide('update', null)).toBe('both');
    expect(fieldSide('delete', 'x')).toBe('from');
  });
});

describe('the record, named and linked', () => {
  const entry = (entity: string, record_name: string | null, record_deleted = false, entity_id: number | null = 12) => ({
    entity,
    entity_id,
    record_name,
    record_deleted,
  });

  it('names the record in words, the name isolated from the sentence around it', () => {
    expect(recordTitle(ar, entry('products', 'مسبحة كهرمان'))).toBe('منتج «\u2068مسبحة كهرمان\u2069»');
    expect(recordTitle(en, entry('products', 'Amber rosary'))).toBe('Product “\u2068Amber rosary\u2069”');
    // A code reads left to right even in an Arabic sentence.
    expect(recordTitle(ar, entry('orders', 'SB-7Q2M4K9XTA'))).toBe('طلب \u2066SB-7Q2M4K9XTA\u2069');
    expect(recordTitle(en, entry('orders', 'SB-7Q2M4K9XTA')).replace(/[\u2066-\u2069]/g, '')).toBe('Order SB-7Q2M4K9XTA');
    expect(recordTitle(en, entry('products', null))).toBe('Product #12');
    expect(recordTitle(ar, entry('settings', null, false, 1))).toBe('إعدادات المتجر');
  });

  it('links to the screen the record is seen on, and not to a deleted one', () => {
    const cases: Array<[string, string | null]> = [
      ['products', '/admin/products/edit/12'],
      ['categories', '/admin/categories/edit/12'],
      ['users', '/admin/users/edit/12'],
      ['promo_codes', '/admin/promocode/edit/12'],
      ['orders', '/admin/orders/12'],
      ['attributes', '/admin?tab=simple-attributes'],
      ['attribute_variations', '/admin?tab=simple-attributes'],
      ['slides', '/admin?tab=slider'],
      ['cities', '/admin?tab=cities'],
      ['search_synonyms', '/admin?tab=search'],
      ['settings', '/admin?tab=settings'],
      ['merchant_settings', '/admin?tab=google-merchant'],
      ['gift_cards', null],
    ];
    for (const [entity, href] of cases) expect(recordHref(entry(entity, 'x')), entity).toBe(href);
    expect(recordHref(entry('products', 'مسبحة', true))).toBeNull();
  });
});

describe('filters', () => {
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
