import { sql, type SQL } from 'drizzle-orm';
import {
  fromThousandths,
  inLanguage,
  uploadUrl,
  type DashboardProduct,
  type Language,
  type LowStockProduct,
} from '@shop/shared';
import { queryRows, type Executor } from '../../db/client.js';
import { categories, productImages, products } from '../../db/schema/index.js';

/**
 * The catalogue's figures for the dashboard (docs/decisions/011-dashboard-figures.md): how many
 * products, the newest ones, and those running out. They live here because a module never
 * reads another module's tables: the dashboard calls these.
 */

/**
 * The file of a product's featured image (its first image in display order), as a subquery on
 * the product id `productId` names; evaluated only for the rows a query returns.
 */
const featuredImageFile = (productId: SQL) => sql<string | null>`(
  select image.filename from ${productImages} image
  where image.product_id = ${productId}
  order by image.sort_order, image.id
  limit 1
)`;

const imageUrl = (filename: string | null) => (filename ? uploadUrl('products', filename) : null);

/** Every product, published or draft. */
export async function productCount(executor: Executor): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from ${products}`,
  );
  return Number(row?.total ?? 0);
}

/** The products added last (highest id first), names in `lang`. */
export async function recentProducts(
  executor: Executor,
  lang: Language,
  limit: number,
): Promise<DashboardProduct[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    name_en: string | null;
    category_name: string | null;
    category_name_en: string | null;
    price: number;
    status: 'published' | 'draft';
    image: string | null;
  }>(
    executor,
    sql`select p.id, p.name, p.name_en, c.name as category_name, c.name_en as category_name_en,
        p.price, p.status, ${featuredImageFile(sql`p.id`)} as image
      from ${products} p
      left join ${categories} c on c.id = p.category_id
      order by p.id desc
      limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: inLanguage(lang, row.name, row.name_en),
    category_name:
      row.category_name === null ? null : inLanguage(lang, row.category_name, row.category_name_en),
    price: fromThousandths(row.price),
    status: row.status,
    featured_image: imageUrl(row.image),
  }));
}

/**
 * Products whose stock is counted and at or below `threshold` (out of stock included), lowest
 * first, at most `limit` of them, and how many there are in all. Products that do not manage
 * their stock never run out and are left out.
 */
export async function lowStockProducts(
  executor: Executor,
  lang: Language,
  threshold: number,
  limit: number,
): Promise<{ products: LowStockProduct[]; total: number }> {
  const rows = await queryRows<{
    id: number;
    name: string;
    name_en: string | null;
    stock_quantity: number;
    image: string | null;
    total: number;
  }>(
    executor,
    // The count runs over every low product; the images only for the ones shown.
    sql`select low.*, ${featuredImageFile(sql`low.id`)} as image
      from (
        select p.id, p.name, p.name_en, p.stock_quantity, (count(*) over ())::int as total
        from ${products} p
        where p.manage_stock and p.stock_quantity <= ${threshold}
          and p.status in ('published', 'draft')
        order by p.stock_quantity, p.id
        limit ${limit}
      ) low
      order by low.stock_quantity, low.id`,
  );
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: inLanguage(lang, row.name, row.name_en),
      stock_quantity: row.stock_quantity,
      featured_image: imageUrl(row.image),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
