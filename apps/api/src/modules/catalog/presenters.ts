import {
  effectivePrice,
  fromThousandths,
  isInStock,
  uploadUrl,
  type Category,
  type Product,
  type ProductImage,
} from '@shop/shared';
import type { ImageRow, ProductRow } from './product-rows.js';

// Rows as the API answers them: products and categories in the contract's shape, categories as
// a tree. The storefront's reads and the back office present with the same functions.

export interface CategoryTree {
  categories: Category[];
  flat_categories: Category[];
}

/**
 * A category as the category queries select it: the contract's fields before presentation (the
 * image a stored file name, counts possibly numeric text), without the nested children and
 * products that buildTree and the previews add.
 */
export type CategoryRow = Omit<Category, 'product_count' | 'children_count' | 'children' | 'products'> & {
  product_count: number | string;
  /** Staff views only. */
  children_count?: number | string;
};

function presentImages(rows: readonly ImageRow[]): ProductImage[] {
  return rows.map((row, index) => ({
    id: row.id,
    filename: row.filename,
    url: uploadUrl('products', row.filename),
    sort_order: row.sort_order,
    is_featured: index === 0,
  }));
}

/** The public product payload: decimal prices, featured as 1/0, image URLs. */
export function presentProduct(row: ProductRow): Product {
  const images = presentImages(row.images);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    name_en: row.name_en,
    short_description_en: row.short_description_en,
    description_en: row.description_en,
    price: fromThousandths(row.price),
    sale_price: row.sale_price === null ? null : fromThousandths(row.sale_price),
    current_price: fromThousandths(row.current_price ?? effectivePrice(row.price, row.sale_price)),
    stock_quantity: row.stock_quantity,
    manage_stock: row.manage_stock,
    in_stock: isInStock(row),
    sku: row.sku,
    featured: row.featured ? 1 : 0,
    status: row.status,
    category_id: row.category_id,
    category_name: row.category_name,
    category_name_en: row.category_name_en,
    category_slug: row.category_slug,
    images,
    featured_image: images[0]?.url ?? null,
    gallery: images.map((image) => image.url),
    review_average: row.review_rating === null ? null : row.review_rating / 10,
    review_count: row.review_count,
    seo_title_ar: row.seo_title_ar,
    seo_title_en: row.seo_title_en,
    seo_description_ar: row.seo_description_ar,
    seo_description_en: row.seo_description_en,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    slug: row.slug,
    description: row.description,
    description_en: row.description_en,
    image: row.image ? uploadUrl('categories', row.image) : null,
    parent_id: row.parent_id,
    sort_order: row.sort_order,
    is_active: row.is_active,
    seo_title_ar: row.seo_title_ar,
    seo_title_en: row.seo_title_en,
    seo_description_ar: row.seo_description_ar,
    seo_description_en: row.seo_description_en,
    product_count: Number(row.product_count),
    ...(row.children_count === undefined ? {} : { children_count: Number(row.children_count) }),
    created_at: row.created_at,
  };
}

/**
 * Nests categories under their parents, keeping the list's order among siblings. A category
 * whose parent is not listed (inactive), or whose parent chain loops back to it, becomes a root.
 */
export function buildTree(flat: readonly Category[]): Category[] {
  const nodes = new Map(
    flat.map((category) => [category.id, { ...category, children: [] as Category[] }]),
  );
  const loopsBackTo = (id: number, start: number | null): boolean => {
    const seen = new Set<number>();
    for (let current = start; current !== null; current = nodes.get(current)?.parent_id ?? null) {
      if (current === id) return true;
      // A loop above this category that does not include it is broken at its own members.
      if (seen.has(current)) return false;
      seen.add(current);
    }
    return false;
  };
  const roots: Category[] = [];
  for (const category of flat) {
    const node = nodes.get(category.id)!;
    const parent = category.parent_id === null ? undefined : nodes.get(category.parent_id);
    if (parent && !loopsBackTo(node.id, parent.id)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Rows by a numeric key (a category, a product), each group in the rows' order. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
