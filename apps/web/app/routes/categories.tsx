import type { ShouldRevalidateFunction } from 'react-router';
import type { CategoryListResponse } from '@shop/shared';
import { catalogMeta } from '../features/catalog/catalog-meta';
import { CategoriesScreen } from '../features/catalog/categories-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/categories';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flat_categories } = await apiFrom(context).get<CategoryListResponse>('/categories');
  return {
    categories: flat_categories.map(({ products: _products, ...category }) => category),
    messages: routeMessages({ request, context }, ['catalog']),
  };
}

// Searching and sorting happen in the browser; the address only mirrors them.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname && formMethod === undefined
    ? false
    : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) =>
  catalogMeta(matches, ({ t }) => ({
    title: t('catalog.categories.title'),
    description: t('catalog.categories.meta_description'),
    path: '/categories',
  }));

export default function Categories({ loaderData }: Route.ComponentProps) {
  return <CategoriesScreen categories={loaderData.categories} />;
}
