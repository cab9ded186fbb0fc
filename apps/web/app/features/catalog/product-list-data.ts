import { data, redirect } from 'react-router';
import {
  languageOfPath,
  pathInLanguage,
  PRODUCT_PAGE_SIZE,
  type Category,
  type CategoryListResponse,
  type CategoryResponse,
  type Pagination,
  type ProductListResponse,
} from '@shop/shared';
import { ApiError, type Api } from '../../lib/api';
import { categoryAncestors, categoryOptions, type CategoryOption } from './category-tree';
import { cardProduct, type CardProduct } from './product-card';
import {
  apiSorting,
  listHref,
  readListParams,
  tidyListHref,
  type ProductFilters,
} from './product-list-query';

export interface CategoryCrumb {
  name: string;
  name_en: string | null;
  slug: string;
}

export interface ProductListData {
  products: CardProduct[];
  pagination: Pagination;
  filters: ProductFilters;
  page: number;
  categoryOptions: CategoryOption[];
  /** Set on /category/{slug}: the category the page is about and its ancestors. */
  category: (Omit<Category, 'children' | 'products'> & { ancestors: CategoryCrumb[] }) | null;
}

function emptyList(page: number): ProductListResponse {
  return {
    success: true,
    products: [],
    pagination: { page, limit: PRODUCT_PAGE_SIZE, total: 0, pages: 0 },
  };
}

/**
 * Everything a product list page needs, for /products (`slug` undefined) and /category/{slug}.
 * Untidy addresses (an unsubmitted form's empty fields, `sort_by`) are redirected to the tidy
 * one first; a page past the end goes to the last page.
 */
export async function loadProductList(api: Api, url: URL, slug?: string): Promise<ProductListData> {
  const tidy = tidyListHref(url, slug);
  if (tidy) throw redirect(tidy);
  const { filters, page } = readListParams(url.searchParams);
  if (slug !== undefined) filters.category = slug;

  const categoryRequest =
    slug === undefined
      ? Promise.resolve(null)
      : api
          .get<CategoryResponse>(`/categories/slug/${encodeURIComponent(slug)}`)
          .catch((error: unknown) => {
            if (error instanceof ApiError && (error.status === 404 || error.status === 400))
              throw data(null, { status: 404 });
            throw error;
          });
  const listRequest = api
    .get<ProductListResponse>('/products', {
      page,
      limit: PRODUCT_PAGE_SIZE,
      search: filters.search,
      category: filters.category,
      featured: filters.featured ? 'true' : undefined,
      ...apiSorting(filters),
    })
    .catch((error: unknown) => {
      // An unknown category slug in /products?category=... lists nothing rather than failing.
      if (error instanceof ApiError && error.status === 404 && slug === undefined)
        return emptyList(page);
      throw error;
    });
  const [categoryReply, list, categories] = await Promise.all([
    categoryRequest,
    listRequest,
    api.get<CategoryListResponse>('/categories'),
  ]);

  const { pages } = list.pagination;
  if (pages > 0 && page > pages) {
    throw redirect(pathInLanguage(listHref(filters, pages, slug !== undefined), languageOfPath(url.pathname)));
  }

  let category: ProductListData['category'] = null;
  if (categoryReply) {
    const { children: _children, products: _products, ...fields } = categoryReply.category;
    category = {
      ...fields,
      ancestors: categoryAncestors(categories.flat_categories, fields).map(
        ({ name, name_en, slug: ancestorSlug }) => ({
          name,
          name_en,
          slug: ancestorSlug,
        }),
      ),
    };
  }
  return {
    products: list.products.map(cardProduct),
    pagination: list.pagination,
    filters,
    page,
    categoryOptions: categoryOptions(categories.flat_categories),
    category,
  };
}
