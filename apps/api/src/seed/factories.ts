import type { Executor } from '../db/client.js';
import {
  attributeVariations,
  attributes,
  categories,
  productAttributeVariations,
  productImages,
  products,
  slides,
  storeSettings,
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

/** An attribute with its variations; each entry is [title, additional price in thousandths]. */
export async function createAttribute(
  db: Executor,
  name: string,
  variations: ReadonlyArray<readonly [string, number]>,
) {
  const [attribute] = await db.insert(attributes).values({ name }).returning();
  const rows = await db
    .insert(attributeVariations)
    .values(
      variations.map(([title, additional_price]) => ({
        attribute_id: attribute!.id,
        title,
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
