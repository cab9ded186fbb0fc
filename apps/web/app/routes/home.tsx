import { Fragment, type ReactNode } from 'react';
import {
  HOME_CATEGORY_COUNT,
  HOME_FEATURED_COUNT,
  HOME_LATEST_COUNT,
  type CategoryListResponse,
  type ProductListResponse,
  type ProductsResponse,
  type HomeSectionKey,
  type SlideListResponse,
  type StorefrontLayoutResponse,
} from '@shop/shared';
import { JsonLdScripts } from '../components/layout/json-ld';
import { rootMeta, useRootData } from '../components/layout/root-data';
import { Container } from '../components/ui/container';
import { cardProduct } from '../features/catalog/product-card';
import { ProductGrid } from '../features/catalog/product-grid';
import { CategoryGrid, categoryGridClass } from '../features/home/category-grid';
import { Hero } from '../features/home/hero';
import { homeCategories } from '../features/home/home-categories';
import { DeferredSection } from '../features/home/home-section';
import { SignupCta } from '../features/home/signup-cta';
import { HomeSlider } from '../features/home/slider';
import { useI18n } from '../i18n/i18n';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import { pageParts } from '../lib/page-parts';
import { storeDescription } from '../lib/localized';
import { absoluteUrl, pageMeta } from '../lib/seo';
import { storeJsonLd } from '../lib/structured-data';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  // The slider is above the fold: the first paint waits for it; the sections are page parts.
  // The sections' order and the hero's texts (docs/decisions/058) come with the slider.
  const [{ layout }, { slides }, [categories, featured, latest]] = await Promise.all([
    api.get<StorefrontLayoutResponse>('/storefront-layout'),
    api.get<SlideListResponse>('/slider'),
    pageParts(context, [
      api
        .get<CategoryListResponse>('/categories')
        .then((reply) => homeCategories(reply.flat_categories, HOME_CATEGORY_COUNT)),
      api
        .get<ProductsResponse>('/products/featured/list', { limit: HOME_FEATURED_COUNT })
        .then((reply) => reply.products.map(cardProduct)),
      api
        .get<ProductListResponse>('/products', { page: 1, limit: HOME_LATEST_COUNT })
        .then((reply) => reply.products.map(cardProduct)),
    ]),
  ]);
  return {
    layout,
    slides,
    categories,
    featured,
    latest,
    messages: routeMessages({ request, context }, ['home', 'catalog', 'cart']),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [];
  const { settings, t } = root;
  return pageMeta({
    title: root.storeName,
    description: loaderData?.layout.hero.text ?? storeDescription(root.lang, settings) ?? t('home.hero.fallback_description'),
    path: '/',
    publicUrl: root.publicUrl,
    image: settings.logo ? absoluteUrl(root.publicUrl, settings.logo) : null,
    lang: root.lang,
    siteName: root.storeName,
  });
}

const productGridSkeleton = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const root = useRootData();
  const { layout, slides, categories, featured, latest } = loaderData;
  // Each block under the hero, by the key the owner orders and shows or hides in the back office.
  const sections: Record<HomeSectionKey, ReactNode> = {
    slider:
      slides.length > 0 ? (
        <div className="mt-8">
          <HomeSlider slides={slides} />
        </div>
      ) : null,
    categories: (
      <DeferredSection
        id="home-categories"
        title={t('home.categories.title')}
        boxes={6}
        skeletonClass={categoryGridClass}
        items={categories}
        moreTo="/categories"
        moreLabel={t('home.categories.all')}
      >
        {(list) => <CategoryGrid categories={list} />}
      </DeferredSection>
    ),
    featured: (
      <DeferredSection
        id="home-featured"
        title={t('home.featured.title')}
        boxes={4}
        skeletonClass={productGridSkeleton}
        items={featured}
        moreTo="/products?featured=true"
        moreLabel={t('home.featured.all')}
      >
        {(products) => <ProductGrid products={products} />}
      </DeferredSection>
    ),
    latest: (
      <DeferredSection
        id="home-latest"
        title={t('home.latest.title')}
        boxes={4}
        skeletonClass={productGridSkeleton}
        items={latest}
        moreTo="/products"
        moreLabel={t('home.latest.all')}
        empty={
          <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">{t('home.latest.empty')}</p>
        }
      >
        {(products) => <ProductGrid products={products} />}
      </DeferredSection>
    ),
    signup: <SignupCta />,
  };
  return (
    <>
      <JsonLdScripts values={storeJsonLd(root.settings, lang, root.publicUrl)} />
      <Hero settings={root.settings} kicker={layout.hero.kicker} text={layout.hero.text} />
      <Container>
        {layout.home_sections
          .filter((section) => section.visible)
          .map((section) => (
            <Fragment key={section.key}>{sections[section.key]}</Fragment>
          ))}
      </Container>
    </>
  );
}
