import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  filterCategories,
  inLanguage,
  sortCategories,
  type CategorySortField,
  type SortOrder,
} from '@shop/shared';
import { buttonClasses } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { SearchIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { Breadcrumb } from './breadcrumb';
import { CategoryCard, type CategoryCardData } from './category-card';
import {
  categoryViewSearch,
  defaultCategoryView,
  readCategoryView,
  type CategoryListView,
} from './category-list-query';
import { useLocalizedPath } from '../../lib/localized-path';

const sortLabels = {
  sort_order: 'catalog.categories.sort.sort_order',
  name: 'catalog.categories.sort.name',
  product_count: 'catalog.categories.sort.product_count',
  created_at: 'catalog.categories.sort.created_at',
} as const satisfies Record<CategorySortField, string>;

const orderLabels = {
  asc: 'catalog.categories.order.asc',
  desc: 'catalog.categories.order.desc',
} as const satisfies Record<SortOrder, string>;

const fieldClass =
  'h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600';
const labelClass = 'mb-1 block text-xs font-semibold text-stone-600';

/**
 * All categories as cards, searched (Arabic-normalised, over the Arabic and English names and
 * descriptions) and sorted in the browser, by the names shown in the page's language. The
 * controls are a GET form too, so the server renders the same view without JavaScript; with it,
 * the address follows the controls without reloading anything.
 */
export function CategoriesScreen({ categories }: { categories: readonly CategoryCardData[] }) {
  const localized = useLocalizedPath();
  const { t, tp, lang } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<CategoryListView>(() => readCategoryView(searchParams));

  const names = useMemo(
    () =>
      new Map(
        categories.map((category) => [category.id, inLanguage(lang, category.name, category.name_en)]),
      ),
    [categories, lang],
  );
  const shown = useMemo(
    () => sortCategories(filterCategories(categories, view.query), view.sort, view.order, lang),
    [categories, view, lang],
  );

  function change(next: Partial<CategoryListView>) {
    const updated = { ...view, ...next };
    setView(updated);
    setSearchParams(categoryViewSearch(updated), { replace: true, preventScrollReset: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  return (
    <Container className="py-6 sm:py-8">
      <Breadcrumb items={[{ label: t('catalog.breadcrumb.categories') }]} />
      <header className="mt-4 mb-6">
        <h1 className="text-2xl font-semibold text-brand-900 sm:text-3xl">
          {t('catalog.categories.title')}
        </h1>
        <p className="mt-1 text-stone-600">{t('catalog.categories.intro')}</p>
      </header>

      <form
        method="get"
        action={localized('/categories')}
        role="search"
        aria-label={t('catalog.categories.filters_label')}
        onSubmit={onSubmit}
        className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-end"
      >
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="category-search" className={labelClass}>
            {t('catalog.categories.search')}
          </label>
          <div className="flex gap-2">
            <input
              id="category-search"
              type="search"
              name="q"
              value={view.query}
              onChange={(event) => change({ query: event.target.value })}
              placeholder={t('catalog.categories.search_placeholder')}
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
          <label htmlFor="category-sort" className={labelClass}>
            {t('catalog.filters.sort')}
          </label>
          <select
            id="category-sort"
            name="sort"
            value={view.sort}
            onChange={(event) => change({ sort: event.target.value as CategorySortField })}
            className={fieldClass}
          >
            {(Object.keys(sortLabels) as CategorySortField[]).map((field) => (
              <option key={field} value={field}>
                {t(sortLabels[field])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="category-order" className={labelClass}>
            {t('catalog.categories.order.label')}
          </label>
          <select
            id="category-order"
            name="order"
            value={view.order}
            onChange={(event) => change({ order: event.target.value as SortOrder })}
            className={fieldClass}
          >
            {(Object.keys(orderLabels) as SortOrder[]).map((order) => (
              <option key={order} value={order}>
                {t(orderLabels[order])}
              </option>
            ))}
          </select>
        </div>
      </form>

      <p role="status" className="mt-6 mb-4 text-sm text-stone-600">
        {tp('catalog.categories.count', shown.length)}
      </p>

      {shown.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {shown.map((category) => (
            <li key={category.id}>
              <CategoryCard
                category={category}
                parentName={category.parent_id === null ? undefined : names.get(category.parent_id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold text-stone-800">
            {view.query.trim()
              ? t('catalog.categories.no_match', { query: view.query.trim() })
              : t('catalog.categories.none')}
          </p>
          {view.query.trim() !== '' && (
            <button
              type="button"
              onClick={() => change({ ...defaultCategoryView })}
              className={buttonClasses('primary', 'md', 'mt-4')}
            >
              {t('catalog.filters.clear')}
            </button>
          )}
        </div>
      )}
    </Container>
  );
}
