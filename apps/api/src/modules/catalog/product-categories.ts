import { eq, inArray } from 'drizzle-orm';
import type { Language } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';

/** A product's category as the sales report groups by it. */
export interface ProductCategory {
  id: number;
  /** In the asked language (Arabic when the category has no English name). */
  name: string;
}

/**
 * The category of each product, in any status (drafts too); products without a category map to
 * null, products that no longer exist are absent. One statement.
 */
export async function productCategories(
  executor: Executor,
  ids: readonly number[],
  lang: Language,
): Promise<Map<number, ProductCategory | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ product_id: products.id, id: categories.id, name: categories.name, name_en: categories.name_en })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id))
    .where(inArray(products.id, unique));
  return new Map(
    rows.map((row) => [
      row.product_id,
      row.id === null ? null : { id: row.id, name: (lang === 'en' ? row.name_en : null) ?? row.name ?? '' },
    ]),
  );
}
