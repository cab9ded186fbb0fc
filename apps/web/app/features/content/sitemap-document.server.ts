import {
  PRODUCT_PAGE_SIZE_MAX,
  type CategoryListResponse,
  type Product,
  type ProductListResponse,
} from '@shop/shared';
import type { Api } from '../../lib/api';
import { resourceAnswerOf } from '../../lib/page-answer';
import { sitemapEntries, type SitemapEntry } from './sitemap';

/** Product pages fetched at once while walking the catalogue; keeps the API from a burst. */
const PARALLEL_PAGES = 4;

/** Every published product, page by page at the API's largest page size, oldest first. */
async function allProducts(api: Api): Promise<Product[]> {
  const fetchPage = (page: number) =>
    api.get<ProductListResponse>('/products', { page, limit: PRODUCT_PAGE_SIZE_MAX, sort: 'created_at', order: 'asc' });
  const first = await fetchPage(1);
  const products = [...first.products];
  for (let page = 2; page <= first.pagination.pages; page += PARALLEL_PAGES) {
    const batch = [];
    for (let next = page; next < page + PARALLEL_PAGES && next <= first.pagination.pages; next += 1) {
      batch.push(fetchPage(next));
    }
    for (const reply of await Promise.all(batch)) products.push(...reply.products);
  }
  return products;
}

/** Every public page of the shop, for the sitemap's files (the fixed pages, categories, products). */
export async function publicPages(api: Api): Promise<SitemapEntry[]> {
  const [categories, products] = await Promise.all([api.get<CategoryListResponse>('/categories'), allProducts(api)]).catch(
    // The database down is a 503 with the API's Retry-After (a crawler comes back), not a 500.
    (error: unknown) => {
      throw resourceAnswerOf(error) ?? error;
    },
  );
  return sitemapEntries(categories.flat_categories, products);
}

/** An XML answer crawlers may keep for an hour. */
export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
