import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { inLanguage, SEARCH_MAX_LENGTH } from '@shop/shared';
import { buttonClasses } from '../../components/ui/button';
import { SearchIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import type { CategoryOption } from './category-tree';
import {
  FEATURED_VALUE,
  SORT_OPTION_FIELD,
  hrefAfterFilterChange,
  filtersOfListLocation,
  isSortOption,
  sortOptionFor,
  sortOptionsFor,
  sortingFor,
  type ProductFilters,
  type SortOption,
} from './product-list-query';
import { useLocalizedPath } from '../../lib/localized-path';

/** Typing pauses this long before the list follows the search box. */
const SEARCH_DEBOUNCE_MS = 300;
const INDENT = '\u00A0\u00A0\u00A0\u00A0';

const sortLabels = {
  relevance: 'catalog.sort.relevance',
  newest: 'catalog.sort.newest',
  oldest: 'catalog.sort.oldest',
  name_asc: 'catalog.sort.name_asc',
  name_desc: 'catalog.sort.name_desc',
  price_asc: 'catalog.sort.price_asc',
  price_desc: 'catalog.sort.price_desc',
} as const satisfies Record<SortOption, string>;

const fieldClass =
  'h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600';
const labelClass = 'mb-1 block text-xs font-semibold text-stone-600';

/**
 * The list's filters. A plain GET form, so it works before (or without) JavaScript; once the page
 * is interactive every change updates the address at once (typing after a short pause, replacing
 * the history entry), always back to page 1.
 */
export function ProductFilterForm({
  filters,
  categories,
  onCategoryPage,
}: {
  filters: ProductFilters;
  categories: readonly CategoryOption[];
  onCategoryPage: boolean;
}) {
  const { t, lang } = useI18n();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  // While the next list loads, the controls already show the choice that was made.
  // The controls show a choice at once, before the list it leads to has loaded: first the choice
  // just made on this page, then the address being loaded, then the current address.
  const [chosen, setChosen] = useState<{ on: string; filters: ProductFilters } | null>(null);
  const shown =
    (chosen?.on === location.key ? chosen.filters : null) ??
    (navigation.location && filtersOfListLocation(navigation.location)) ??
    filters;
  const [search, setSearch] = useState(filters.search);
  // The address is the source of truth, but it must not overwrite what is being typed: follow it
  // only when it changed for another reason (back button, header search).
  const [seenSearch, setSeenSearch] = useState(filters.search);
  const [sentSearch, setSentSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    if (filters.search !== sentSearch) setSearch(filters.search);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(change: Partial<ProductFilters>, replace = false) {
    clearTimeout(timer.current);
    const next = { search: search.trim(), ...change };
    setSentSearch(next.search ?? '');
    const href = localized(hrefAfterFilterChange(shown, next, onCategoryPage));
    if (href === `${location.pathname}${location.search}`) return;
    setChosen({ on: location.key, filters: { ...shown, ...next } });
    void navigate(href, { replace, preventScrollReset: true });
  }

  function onSearchChange(value: string) {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ search: value.trim() }, true), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({});
  }

  const sortOption = sortOptionFor(shown);
  return (
    <form
      method="get"
      action={localized(
        onCategoryPage && filters.category ? `/category/${encodeURIComponent(filters.category)}` : '/products',
      )}
      role="search"
      aria-label={t('catalog.filters.label')}
      onSubmit={onSubmit}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_auto] lg:items-end"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="product-search" className={labelClass}>
          {t('catalog.filters.search')}
        </label>
        <div className="flex gap-2">
          <input
            id="product-search"
            type="search"
            name="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t('catalog.filters.search_placeholder')}
            enterKeyHint="search"
            className={fieldClass}
          />
          <button type="submit" className={buttonClasses('primary', 'md', 'h-11 shrink-0')}>
            <SearchIcon className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('catalog.filters.submit')}</span>
          </button>
        </div>
      </div>
      <div>
        <label htmlFor="product-category" className={labelClass}>
          {t('catalog.filters.category')}
        </label>
        <select
          id="product-category"
          name="category"
          value={shown.category}
          onChange={(event) => apply({ category: event.target.value })}
          className={fieldClass}
        >
          <option value="">{t('catalog.filters.all_categories')}</option>
          {categories.map((option) => (
            <option key={option.slug} value={option.slug}>
              {`${INDENT.repeat(option.depth)}${inLanguage(lang, option.name, option.name_en)}`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="product-sort" className={labelClass}>
          {t('catalog.filters.sort')}
        </label>
        <select
          id="product-sort"
          name={SORT_OPTION_FIELD}
          value={sortOption}
          onChange={(event) => {
            if (isSortOption(event.target.value))
              apply({ sorting: sortingFor(event.target.value) });
          }}
          className={fieldClass}
        >
          {sortOptionsFor(shown.search !== '').map((name) => (
            <option key={name} value={name}>
              {t(sortLabels[name])}
            </option>
          ))}
        </select>
      </div>
      <label className="flex h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-stone-800 col-span-2 lg:col-span-1">
        <input
          type="checkbox"
          name="featured"
          value={FEATURED_VALUE}
          checked={shown.featured}
          onChange={(event) => apply({ featured: event.target.checked })}
          className="size-5 rounded border-stone-400 accent-brand-700"
        />
        {t('catalog.filters.featured')}
      </label>
    </form>
  );
}
