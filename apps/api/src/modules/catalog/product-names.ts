import { inArray } from 'drizzle-orm';
import { isInStock } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

/** A product's names, whether the storefront still sells it, and whether it is in stock (isInStock). */
export interface ProductName {
  id: number;
  name: string;
  name_en: string | null;
  published: boolean;
  in_stock: boolean;
}

/**
 * The names of products in any status (drafts too), for telling a shopper which of their lines
 * went away or which product is back. Products that no longer exist are simply absent. One statement.
 */
export async function productNames(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, ProductName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({
      id: products.id,
      name: products.name,
      name_en: products.name_en,
      status: products.status,
      manage_stock: products.manage_stock,
      stock_quantity: products.stock_quantity,
    })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        name_en: row.name_en,
        published: row.status === 'published',
        in_stock: isInStock(row),
      },
    ]),
  );
}
