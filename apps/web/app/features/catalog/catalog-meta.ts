import {
  DEFAULT_STORE_NAME,
  SEO_DESCRIPTION_MAX,
  cutAtWord,
  inLanguage,
  seoDescriptionIn,
  seoTitleIn,
  type Language,
  type Product,
  type SeoTexts,
} from '@shop/shared';
import { rootMeta } from '../../components/layout/root-data';
import type { Translate } from '../../i18n/i18n';
import { productSummary } from '../../lib/localized';
import { absoluteUrl, pageMeta, type PageMeta } from '../../lib/seo';
import type { ProductListData } from './product-list-data';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

type PageFields = Omit<PageMeta, 'lang' | 'siteName' | 'publicUrl' | 'image'> & {
  /** Path of the share image, made absolute here. */
  imagePath?: string | null;
};

/**
 * Builds a catalogue page's meta tags from the root loader data (language, catalogue, store name,
 * public URL). `page` receives the translator and the language, since meta runs outside React.
 */
export function catalogMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  page: (context: {
    t: Translate;
    lang: Language;
    absolute: (path: string) => string;
    siteName: string;
  }) => PageFields,
) {
  const root = rootMeta(matches);
  if (!root) return [];
  const siteName = root.storeName || DEFAULT_STORE_NAME;
  const absolute = (path: string) => absoluteUrl(root.publicUrl, path);
  const { path, imagePath, ...fields } = page({ t: root.t, lang: root.lang, absolute, siteName });
  return pageMeta({
    ...fields,
    lang: root.lang,
    siteName,
    path,
    publicUrl: root.publicUrl,
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
  return catalogMeta(matches, ({ t, lang }) => {
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
    const named = category ?? data.categoryOptions.find((option) => option.slug === filters.category);
    const categoryName = named ? inLanguage(lang, named.name, named.name_en) : undefined;
    // A category's own SEO texts describe its page, not a search within it.
    const ownSeo = category && !filters.search ? category : null;
    const seoTitle = ownSeo && seoTitleIn(lang, ownSeo);
    const title = filters.search
      ? t('catalog.list.search_title', { search: filters.search })
      : (seoTitle || categoryName || t('catalog.list.title'));
    const description =
      (ownSeo && seoDescriptionIn(lang, ownSeo)) ||
      (category && inLanguage(lang, category.description, category.description_en)) ||
      (categoryName
        ? t('catalog.list.category_meta_description', { category: categoryName })
        : t('catalog.list.meta_description'));
    return {
      title: page > 1 ? t('catalog.list.paged_title', { title, page }) : title,
      titleIsWhole: Boolean(seoTitle),
      description: cutAtWord(description, SEO_DESCRIPTION_MAX),
      path,
      imagePath: category?.image ?? null,
      noindex: filters.search !== '',
    };
  });
}

/** Meta of /products/{id}: the product's name and summary in the page's language. */
export function productMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  product:
    | (Pick<
        Product,
        | 'id'
        | 'name'
        | 'name_en'
        | 'short_description'
        | 'short_description_en'
        | 'description'
        | 'description_en'
        | 'featured_image'
      > &
        SeoTexts)
    | undefined,
) {
  return catalogMeta(matches, ({ t, lang }) => {
    if (!product) {
      return {
        title: t('common.not_found.product_title'),
        description: t('common.not_found.product_text'),
        path: '/products',
        noindex: true,
      };
    }
    const name = inLanguage(lang, product.name, product.name_en);
    const seoTitle = seoTitleIn(lang, product);
    const text =
      seoDescriptionIn(lang, product) ||
      productSummary(lang, product) ||
      t('catalog.detail.meta_description', { name });
    return {
      title: seoTitle ?? name,
      titleIsWhole: seoTitle !== null,
      description: cutAtWord(text, SEO_DESCRIPTION_MAX),
      // The picture shows the product, whatever the page's title says.
      imageAlt: name,
      path: `/products/${product.id}`,
      imagePath: product.featured_image,
      type: 'product',
    };
  });
}
