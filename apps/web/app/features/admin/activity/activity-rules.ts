import {
  USER_ROLES,
  formatPrice,
  orderStatuses,
  type AuditEntry,
  type MoneyFormat,
} from '@shop/shared';
import type { MessageKey, Translate } from '../../../i18n/i18n';

/**
 * How the activity view reads the audit trail: names of the things and actions it knows (raw
 * names for the ones it does not), changed values as an admin can read them, and its filters.
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
  users: ['admin-activity.entity.users', 'admin-activity.entity_one.users'],
  cities: ['admin-activity.entity.cities', 'admin-activity.entity_one.cities'],
  promo_codes: ['admin-activity.entity.promo_codes', 'admin-activity.entity_one.promo_codes'],
  search_synonyms: ['admin-activity.entity.search_synonyms', 'admin-activity.entity_one.search_synonyms'],
  merchant_settings: ['admin-activity.entity.merchant_settings', 'admin-activity.entity_one.merchant_settings'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey]>;

const ACTION_NAMES = {
  create: 'admin-activity.action.create',
  update: 'admin-activity.action.update',
  delete: 'admin-activity.action.delete',
  status_change: 'admin-activity.action.status_change',
  late_payment: 'admin-activity.action.late_payment',
} as const satisfies Record<string, MessageKey>;

function known<T extends object>(table: T, name: string): name is Extract<keyof T, string> {
  return Object.hasOwn(table, name);
}

/** The name of a kind of thing for the filter ("Products"); the raw name when it is not known. */
export function entityLabel(t: Translate, entity: string): string {
  return known(ENTITY_NAMES, entity) ? t(ENTITY_NAMES[entity][0]) : entity;
}

/** The name of one thing of that kind ("Product"); the raw name when it is not known. */
export function entityItemLabel(t: Translate, entity: string): string {
  return known(ENTITY_NAMES, entity) ? t(ENTITY_NAMES[entity][1]) : entity;
}

/** What was done ("Updated"); the raw name when it is not known. */
export function actionLabel(t: Translate, action: string): string {
  return known(ACTION_NAMES, action) ? t(ACTION_NAMES[action]) : action;
}

/**
 * Fields the trail keeps as money in thousandths (fils), as the database stores them. A promo
 * code's discount_value is not one: it is a percentage or an amount depending on its type.
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
]);

/** Longest value shown in full in the list; longer ones are cut (the whole value in a tooltip). */
export const CHANGE_VALUE_MAX = 80;
/** Changed fields shown at once; the others behind "show more". */
export const CHANGES_SHOWN = 6;

export type ChangeValue =
  | { kind: 'none' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'label'; key: MessageKey }
  | { kind: 'text'; text: string; full: string };

/** Values with a name of their own: an order's status, a product's status, an account's role. */
function namedValue(entity: string, field: string, value: string): MessageKey | null {
  if (
    entity === 'orders' &&
    field === 'status' &&
    (orderStatuses as readonly string[]).includes(value)
  ) {
    return `orders.status.${value as (typeof orderStatuses)[number]}`;
  }
  if (entity === 'products' && field === 'status' && (value === 'published' || value === 'draft')) {
    return `admin.common.${value}`;
  }
  if (entity === 'users' && field === 'role' && (USER_ROLES as readonly string[]).includes(value)) {
    return `admin-users.role.${value as (typeof USER_ROLES)[number]}`;
  }
  return null;
}

/**
 * A changed field's value as the list shows it: nothing, yes/no, a named value (an order's
 * status…), or text (money as charged, "12.500 KD", cut when long).
 */
export function changeValue(
  entity: string,
  field: string,
  value: unknown,
  money: MoneyFormat,
): ChangeValue {
  if (value === null || value === undefined || value === '') return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  const key = typeof value === 'string' ? namedValue(entity, field, value) : null;
  if (key) return { kind: 'label', key };
  let full: string;
  if (typeof value === 'number' && MONEY_FIELDS.has(field) && Number.isSafeInteger(value)) {
    full = formatPrice(value, money, 'charged');
  } else if (typeof value === 'string' || typeof value === 'number') {
    full = String(value);
  } else {
    full = JSON.stringify(value);
  }
  const text =
    full.length > CHANGE_VALUE_MAX ? `${full.slice(0, CHANGE_VALUE_MAX - 1).trimEnd()}…` : full;
  return { kind: 'text', text, full };
}

/** An entry's changed fields in a stable order (field name), each with its before and after. */
export function changedFields(
  entry: Pick<AuditEntry, 'changes'>,
): Array<{ field: string; from: unknown; to: unknown }> {
  return Object.entries(entry.changes ?? {})
    .map(([field, change]) => ({ field, from: change.from, to: change.to }))
    .sort((a, b) => a.field.localeCompare(b.field));
}

/** The person filter of the URL as an id; anything else means "everyone". */
export function actorFilterFrom(value: string): number | undefined {
  return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
}

/** The entity filter of the URL as the API accepts it; anything else means "everything". */
export function entityFilterFrom(value: string): string | undefined {
  return /^[a-z_-]{1,64}$/.test(value) ? value : undefined;
}

