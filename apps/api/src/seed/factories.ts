import { orderTotal } from '@shop/shared';
import type { Executor } from '../db/client.js';
import { normalizeEmail, normalizePhone } from '../lib/contact.js';
import { selectionKey } from '../modules/cart/index.js';
import { newOrderNumber } from '../modules/orders/index.js';
import {
  attributeVariations,
  attributes,
  cartItems,
  carts,
  categories,
  cities,
  countries,
  governorates,
  orderItems,
  orders,
  productAttributeVariations,
  productImages,
  products,
  promoCodes,
  slides,
  stockMovements,
  storeSettings,
  users,
} from '../db/schema/index.js';

/**
 * Data factories shared by the demo seed and the tests, so demo data is always valid data.
 * Money arguments are integer thousandths.
 */

let sequence = 0;
const next = () => ++sequence;

export type NewCategory = typeof categories.$inferInsert;
export type NewProduct = typeof products.$inferInsert;

export async function createCategory(db: Executor, values: Partial<NewCategory> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `فئة ${n}`, slug: `category-${n}`, ...values })
    .returning();
  return row!;
}

export async function createProduct(
  db: Executor,
  values: Partial<NewProduct> = {},
  options: { images?: string[] } = {},
) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `منتج ${n}`,
      price: 10_000,
      stock_quantity: 10,
      status: 'published',
      ...values,
    })
    .returning();
  const product = row!;
  if (options.images && options.images.length > 0) {
    await db.insert(productImages).values(
      options.images.map((filename, index) => ({
        product_id: product.id,
        filename,
        sort_order: index,
      })),
    );
  }
  return product;
}

/**
 * An attribute with its variations; each entry is [title, additional price in thousandths].
 * `english`: the English name and the English title of each variation by its Arabic title.
 */
export async function createAttribute(
  db: Executor,
  name: string,
  variations: ReadonlyArray<readonly [string, number]>,
  english: { name?: string | null; titles?: Readonly<Record<string, string>> } = {},
) {
  const [attribute] = await db
    .insert(attributes)
    .values({ name, name_en: english.name ?? null })
    .returning();
  const rows = await db
    .insert(attributeVariations)
    .values(
      variations.map(([title, additional_price]) => ({
        attribute_id: attribute!.id,
        title,
        title_en: english.titles?.[title] ?? null,
        additional_price,
      })),
    )
    .returning();
  return { attribute: attribute!, variations: rows };
}

/** Offers variations on a product; the surcharge defaults to the variation's own price. */
export async function linkProductVariations(
  db: Executor,
  productId: number,
  variations: ReadonlyArray<{ id: number; additional_price: number; price?: number }>,
) {
  if (variations.length === 0) return;
  await db.insert(productAttributeVariations).values(
    variations.map((variation, index) => ({
      product_id: productId,
      variation_id: variation.id,
      price: variation.price ?? variation.additional_price,
      sort_order: index,
    })),
  );
}

export async function createSlide(db: Executor, values: Partial<typeof slides.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(slides)
    .values({ title: `شريحة ${n}`, image: `slide-${n}.webp`, sort_order: n, ...values })
    .returning();
  return row!;
}

export async function saveStoreSettings(
  db: Executor,
  values: Partial<typeof storeSettings.$inferInsert>,
) {
  await db
    .insert(storeSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: storeSettings.id, set: values });
}

// Batch factories: one statement for many rows, for the demo seed and for tests that need volume.

export async function createCategories(db: Executor, rows: NewCategory[]) {
  if (rows.length === 0) return [];
  return db.insert(categories).values(rows).returning();
}

export async function createProducts(db: Executor, rows: NewProduct[]) {
  if (rows.length === 0) return [];
  return db.insert(products).values(rows).returning();
}

/**
 * The stock ledger's opening rows of products inserted directly (the demo store): each stocked
 * product starts its history with its level, as the ledger's migration did (decision 054).
 */
export async function openStockLedger(db: Executor, rows: Array<Pick<typeof products.$inferSelect, 'id' | 'stock_quantity' | 'created_at'>>) {
  const stocked = rows.filter((row) => row.stock_quantity !== 0);
  if (stocked.length === 0) return;
  await db.insert(stockMovements).values(
    stocked.map((row) => ({
      product_id: row.id,
      delta: row.stock_quantity,
      level: row.stock_quantity,
      reason: 'opening',
      created_at: row.created_at,
    })),
  );
}

/** Image rows: product_id, filename and sort_order (0 is the featured image). */
export async function addProductImages(
  db: Executor,
  rows: Array<typeof productImages.$inferInsert>,
) {
  if (rows.length === 0) return;
  await db.insert(productImages).values(rows);
}

/** Variation offers of many products at once, each with its own surcharge. */
export async function linkVariations(
  db: Executor,
  rows: Array<typeof productAttributeVariations.$inferInsert>,
) {
  if (rows.length === 0) return;
  await db.insert(productAttributeVariations).values(rows);
}

export async function createSlides(db: Executor, rows: Array<typeof slides.$inferInsert>) {
  if (rows.length === 0) return [];
  return db.insert(slides).values(rows).returning();
}

// Locations and promo codes.

export type NewCountry = typeof countries.$inferInsert;
export type NewGovernorate = typeof governorates.$inferInsert;
export type NewCity = typeof cities.$inferInsert;
export type NewPromoCode = typeof promoCodes.$inferInsert;

const countryCode = (n: number) =>
  String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26));

export async function createCountry(db: Executor, values: Partial<NewCountry> = {}) {
  const n = next();
  const [row] = await db
    .insert(countries)
    .values({ name_ar: `دولة ${n}`, name_en: `Country ${n}`, code: countryCode(n), ...values })
    .returning();
  return row!;
}

export async function createGovernorate(
  db: Executor,
  values: Partial<NewGovernorate> & Pick<NewGovernorate, 'country_id'>,
) {
  const n = next();
  const [row] = await db
    .insert(governorates)
    .values({ name_ar: `محافظة ${n}`, name_en: `Governorate ${n}`, ...values })
    .returning();
  return row!;
}

/** A city; the shipping fee is in thousandths (the table's default is 5 KD). */
export async function createCity(
  db: Executor,
  values: Partial<NewCity> & Pick<NewCity, 'country_id'>,
) {
  const n = next();
  const [row] = await db
    .insert(cities)
    .values({ name_ar: `مدينة ${n}`, name_en: `City ${n}`, ...values })
    .returning();
  return row!;
}

/** A promo code: 10% off with no limits unless told otherwise. Fixed values are thousandths. */
export async function createPromoCode(db: Executor, values: Partial<NewPromoCode> = {}) {
  const n = next();
  const [row] = await db
    .insert(promoCodes)
    .values({ code: `CODE${n}`, discount_type: 'percentage', discount_value: 10, ...values })
    .returning();
  return row!;
}

export async function createGovernorates(db: Executor, rows: NewGovernorate[]) {
  if (rows.length === 0) return [];
  return db.insert(governorates).values(rows).returning();
}

export async function createCities(db: Executor, rows: NewCity[]) {
  if (rows.length === 0) return [];
  return db.insert(cities).values(rows).returning();
}

export async function createPromoCodes(db: Executor, rows: NewPromoCode[]) {
  if (rows.length === 0) return [];
  return db.insert(promoCodes).values(rows).returning();
}

/** A cart row: pass user_id for a user's cart, token_hash for a guest's, or neither. */
export async function createCart(db: Executor, values: Partial<typeof carts.$inferInsert> = {}) {
  const [row] = await db.insert(carts).values(values).returning();
  return row!;
}

/** A cart line; selected maps attribute id to variation id, selection_key is derived from it. */
export async function addCartItem(
  db: Executor,
  values: {
    cart_id: number;
    product_id: number;
    quantity: number;
    selected?: Record<string, number>;
  },
) {
  const selected = values.selected ?? {};
  const [row] = await db
    .insert(cartItems)
    .values({ ...values, selected, selection_key: selectionKey(selected) })
    .returning();
  return row!;
}

// Orders.

export type NewOrder = typeof orders.$inferInsert;
/** An order's fields as a test gives them: the comparison forms of its contact follow from the rest. */
export type OrderValues = Partial<Omit<NewOrder, 'contact_email' | 'contact_phone'>>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'order_id' | 'line_total'>;

/**
 * An order written directly (no stock or promo bookkeeping), with its items: for reads and
 * back-office data. Totals are derived from the items, the shipping amount and any gift wrapping fee; the contact's
 * comparison forms from its e-mail and phone (lib/contact.ts).
 */
export async function createOrder(
  db: Executor,
  values: OrderValues = {},
  items: NewOrderItem[] = [{ product_id: null, product_name: 'سبحة', unit_price: 10_000, quantity: 1 }],
) {
  const n = next();
  const subtotal = items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
  const discount = values.discount_amount ?? 0;
  const shipping = values.shipping_amount ?? 0;
  const tax = values.tax_amount ?? 0;
  const giftWrap = values.gift_wrap_fee ?? 0;
  const email = values.customer_email ?? `customer${n}@example.com`;
  const phone = values.customer_phone ?? '+96550000000';
  const [order] = await db
    .insert(orders)
    .values({
      order_number: newOrderNumber(),
      customer_name: `عميل ${n}`,
      customer_email: email,
      customer_phone: phone,
      contact_email: normalizeEmail(email),
      contact_phone: normalizePhone(phone) ?? phone,
      shipping_address: `قطعة ${n}، شارع ${n}`,
      country_name_ar: 'الكويت',
      country_name_en: 'Kuwait',
      city_name_ar: 'حولي',
      city_name_en: 'Hawalli',
      payment_method: 'cash_on_delivery',
      subtotal,
      discount_amount: discount,
      shipping_amount: shipping,
      gift_wrap: giftWrap > 0,
      gift_wrap_fee: giftWrap,
      tax_amount: tax,
      total_amount: orderTotal({ subtotal, discount, shipping, giftWrap, tax }),
      ...values,
    })
    .returning();
  const rows =
    items.length === 0
      ? []
      : await db
          .insert(orderItems)
          .values(
            items.map((item) => ({
              ...item,
              order_id: order!.id,
              line_total: item.unit_price * item.quantity,
            })),
          )
          .returning();
  return { order: order!, items: rows };
}

/** A customer account without a password (tests that only need a user row to point at). */
export async function createUser(db: Executor, values: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ username: `customer${n}`, name: `عميل ${n}`, email: `customer${n}@example.com`, ...values })
    .returning();
  return row!;
}
