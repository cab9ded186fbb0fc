import {
  AUDIT_REFERENCE_FIELDS,
  AUDIT_REFERENCE_LISTS,
  USER_ROLES,
  formatPrice,
  formatShopDate,
  formatSignedPrice,
  orderStatuses,
  paymentMethods,
  paymentStatuses,
  reviewStatuses,
  uploadUrl,
  type AuditEntry,
  type AuditNames,
  type ImageFolder,
  type Language,
  type MoneyFormat,
} from '@shop/shared';
import type { MessageKey, Translate } from '../../../i18n/i18n';
import { isolateLtr } from '../../../i18n/bidi';
import { adminHref, adminOrderHref, adminRecordHref } from '../shell/admin-links';

/**
 * How the activity view reads the audit trail in words: the names of the things, actions and
 * fields it records in the viewer's language (a humanised name for one it does not know, never
 * a message key), each changed value as an admin reads it (money, Kuwait time, names instead of
 * ids, thumbnails instead of file names, lists as added/removed), and each entry's record named
 * and linked.
 */

/** The kinds of thing the back office records (services' `entity`), with their names. */
const ENTITY_NAMES = {
  products: ['admin-activity.entity.products', 'admin-activity.entity_one.products'],
  categories: ['admin-activity.entity.categories', 'admin-activity.entity_one.categories'],
  attributes: ['admin-activity.entity.attributes', 'admin-activity.entity_one.attributes'],
  attribute_variations: [
    'admin-activity.entity.attribute_variations',
    'admin-activity.entity_one.attribute_variations',
  ],
  slides: ['admin-activity.entity.slides', 'admin-activity.entity_one.slides'],
  settings: ['admin-activity.entity.settings', 'admin-activity.entity_one.settings'],
  orders: ['admin-activity.entity.orders', 'admin-activity.entity_one.orders'],
  order_refunds: ['admin-activity.entity.order_refunds', 'admin-activity.entity_one.order_refunds'],
  users: ['admin-activity.entity.users', 'admin-activity.entity_one.users'],
  cities: ['admin-activity.entity.cities', 'admin-activity.entity_one.cities'],
  countries: ['admin-activity.entity.countries', 'admin-activity.entity_one.countries'],
  governorates: ['admin-activity.entity.governorates', 'admin-activity.entity_one.governorates'],
  promo_codes: ['admin-activity.entity.promo_codes', 'admin-activity.entity_one.promo_codes'],
  search_synonyms: ['admin-activity.entity.search_synonyms', 'admin-activity.entity_one.search_synonyms'],
  merchant_settings: ['admin-activity.entity.merchant_settings', 'admin-activity.entity_one.merchant_settings'],
  content_pages: ['admin-activity.entity.content_pages', 'admin-activity.entity_one.content_pages'],
  storefront_layout: ['admin-activity.entity.storefront_layout', 'admin-activity.entity_one.storefront_layout'],
  product_reviews: ['admin-activity.entity.product_reviews', 'admin-activity.entity_one.product_reviews'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey]>;

const ACTION_NAMES = {
  create: 'admin-activity.action.create',
  update: 'admin-activity.action.update',
  delete: 'admin-activity.action.delete',
  status_change: 'admin-activity.action.status_change',
  late_payment: 'admin-activity.action.late_payment',
  refund: 'admin-activity.action.refund',
  bulk_edit: 'admin-activity.action.bulk_edit',
} as const satisfies Record<string, MessageKey>;

function known<T extends object>(table: T, name: string): name is Extract<keyof T, string> {
  return Object.hasOwn(table, name);
}

/** "email_verified_at" → "Email verified at": a name the view has no words for, made readable. */
export function humanise(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** The name of a kind of thing for the filter ("Products"); humanised when it is not known. */
export function entityLabel(t: Translate, entity: string): string {
  return known(ENTITY_NAMES, entity) ? t(ENTITY_NAMES[entity][0]) : humanise(entity);
}

/** The name of one thing of that kind ("Product"); humanised when it is not known. */
export function entityItemLabel(t: Translate, entity: string): string {
  return known(ENTITY_NAMES, entity) ? t(ENTITY_NAMES[entity][1]) : humanise(entity);
}

/** What was done ("Changed"); humanised when it is not known. */
export function actionLabel(t: Translate, action: string): string {
  return known(ACTION_NAMES, action) ? t(ACTION_NAMES[action]) : humanise(action);
}

/**
 * The text of a message key built from a field's name, or null when the catalogue has none.
 * Fields are open-ended (every write records its own), so their keys are looked up at run time;
 * `t` gives the key back for a key it does not have.
 */
function optionalText(t: Translate, key: string): string | null {
  const text = t(key as MessageKey);
  return text === key ? null : text;
}

/**
 * A field's label in the viewer's language: the entity's own wording when it has one
 * (`field.orders.status`: "Order status"), else the field's (`field.price`: "Price"), else the
 * field's name humanised ("Field “Gift wrap”").
 */
export function fieldLabel(t: Translate, entity: string, field: string): string {
  return (
    optionalText(t, `admin-activity.field.${entity}.${field}`) ??
    optionalText(t, `admin-activity.field.${field}`) ??
    t('admin-activity.unnamed_field', { name: humanise(field) })
  );
}

/**
 * Fields the trail keeps as money in thousandths (fils), as the database stores them (product
 * entries of before issue 30 too: the API gives them in thousandths). A promo code's
 * discount_value is money only for a fixed discount (see moneyField).
 */
const MONEY_FIELDS = new Set([
  'price',
  'sale_price',
  'additional_price',
  'shipping_fee',
  'shipping_amount',
  'subtotal',
  'discount_amount',
  'tax_amount',
  'total_amount',
  'min_order_amount',
  'refunded_amount',
  'free_shipping_threshold',
  'gift_wrap_fee',
]);

/** Money fields of one kind of record only (a refund's amount; elsewhere `amount` may be anything). */
const ENTITY_MONEY_FIELDS = new Set(['orders.amount', 'order_refunds.amount']);

/** Fields holding one stored picture's file name, and the folder it is served from. */
const IMAGE_FIELDS: Record<string, ImageFolder> = {
  'products.images': 'products',
  'categories.image': 'categories',
  'slides.image': 'slider',
  'settings.logo': 'settings',
};

/** Fields holding a moment: shown as a date and time on Kuwait's clock. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Longest value shown in full in the list; longer ones are cut (the whole value in a tooltip). */
export const CHANGE_VALUE_MAX = 80;
/** Changed fields shown at once; the others behind "show more". */
export const CHANGES_SHOWN = 6;

/** What the view needs to put a value in words. */
export interface ActivityContext {
  t: Translate;
  lang: Language;
  money: MoneyFormat;
  /** The page's names of the records changes point to (kind → id → name). */
  names: AuditNames;
}

export type ChangeValue =
  | { kind: 'none' }
  | { kind: 'text'; text: string; full: string }
  | { kind: 'image'; url: string; name: string };

export type ChangeView =
  | { kind: 'values'; from: ChangeValue; to: ChangeValue }
  | {
      kind: 'list';
      added: ChangeValue[];
      removed: ChangeValue[];
      /** Items in both, with something of theirs changed (a value's surcharge). */
      changed: Array<{ label: string; from: ChangeValue; to: ChangeValue }>;
      /** Same items, another order (a gallery's pictures rearranged). */
      reordered: boolean;
    };

function text(full: string): ChangeValue {
  const cut = full.length > CHANGE_VALUE_MAX ? `${full.slice(0, CHANGE_VALUE_MAX - 1).trimEnd()}…` : full;
  return { kind: 'text', text: cut, full };
}

/** Values with a name of their own: statuses, roles, payment methods, discount types, languages. */
function namedValue(entity: string, field: string, value: string): MessageKey | null {
  const among = (list: readonly string[]) => list.includes(value);
  if (entity === 'orders' && field === 'status' && among(orderStatuses)) {
    return `orders.status.${value as (typeof orderStatuses)[number]}`;
  }
  if (entity === 'products' && field === 'status' && (value === 'published' || value === 'draft')) {
    return `admin.common.${value}`;
  }
  if (field === 'payment_status' && among(paymentStatuses)) {
    return `payments.status.${value as (typeof paymentStatuses)[number]}`;
  }
  if (field === 'payment_method' && among(paymentMethods)) {
    return `orders.payment.${value as (typeof paymentMethods)[number]}`;
  }
  if (entity === 'product_reviews' && field === 'status' && among(reviewStatuses)) {
    return `admin-reviews.status.${value as (typeof reviewStatuses)[number]}`;
  }
  if (entity === 'users' && field === 'role' && among(USER_ROLES)) {
    return `admin-users.role.${value as (typeof USER_ROLES)[number]}`;
  }
  if (field === 'discount_type' && (value === 'percentage' || value === 'fixed')) {
    return `admin-promo-codes.type.${value}`;
  }
  if (field === 'language' && (value === 'ar' || value === 'en')) {
    return `admin-activity.language.${value}`;
  }
  if (entity === 'orders' && field === 'method' && (value === 'online' || value === 'cash')) {
    return `admin-activity.refund_method.${value}`;
  }
  return null;
}

type Changes = NonNullable<AuditEntry['changes']>;

/**
 * A promo code's discount_value is a whole percent or an amount in thousandths, as its
 * discount_type says: the type in the same entry when it is there (a create, a delete, or an
 * edit of both), else unknown (the number as it is).
 */
function discountKind(changes: Changes, side: 'from' | 'to'): 'percentage' | 'fixed' | null {
  const type = changes.discount_type;
  const value = type ? (type[side] ?? type.to ?? type.from) : null;
  return value === 'percentage' || value === 'fixed' ? value : null;
}

/** The name of a record a field points to, or "Category #4 (deleted)" when it is gone. */
function referenceName(kind: string, id: number, context: ActivityContext): string {
  return (
    context.names[kind]?.[String(id)] ??
    context.t('admin-activity.reference.gone', { kind: entityItemLabel(context.t, kind), id })
  );
}

/**
 * One value of a changed field as the list shows it: nothing, yes/no, a named value, money as
 * charged ("12.500 KD"), a moment on Kuwait's clock, the name of the record an id points to,
 * a picture, or text (cut when long).
 */
export function changeValue(
  entity: string,
  field: string,
  value: unknown,
  context: ActivityContext,
  changes: Changes = {},
  side: 'from' | 'to' = 'to',
): ChangeValue {
  const { t, lang, money } = context;
  if (value === null || value === undefined || value === '') return { kind: 'none' };
  if (typeof value === 'boolean') return text(value ? t('admin.common.yes') : t('admin.common.no'));
  if (typeof value === 'string') {
    const key = namedValue(entity, field, value);
    if (key) return text(t(key));
    const folder = IMAGE_FIELDS[`${entity}.${field}`];
    if (folder) return { kind: 'image', url: uploadUrl(folder, value), name: value };
    if (ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value))) {
      return text(formatShopDate(value, lang, { withTime: true }));
    }
    return text(value);
  }
  if (typeof value === 'number') {
    if (Object.hasOwn(AUDIT_REFERENCE_FIELDS, field) && Number.isSafeInteger(value)) {
      return text(referenceName(AUDIT_REFERENCE_FIELDS[field as keyof typeof AUDIT_REFERENCE_FIELDS], value, context));
    }
    const discount = field === 'discount_value' ? discountKind(changes, side) : null;
    if (discount === 'percentage') return text(t('admin-promo-codes.value.percentage', { value }));
    const isMoney = MONEY_FIELDS.has(field) || ENTITY_MONEY_FIELDS.has(`${entity}.${field}`) || discount === 'fixed';
    if (isMoney && Number.isSafeInteger(value)) {
      return text(formatPrice(value, money));
    }
    return text(String(value));
  }
  return text(JSON.stringify(value));
}

/** How the items of a list field are told apart and shown. */
interface ListReading {
  identity: (item: unknown) => string;
  show: (item: unknown) => ChangeValue;
  /** The part of an item that may change while it stays (a value's surcharge). */
  detail?: { label: (item: unknown) => string; value: (item: unknown) => ChangeValue };
}

const objectField = (item: unknown, name: string): unknown =>
  typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[name] : undefined;

function listReading(entity: string, field: string, context: ActivityContext): ListReading {
  const { t, lang, money } = context;
  const plain: ListReading = {
    identity: (item) => JSON.stringify(item),
    show: (item) => (typeof item === 'string' || typeof item === 'number' ? text(String(item)) : text(JSON.stringify(item))),
  };
  const surcharge = (value: unknown): string =>
    Number.isSafeInteger(value) ? formatPrice(value as number, money) : String(value);
  const signedSurcharge = (value: unknown): string =>
    Number.isSafeInteger(value) ? formatSignedPrice(value as number, money) : `+${String(value)}`;
  const folder = IMAGE_FIELDS[`${entity}.${field}`];
  if (folder) {
    return {
      identity: (item) => String(item),
      show: (item) =>
        typeof item === 'string' ? { kind: 'image', url: uploadUrl(folder, item), name: item } : plain.show(item),
    };
  }
  if (Object.hasOwn(AUDIT_REFERENCE_LISTS, field)) {
    const kind = AUDIT_REFERENCE_LISTS[field as keyof typeof AUDIT_REFERENCE_LISTS];
    return {
      identity: (item) => String(item),
      show: (item) => (Number.isSafeInteger(item) ? text(referenceName(kind, item as number, context)) : plain.show(item)),
    };
  }
  if (field === 'attribute_variations') {
    // A product's values: { variation_id, price } (the surcharge for this product).
    const name = (item: unknown) => {
      const id = objectField(item, 'variation_id');
      return Number.isSafeInteger(id) ? referenceName('attribute_variations', id as number, context) : JSON.stringify(item);
    };
    return {
      identity: (item) => String(objectField(item, 'variation_id')),
      show: (item) => text(`${name(item)} (${signedSurcharge(objectField(item, 'price'))})`),
      detail: { label: name, value: (item) => text(surcharge(objectField(item, 'price'))) },
    };
  }
  if (field === 'lines') {
    // A refund's lines: { order_item_id, quantity, restocked }, named as they were ordered.
    return {
      identity: (item) => String(objectField(item, 'order_item_id')),
      show: (item) => {
        const id = objectField(item, 'order_item_id');
        if (!Number.isSafeInteger(id)) return plain.show(item);
        const params = { quantity: String(objectField(item, 'quantity')), name: referenceName('order_items', id as number, context) };
        return text(t(objectField(item, 'restocked') === true ? 'admin-activity.refund_line_restocked' : 'admin-activity.refund_line', params));
      },
    };
  }
  if (field === 'variations') {
    // A deleted attribute's values: { id, title, title_en, additional_price }.
    const title = (item: unknown) => {
      const arabic = objectField(item, 'title');
      const english = objectField(item, 'title_en');
      return String((lang === 'en' && typeof english === 'string' && english) || arabic);
    };
    return {
      identity: (item) => String(objectField(item, 'id')),
      show: (item) => {
        const price = objectField(item, 'additional_price');
        return text(price ? `${title(item)} (${signedSurcharge(price)})` : title(item));
      },
    };
  }
  return { ...plain, show: (item) => (typeof item === 'string' ? text(item) : plain.show(item)) };
}

/**
 * A changed field as the view shows it: a list as what was added, removed or changed in it (by
 * name: pictures as thumbnails, values and products by their names); anything else from → to.
 */
export function changeView(
  entity: string,
  field: string,
  change: { from: unknown; to: unknown },
  context: ActivityContext,
  changes: Changes = {},
): ChangeView {
  const { from, to } = change;
  const isList = (value: unknown) => Array.isArray(value) || value === null || value === undefined;
  if ((Array.isArray(from) || Array.isArray(to)) && isList(from) && isList(to)) {
    const reading = listReading(entity, field, context);
    const before = (Array.isArray(from) ? from : []) as unknown[];
    const after = (Array.isArray(to) ? to : []) as unknown[];
    const beforeById = new Map(before.map((item) => [reading.identity(item), item]));
    const afterIds = new Set(after.map(reading.identity));
    const added = after.filter((item) => !beforeById.has(reading.identity(item)));
    const removed = before.filter((item) => !afterIds.has(reading.identity(item)));
    const changed: Array<{ label: string; from: ChangeValue; to: ChangeValue }> = [];
    const { detail } = reading;
    if (detail) {
      for (const item of after) {
        const previous = beforeById.get(reading.identity(item));
        if (previous !== undefined && JSON.stringify(previous) !== JSON.stringify(item)) {
          changed.push({ label: detail.label(item), from: detail.value(previous), to: detail.value(item) });
        }
      }
    }
    const kept = (list: unknown[], other: Set<string>) => list.map(reading.identity).filter((id) => other.has(id));
    const reordered =
      added.length === 0 &&
      removed.length === 0 &&
      kept(before, afterIds).join('\u0000') !== kept(after, new Set(beforeById.keys())).join('\u0000');
    return {
      kind: 'list',
      added: added.map(reading.show),
      removed: removed.map(reading.show),
      changed,
      reordered,
    };
  }
  return {
    kind: 'values',
    from: changeValue(entity, field, from, context, changes, 'from'),
    to: changeValue(entity, field, to, context, changes, 'to'),
  };
}

/**
 * Fields the list does not show: the record's own id (the entry names the record already), a
 * refund's id (its amount, lines and notes say what it was).
 */
const HIDDEN_FIELDS = new Set(['id', 'refund_id']);

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Which side of its fields an entry shows: a creation its values (to), a deletion what the
 * record held (from), anything else each field from → to.
 */
export function entrySide(action: string): 'to' | 'from' | 'both' {
  if (action === 'create') return 'to';
  if (action === 'delete') return 'from';
  return 'both';
}

/**
 * Which side of one field the view shows: the entry's side for a creation or deletion; for a
 * named action (a status change, a refund) a field it only adds (the notes, the carrier, the
 * amount) as its value alone; else from → to, an edit that fills an empty field included.
 */
export function fieldSide(action: string, from: unknown): 'to' | 'from' | 'both' {
  const side = entrySide(action);
  if (side !== 'both') return side;
  return action !== 'update' && isEmpty(from) ? 'to' : 'both';
}

/**
 * An entry's changed fields in a stable order (field name), each with its before and after. A
 * creation or deletion leaves out the fields the record had empty: they say nothing.
 */
export function changedFields(
  entry: Pick<AuditEntry, 'changes'> & Partial<Pick<AuditEntry, 'action'>>,
): Array<{ field: string; from: unknown; to: unknown }> {
  const side = entrySide(entry.action ?? 'update');
  return Object.entries(entry.changes ?? {})
    .filter(([field, change]) => !HIDDEN_FIELDS.has(field) && (side === 'both' || !isEmpty(change[side])))
    .map(([field, change]) => ({ field, from: change.from, to: change.to }))
    .sort((a, b) => fieldRank(a.field) - fieldRank(b.field) || a.field.localeCompare(b.field));
}

/**
 * The order fields are listed in: what names the record first, then its state and money, the
 * rest by name. The stored changes keep no order of their own.
 */
const FIELD_ORDER = [
  'name', 'name_ar', 'name_en', 'title', 'title_en', 'term', 'code', 'order_number', 'store_name', 'store_name_en',
  'status', 'payment_status', 'role', 'is_active', 'auto_sync',
  'price', 'sale_price', 'additional_price', 'amount', 'refunded_amount', 'shipping_fee', 'discount_type',
  'discount_value', 'total_amount',
];

function fieldRank(field: string): number {
  const rank = FIELD_ORDER.indexOf(field);
  return rank === -1 ? FIELD_ORDER.length : rank;
}

/** Kinds whose name is a code, shown without quotes ("Order SB-…", "Promo code EID2026"). */
const CODE_NAMED = new Set(['orders', 'promo_codes']);
/** Kinds of which the shop has a single record (no name, no number). */
const SINGLE_RECORDS = new Set(['settings', 'merchant_settings', 'storefront_layout']);

/**
 * The entry's record in words: "Product «مسبحة كهرمان»", "Order SB-7Q2M4K9XTA", "Store
 * settings", or "Product #12" when neither the record nor its entry gives a name.
 */
export function recordTitle(
  t: Translate,
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'record_name'>,
): string {
  const kind = entityItemLabel(t, entry.entity);
  if (SINGLE_RECORDS.has(entry.entity)) return kind;
  if (entry.record_name) {
    // Isolated, so a name in the other script keeps its order inside the sentence: a code reads
    // left to right, a name in its own first letter's direction.
    return CODE_NAMED.has(entry.entity)
      ? t('admin-activity.record.code', { kind, name: isolateLtr(entry.record_name) })
      : t('admin-activity.record.named', { kind, name: `\u2068${entry.record_name}\u2069` });
  }
  return entry.entity_id === null ? kind : t('admin-activity.record.numbered', { kind, id: entry.entity_id });
}

/**
 * Where the entry's record is seen in the back office: its own screen (a product, category,
 * account, promo code or order), or the tab that lists it (slides, cities, attributes, search
 * words, the settings). None for a record that no longer exists or a kind the view does not know.
 */
export function recordHref(
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'record_deleted'>,
): string | null {
  if (entry.record_deleted) return null;
  const id = entry.entity_id;
  switch (entry.entity) {
    case 'products':
    case 'categories':
    case 'users':
      return id === null ? adminHref(entry.entity) : adminRecordHref(entry.entity, id);
    case 'promo_codes':
      return id === null ? adminHref('promo-codes') : adminRecordHref('promo-codes', id);
    case 'orders':
      return id === null ? adminHref('orders') : adminOrderHref(id);
    case 'attributes':
    case 'attribute_variations':
      return adminHref('simple-attributes');
    case 'slides':
      return adminHref('slider');
    case 'cities':
      return adminHref('cities');
    case 'search_synonyms':
      return adminHref('search');
    case 'settings':
      return adminHref('settings');
    case 'merchant_settings':
      return adminHref('google-merchant');
    case 'content_pages':
    case 'storefront_layout':
      return adminHref('pages');
    case 'product_reviews':
      return adminHref('reviews');
    default:
      return null;
  }
}

/** The person filter of the URL as an id; anything else means "everyone". */
export function actorFilterFrom(value: string): number | undefined {
  return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
}

/** The entity filter of the URL as the API accepts it; anything else means "everything". */
export function entityFilterFrom(value: string): string | undefined {
  return /^[a-z_-]{1,64}$/.test(value) ? value : undefined;
}
