import { Link, useNavigation } from 'react-router';
import { inLanguage } from '@shop/shared';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { JsonLdScripts } from '../../components/layout/json-ld';
import { useRootData } from '../../components/layout/root-data';
import { Pagination } from '../../components/ui/pagination';
import { useI18n } from '../../i18n/i18n';
import { breadcrumbJsonLd, breadcrumbSteps, pageUrls } from '../../lib/structured-data';
import { Breadcrumb, type Crumb } from './breadcrumb';
import { ProductFilterForm } from './product-filters';
import { ProductGrid } from './product-grid';
import { CatalogImage } from './product-image';
import type { ProductListData } from './product-list-data';
import { defaultFilters, filtersOfListLocation, listHref } from './product-list-query';
import { useLocalizedPath } from '../../lib/localized-path';

/** Cards in the first row on phones load their images at once (largest paint). */
const EAGER_CARDS = 2;

/** The product list, shared by /products and /category/{slug}. */
export function ProductListScreen({ data }: { data: ProductListData }) {
  const { t, tp, lang } = useI18n();
  const localized = useLocalizedPath();
  const navigation = useNavigation();
  const { products, pagination, filters, page, category } = data;
  const onCategoryPage = category !== null;
  const loading =
    navigation.state === 'loading' &&
    navigation.location &&
    filtersOfListLocation(navigation.location) !== null;

  const crumbs: Crumb[] = category
    ? [
        { label: t('catalog.breadcrumb.categories'), to: '/categories' },
        ...category.ancestors.map((ancestor) => ({
          label: inLanguage(lang, ancestor.name, ancestor.name_en),
          to: `/category/${encodeURIComponent(ancestor.slug)}`,
        })),
        { label: inLanguage(lang, category.name, category.name_en) },
      ]
    : [{ label: t('catalog.list.title') }];
  const { publicUrl } = useRootData();
  // A category's page says where it sits; the product list's search results have no such place.
  const breadcrumbData = category
    ? breadcrumbJsonLd(
        breadcrumbSteps(crumbs, {
          homeLabel: t('catalog.breadcrumb.home'),
          path: `/category/${encodeURIComponent(category.slug)}`,
          url: pageUrls(publicUrl, lang),
        }),
      )
    : null;

  // Filters beyond the page's own category: what "clear filters" takes away.
  const filtered =
    filters.search !== '' ||
    filters.featured ||
    filters.sorting !== null ||
    (!onCategoryPage && filters.category !== '');
  const clearHref = localized(
    listHref({ ...defaultFilters, category: onCategoryPage ? filters.category : '' }, 1, onCategoryPage),
  );

  const categoryDescription = category
    ? inLanguage(lang, category.description, category.description_en)
    : null;
  const from = (pagination.page - 1) * pagination.limit + 1;
  const to = from + products.length - 1;

  return (
    <Container className="py-6 sm:py-8">
      {breadcrumbData && <JsonLdScripts values={[breadcrumbData]} />}
      <Breadcrumb items={crumbs} />
      <header className="mt-4 mb-6 flex items-center gap-4">
        {category?.image && (
          <CatalogImage
            src={category.image}
            alt=""
            sizes="80px"
            eager
            className="size-16 shrink-0 rounded-2xl object-cover shadow-sm sm:size-20"
          />
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-brand-900 sm:text-3xl">
            {category ? inLanguage(lang, category.name, category.name_en) : t('catalog.list.title')}
          </h1>
          {categoryDescription ? (
            <p className="mt-1 max-w-3xl text-stone-600">
              <bdi>{categoryDescription}</bdi>
            </p>
          ) : (
            !category && <p className="mt-1 text-stone-600">{t('catalog.list.intro')}</p>
          )}
        </div>
      </header>

      <ProductFilterForm
        filters={filters}
        categories={data.categoryOptions}
        onCategoryPage={onCategoryPage}
      />

      <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-stone-600">
          {products.length > 0
            ? tp('catalog.list.showing', pagination.total, { from, to })
            : t('catalog.list.empty')}
        </p>
        {filtered && products.length > 0 && (
          <Link
            to={clearHref}
            preventScrollReset
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('catalog.filters.clear')}
          </Link>
        )}
      </div>

      <div
        aria-busy={loading || undefined}
        className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}
      >
        {products.length > 0 ? (
          <ProductGrid products={products} heading="h2" eagerCount={EAGER_CARDS} />
        ) : (
          <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-semibold text-stone-800">{t('catalog.list.empty')}</p>
            <p className="mt-1 text-stone-600">
              {filtered ? t('catalog.list.empty_filtered') : t('catalog.list.empty_hint')}
            </p>
            {(filtered || onCategoryPage) && (
              <ButtonLink to={filtered ? clearHref : localized('/products')} className="mt-4">
                {filtered ? t('catalog.filters.clear') : t('catalog.list.browse_all')}
              </ButtonLink>
            )}
          </div>
        )}
      </div>

      <Pagination
        page={page}
        pages={pagination.pages}
        hrefFor={(target) => localized(listHref(filters, target, onCategoryPage))}
      />
    </Container>
  );
}
