import { describe, expect, it } from 'vitest';
import {
  apiSorting,
  defaultFilters,
  filtersOfListLocation,
  hrefAfterFilterChange,
  listHref,
  readListParams,
  sortOptionFor,
  sortOptionsFor,
  sortingFor,
  tidyListHref,
  type ProductFilters,
} from './product-list-query';

const params = (query: string) => new URLSearchParams(query);

describe('sort options', () => {
  it('map each option to sort and order', () => {
    expect(sortingFor('newest')).toEqual({ sort: 'created_at', order: 'desc' });
    expect(sortingFor('oldest')).toEqual({ sort: 'created_at', order: 'asc' });
    expect(sortingFor('name_asc')).toEqual({ sort: 'name', order: 'asc' });
    expect(sortingFor('name_desc')).toEqual({ sort: 'name', order: 'desc' });
    expect(sortingFor('price_asc')).toEqual({ sort: 'price', order: 'asc' });
    expect(sortingFor('price_desc')).toEqual({ sort: 'price', order: 'desc' });
    expect(sortingFor('relevance')).toBeNull();
  });

  it('map sort and order back to the option', () => {
    for (const name of sortOptionsFor(true)) {
      expect(sortOptionFor({ search: 'amber', sorting: sortingFor(name) })).toBe(name);
    }
  });

  it('offer best match only while searching, and show newest for the default order otherwise', () => {
    expect(sortOptionsFor(false)).not.toContain('relevance');
    expect(sortOptionsFor(true)[0]).toBe('relevance');
    expect(sortOptionFor({ search: '', sorting: null })).toBe('newest');
    expect(sortOptionFor({ search: 'amber', sorting: null })).toBe('relevance');
  });

  it('send sort and order to the API only when chosen', () => {
    expect(apiSorting(defaultFilters)).toEqual({});
    expect(apiSorting({ ...defaultFilters, sorting: sortingFor('price_asc') })).toEqual({
      sort: 'price',
      order: 'asc',
    });
  });
});

describe('readListParams', () => {
  it('reads filters and page from the address', () => {
    expect(
      readListParams(
        params(
          'search=%D9%83%D9%87%D8%B1%D9%85%D8%A7%D9%86&category=amber&featured=true&sort=price&order=asc&page=3',
        ),
      ),
    ).toEqual({
      filters: {
        search: 'كهرمان',
        category: 'amber',
        featured: true,
        sorting: { sort: 'price', order: 'asc' },
      },
      page: 3,
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(readListParams(params('sort=popularity&order=up&page=abc&featured=no'))).toEqual({
      filters: defaultFilters,
      page: 1,
    });
    expect(readListParams(params('page=0')).page).toBe(1);
    expect(readListParams(params('page=-2')).page).toBe(1);
    expect(readListParams(params('sort=name&order=up')).filters.sorting).toEqual({
      sort: 'name',
      order: 'desc',
    });
  });

  it('lets the form field sort_by win over sort and order', () => {
    expect(
      readListParams(params('sort=name&order=asc&sort_by=price_desc')).filters.sorting,
    ).toEqual({ sort: 'price', order: 'desc' });
    expect(
      readListParams(params('sort=name&order=asc&sort_by=relevance')).filters.sorting,
    ).toBeNull();
  });

  it('trims the search text', () => {
    expect(readListParams(params('search=++amber++')).filters.search).toBe('amber');
  });
});

describe('list addresses', () => {
  const filters: ProductFilters = {
    search: 'amber',
    category: 'yusr',
    featured: true,
    sorting: { sort: 'price', order: 'asc' },
  };

  it('leave defaults out, so the plain list is /products', () => {
    expect(listHref(defaultFilters)).toBe('/products');
    expect(listHref(defaultFilters, 1)).toBe('/products');
    expect(listHref(defaultFilters, 2)).toBe('/products?page=2');
    expect(listHref({ ...defaultFilters, sorting: sortingFor('newest') })).toBe('/products');
  });

  it('keep newest first when it was chosen over best match', () => {
    expect(listHref({ ...defaultFilters, search: 'amber', sorting: sortingFor('newest') })).toBe(
      '/products?search=amber&sort=created_at&order=desc',
    );
    expect(listHref({ ...defaultFilters, search: 'amber' })).toBe('/products?search=amber');
  });

  it('mirror every filter but never the limit', () => {
    const href = listHref(filters, 4);
    const query = new URL(href, 'http://shop.test').searchParams;
    expect(href.startsWith('/products?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      search: 'amber',
      category: 'yusr',
      featured: 'true',
      sort: 'price',
      order: 'asc',
      page: '4',
    });
    expect(query.has('limit')).toBe(false);
  });

  it('round-trip through readListParams', () => {
    const href = listHref(filters, 4);
    expect(readListParams(new URL(href, 'http://shop.test').searchParams)).toEqual({
      filters,
      page: 4,
    });
  });

  it('use the category path on a category page', () => {
    expect(listHref({ ...defaultFilters, category: 'yusr' }, 2, true)).toBe(
      '/category/yusr?page=2',
    );
    expect(listHref({ ...defaultFilters, category: 'amber', search: 'x' }, 1, true)).toBe(
      '/category/amber?search=x',
    );
    expect(listHref({ ...defaultFilters, category: '', search: 'x' }, 1, true)).toBe(
      '/products?search=x',
    );
  });
});

describe('hrefAfterFilterChange', () => {
  const current: ProductFilters = { ...defaultFilters, search: 'amber', category: 'yusr' };

  it('keeps the other filters and goes back to page 1', () => {
    const href = hrefAfterFilterChange(current, { featured: true });
    const query = new URL(href, 'http://shop.test').searchParams;
    expect(query.get('search')).toBe('amber');
    expect(query.get('category')).toBe('yusr');
    expect(query.get('featured')).toBe('true');
    expect(query.has('page')).toBe(false);
  });

  it('drops a filter that is cleared', () => {
    expect(hrefAfterFilterChange(current, { search: '', category: '' })).toBe('/products');
  });

  it('changes sort and order together', () => {
    expect(hrefAfterFilterChange(defaultFilters, { sorting: sortingFor('name_desc') })).toBe(
      '/products?sort=name&order=desc',
    );
    expect(
      hrefAfterFilterChange(
        { ...defaultFilters, sorting: sortingFor('name_desc') },
        { sorting: sortingFor('newest') },
      ),
    ).toBe('/products');
  });

  it('leads to another category page from a category page', () => {
    expect(
      hrefAfterFilterChange({ ...defaultFilters, category: 'yusr' }, { category: 'amber' }, true),
    ).toBe('/category/amber');
    expect(
      hrefAfterFilterChange({ ...defaultFilters, category: 'yusr' }, { category: '' }, true),
    ).toBe('/products');
  });
});

describe('tidyListHref', () => {
  const url = (path: string) => new URL(path, 'http://shop.test');

  it('leaves a tidy address alone', () => {
    expect(tidyListHref(url('/products'))).toBeNull();
    expect(tidyListHref(url('/products?search=amber&page=2'))).toBeNull();
    expect(tidyListHref(url('/category/amber?featured=true'), 'amber')).toBeNull();
  });

  it('tidies a submitted GET form', () => {
    expect(tidyListHref(url('/products?search=&category=&sort_by=newest'))).toBe('/products');
    expect(
      tidyListHref(url('/products?search=amber&category=&featured=true&sort_by=price_asc')),
    ).toBe('/products?search=amber&featured=true&sort=price&order=asc');
    expect(tidyListHref(url('/products?search=amber&sort_by=relevance'))).toBe(
      '/products?search=amber',
    );
    expect(tidyListHref(url('/products?page=1'))).toBe('/products');
  });

  it('follows the category chosen on a category page', () => {
    expect(
      tidyListHref(url('/category/amber?search=&category=amber&sort_by=newest'), 'amber'),
    ).toBe('/category/amber');
    expect(tidyListHref(url('/category/amber?category=yusr&sort_by=newest'), 'amber')).toBe(
      '/category/yusr',
    );
    expect(tidyListHref(url('/category/amber?category=&search=x'), 'amber')).toBe(
      '/products?search=x',
    );
  });

  it('keeps parameters the list does not know', () => {
    expect(tidyListHref(url('/products?utm_source=news&sort_by=newest'))).toBe(
      '/products?utm_source=news',
    );
  });
});

describe('filtersOfListLocation', () => {
  it('reads list addresses and ignores other pages', () => {
    expect(filtersOfListLocation({ pathname: '/products', search: '?featured=true' })).toEqual({
      ...defaultFilters,
      featured: true,
    });
    expect(filtersOfListLocation({ pathname: '/category/amber', search: '' })).toEqual({
      ...defaultFilters,
      category: 'amber',
    });
    expect(filtersOfListLocation({ pathname: '/products/12', search: '' })).toBeNull();
    expect(filtersOfListLocation({ pathname: '/category/%E0%A4%A', search: '' })).toBeNull();
  });
});
