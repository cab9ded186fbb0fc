import {
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
  SEARCH_MAX_LENGTH,
  productSortFields,
  sortOrders,
  type ProductSortField,
  type SortOrder,
} from '@shop/shared';

/**
 * The product list's filters and their mirror in the query string (search, category, featured,
 * sort, order). The page travels as `page` so listing pages can be shared and rendered on the
 * server, but any filter change goes back to page 1. `limit` is never written.
 */
export interface ProductFilters {
  search: string;
  /** Category slug, '' for all categories. */
  category: string;
  featured: boolean;
  /**
   * null: the API's own order, which is best match first while searching and newest first
   * otherwise. An explicit sort always comes with its order.
   */
  sorting: { sort: ProductSortField; order: SortOrder } | null;
}

export const sortOptions = {
  relevance: null,
  newest: { sort: 'created_at', order: 'desc' },
  oldest: { sort: 'created_at', order: 'asc' },
  name_asc: { sort: 'name', order: 'asc' },
  name_desc: { sort: 'name', order: 'desc' },
  price_asc: { sort: 'price', order: 'asc' },
  price_desc: { sort: 'price', order: 'desc' },
} as const satisfies Record<string, ProductFilters['sorting']>;

export type SortOption = keyof typeof sortOptions;

/** The choices of the sort select: 'best match' exists only while searching. */
export function sortOptionsFor(searching: boolean): SortOption[] {
  const names = Object.keys(sortOptions) as SortOption[];
  return searching ? names : names.filter((name) => name !== 'relevance');
}

/** The field of the no-JavaScript form that carries a sort option; the loader turns it into sort + order. */
export const SORT_OPTION_FIELD = 'sort_by';
/** Value of the featured checkbox and of `featured` in the URL. */
export const FEATURED_VALUE = 'true';

export function isSortOption(value: unknown): value is SortOption {
  return typeof value === 'string' && Object.hasOwn(sortOptions, value);
}

/** The option the sort select shows for the filters. */
export function sortOptionFor(filters: Pick<ProductFilters, 'search' | 'sorting'>): SortOption {
  const { sorting } = filters;
  if (sorting === null) return filters.search ? 'relevance' : 'newest';
  const names = Object.keys(sortOptions) as SortOption[];
  return (
    names.find((name) => {
      const option = sortOptions[name];
      return option !== null && option.sort === sorting.sort && option.order === sorting.order;
    }) ?? 'newest'
  );
}

export function sortingFor(option: SortOption): ProductFilters['sorting'] {
  const value = sortOptions[option];
  return value === null ? null : { ...value };
}

/** The sort and order query of the products API for the filters (none: the API's own order). */
export function apiSorting(filters: ProductFilters): {
  sort?: ProductSortField;
  order?: SortOrder;
} {
  return filters.sorting ? { ...filters.sorting } : {};
}

export const defaultFilters: ProductFilters = {
  search: '',
  category: '',
  featured: false,
  sorting: null,
};

const MAX_PAGE = 100_000;
const LIST_KEYS = ['search', 'category', 'featured', 'sort', 'order', 'page', SORT_OPTION_FIELD];

function isFeatured(value: string | null): boolean {
  return value === 'true' || value === '1' || value === 'on';
}

function pageFrom(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

function sortingFrom(params: URLSearchParams): ProductFilters['sorting'] {
  const option = params.get(SORT_OPTION_FIELD);
  if (isSortOption(option)) return sortingFor(option);
  const sort = params.get('sort');
  const order = params.get('order');
  if (!(productSortFields as readonly string[]).includes(sort ?? '')) return null;
  return {
    sort: sort as ProductSortField,
    order: (sortOrders as readonly string[]).includes(order ?? '') ? (order as SortOrder) : 'desc',
  };
}

/**
 * Reads filters and page from a list URL. Unknown or malformed values fall back to the defaults,
 * so a hand-edited address still shows a list instead of an error. `sort_by` (a sort option from
 * the no-JavaScript form) wins over sort/order.
 */
export function readListParams(params: URLSearchParams): { filters: ProductFilters; page: number } {
  return {
    filters: {
      search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
      category: (params.get('category') ?? '').trim(),
      featured: isFeatured(params.get('featured')),
      sorting: sortingFrom(params),
    },
    page: pageFrom(params.get('page')),
  };
}

/**
 * The query string of a list URL (without '?'). Defaults are left out, so the plain list is
 * /products. Newest first is the default order without a search, but a choice while searching
 * (where the default is best match).
 */
export function listSearch(filters: ProductFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.featured) params.set('featured', FEATURED_VALUE);
  const { sorting } = filters;
  const isDefaultOrder =
    sorting === null ||
    (!filters.search && sorting.sort === 'created_at' && sorting.order === 'desc');
  if (sorting && !isDefaultOrder) {
    params.set('sort', sorting.sort);
    params.set('order', sorting.order);
  }
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

function withSearch(pathname: string, search: string): string {
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * Path + query of a list URL. On /products the category is a query parameter. On a category's
 * own page (`onCategoryPage`) the category is the path: choosing another one leads to that
 * category's page, and choosing none leads back to /products.
 */
export function listHref(filters: ProductFilters, page = 1, onCategoryPage = false): string {
  if (!onCategoryPage) return withSearch('/products', listSearch(filters, page));
  const pathname = filters.category
    ? `/category/${encodeURIComponent(filters.category)}`
    : '/products';
  return withSearch(pathname, listSearch({ ...filters, category: '' }, page));
}

/**
 * The filters of a list address (/products or /category/{slug}, in either language), or null for
 * any other page.
 */
export function filtersOfListLocation(location: {
  pathname: string;
  search: string;
}): ProductFilters | null {
  const { filters } = readListParams(new URLSearchParams(location.search));
  const pathname = pathWithoutLanguage(location.pathname);
  if (pathname === '/products') return filters;
  const slug = /^\/category\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (slug === undefined) return null;
  try {
    return { ...filters, category: decodeURIComponent(slug) };
  } catch {
    return null;
  }
}

/** The URL after a filter change: the filters change and the page goes back to 1. */
export function hrefAfterFilterChange(
  current: ProductFilters,
  change: Partial<ProductFilters>,
  onCategoryPage = false,
): string {
  return listHref({ ...current, ...change }, 1, onCategoryPage);
}

/**
 * Where a list request should be redirected so its address is the tidy one (empty fields of a
 * submitted GET form, `sort_by`, a category chosen on a category page, page=1), or null when it is
 * already tidy. Query parameters the list does not know (e.g. utm_*) are kept.
 */
export function tidyListHref(url: URL, fixedCategory?: string): string | null {
  const { filters, page } = readListParams(url.searchParams);
  if (fixedCategory !== undefined && !url.searchParams.has('category'))
    filters.category = fixedCategory;
  const href = listHref(filters, page, fixedCategory !== undefined);
  const target = new URL(pathInLanguage(href, languageOfPath(url.pathname)), url);
  for (const [key, value] of url.searchParams) {
    if (!LIST_KEYS.includes(key)) target.searchParams.append(key, value);
  }
  const tidy = `${target.pathname}${target.search}`;
  return tidy === `${url.pathname}${url.search}` ? null : tidy;
}
