import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { sortCategories, type Category, type Product } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import {
  buildTree,
  groupBy,
  presentCategory,
  presentProduct,
  type CategoryRow,
} from './presenters.js';
import { published, selectProducts } from './product-rows.js';

/** Newest published products shown inside each category when a listing asks for them. */
export const CATEGORY_PREVIEW_PRODUCTS = 8;

/** The storefront's categories: the active tree with its counts, previews, one category. */
export function createCategoryReads(db: Database) {
  /**
   * Active categories with their published product counts (subcategories included), in id
   * order: every page of the catalogue reads them, so the statement is prepared (a recursive
   * query that PostgreSQL otherwise planned on each read).
   */
  const activeCategories = (() => {
    const column = <T>(name: string) => sql<T>`${sql.identifier('c')}.${sql.identifier(name)}`;
    return db
      .select({
        id: column<number>('id'),
        name: column<string>('name'),
        name_en: column<string | null>('name_en'),
        slug: column<string>('slug'),
        description: column<string | null>('description'),
        description_en: column<string | null>('description_en'),
        image: column<string | null>('image'),
        parent_id: column<number | null>('parent_id'),
        sort_order: column<number | null>('sort_order'),
        is_active: column<boolean>('is_active'),
        seo_title_ar: column<string | null>('seo_title_ar'),
        seo_title_en: column<string | null>('seo_title_en'),
        seo_description_ar: column<string | null>('seo_description_ar'),
        seo_description_en: column<string | null>('seo_description_en'),
        product_count: column<number | string>('product_count'),
        created_at: column<string>('created_at'),
      })
      .from(
        sql`(with recursive active as (
              select id, parent_id from categories where is_active
            ),
            branch(root_id, id) as (
              select id, id from active
              union
              select branch.root_id, active.id from active join branch on active.parent_id = branch.id
            ),
            direct as (
              select category_key as category_id, sum(products) as products
              from published_product_counts
              group by category_key
            ),
            totals as (
              select branch.root_id, sum(direct.products) as products
              from branch join direct on direct.category_id = branch.id
              group by branch.root_id
            )
            select c.id, c.name, c.name_en, c.slug, c.description, c.description_en, c.image,
                   c.parent_id, c.sort_order, c.is_active,
                   c.seo_title_ar, c.seo_title_en, c.seo_description_ar, c.seo_description_en,
                   coalesce(totals.products, 0) as product_count,
                   to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
            from categories c left join totals on totals.root_id = c.id
            where c.is_active) as ${sql.identifier('c')}`,
      )
      .orderBy(column('id'))
      .prepare('catalog_active_categories');
  })();

  /** Active categories with their published product counts (subcategories included), sorted. */
  async function loadCategories(): Promise<Category[]> {
    const rows: CategoryRow[] = await activeCategories.execute();
    return sortCategories(rows.map(presentCategory), 'sort_order', 'asc');
  }

  /** Up to CATEGORY_PREVIEW_PRODUCTS newest published products directly in each category. */
  async function previewProducts(categoryIds: number[]): Promise<Map<number, Product[]>> {
    if (categoryIds.length === 0) return new Map();
    const ranked = db
      .select({
        id: products.id,
        position: sql<number>`row_number() over (
          partition by ${products.category_id}
          order by ${products.created_at} desc, ${products.id} desc
        )`.as('position'),
      })
      .from(products)
      .where(and(published, inArray(products.category_id, categoryIds)))
      .as('ranked');
    const rows = await selectProducts(db)
      .innerJoin(ranked, eq(ranked.id, products.id))
      .where(lte(ranked.position, CATEGORY_PREVIEW_PRODUCTS))
      .orderBy(asc(products.category_id), desc(products.created_at), desc(products.id));
    return groupBy(rows.map(presentProduct), (product) => product.category_id!);
  }

  /** The active category that matches, with its active subcategories, or NOT_FOUND. */
  async function findCategory(matches: (category: Category) => boolean): Promise<Category> {
    const flat = await loadCategories();
    const found = flat.find(matches);
    if (!found) throw AppError.notFound('error.category_not_found');
    const stack = buildTree(flat);
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.id === found.id) return node;
      stack.push(...(node.children ?? []));
    }
    return found;
  }

  return { loadCategories, previewProducts, findCategory };
}
