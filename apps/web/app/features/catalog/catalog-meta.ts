import { DEFAULT_STORE_NAME } from '@shop/shared';
import { rootMeta } from '../../components/layout/root-data';
import type { Translate } from '../../i18n/i18n';
import { absoluteUrl, pageMeta, type PageMeta } from '../../lib/seo';
import type { ProductListData } from './product-list-data';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

type PageFields = Omit<PageMeta, 'lang' | 'siteName' | 'canonical' | 'image'> & {
  /** Path (and query) of the canonical address, e.g. /category/amber. */
  path: string;
  /** Path of the share image, made absolute here. */
  imagePath?: string | null;
};

/**
 * Builds a catalogue page's meta tags from the root loader data (language, catalogue, store name,
 * public URL). `page` receives the translator, since meta runs outside React.
 */
export function catalogMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: (context: {
    t: Translate;
    absolute: (path: string) => string;
    siteName: string;
  }) => PageFields,
) {
  const root = rootMeta(matches);
  if (!root) return [];
  const siteName = root.settings.store_name || DEFAULT_STORE_NAME;
  const absolute = (path: string) => absoluteUrl(root.publicUrl, path);
  const { path, imagePath, ...fields } = page({ t: root.t, absolute, siteName });
  return pageMeta({
    ...fields,
    lang: root.lang,
    siteName,
    canonical: absolute(path),
    image: imagePath ? absolute(imagePath) : null,
  });
}

/**
 * Meta of /products and /category/{slug}. The canonical address of a category's products is
 * the category's page (also for /products?category=...); sorting and filters are variants of
 * it, only the page number is kept. Search results are not indexed.
 */
export function productListMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  data: ProductListData | undefined,
) {
  return catalogMeta(matches, ({ t }) => {
    if (!data)
      return {
        title: t('catalog.list.title'),
        description: t('catalog.list.meta_description'),
        path: '/products',
        noindex: true,
      };
    const { category, filters, page } = data;
    const base = filters.category
      ? `/category/${encodeURIComponent(filters.category)}`
      : '/products';
    const path = page > 1 ? `${base}?page=${page}` : base;
    const categoryName =
      category?.name ??
      data.categoryOptions.find((option) => option.slug === filters.category)?.name;
    const title = filters.search
      ? t('catalog.list.search_title', { search: filters.search })
      : (categoryName ?? t('catalog.list.title'));
    const description =
      category?.description ||
      (categoryName
        ? t('catalog.list.category_meta_description', { category: categoryName })
        : t('catalog.list.meta_description'));
    return {
      title: page > 1 ? t('catalog.list.paged_title', { title, page }) : title,
      description,
      path,
      imagePath: category?.image ?? null,
      noindex: filters.search !== '',
    };
  });
}
