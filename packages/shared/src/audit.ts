/** The activity trail's references: what its web view names, and the API names for it. */

/**
 * The kinds of record a change may point to by id, whose names `names` gives: a field holding
 * such an id (AUDIT_REFERENCE_FIELDS), a list of them (AUDIT_REFERENCE_LISTS), a product's
 * attribute_variations ({ variation_id, price }) or a refund's lines ({ order_item_id, quantity,
 * restocked }: an order item is named by the product name it was ordered under).
 */
export const AUDIT_NAMED_KINDS = [
  'products',
  'categories',
  'attributes',
  'attribute_variations',
  'orders',
  'order_items',
  'users',
  'cities',
  'countries',
  'governorates',
  'promo_codes',
  'slides',
  'search_synonyms',
  'product_reviews',
] as const;
export type AuditNamedKind = (typeof AUDIT_NAMED_KINDS)[number];

/** Fields holding the id of another record, and the kind of that record. */
export const AUDIT_REFERENCE_FIELDS = {
  category_id: 'categories',
  parent_id: 'categories',
  attribute_id: 'attributes',
  variation_id: 'attribute_variations',
  country_id: 'countries',
  governorate_id: 'governorates',
  city_id: 'cities',
  user_id: 'users',
  promo_code_id: 'promo_codes',
  product_id: 'products',
  order_id: 'orders',
} as const satisfies Record<string, AuditNamedKind>;

/** Fields holding a list of ids of other records (a deleted category's products…). */
export const AUDIT_REFERENCE_LISTS = {
  product_ids: 'products',
  child_category_ids: 'categories',
} as const satisfies Record<string, AuditNamedKind>;
