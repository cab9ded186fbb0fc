import { isRouteErrorResponse } from 'react-router';
import { CatalogNotFound } from '../features/catalog/catalog-not-found';
import { catalogMeta, productListMeta } from '../features/catalog/catalog-meta';
import { loadProductList } from '../features/catalog/product-list-data';
import { ProductListScreen } from '../features/catalog/product-list-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/category';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const list = await loadProductList(apiFrom(context), new URL(request.url), params.slug);
  return { ...list, messages: routeMessages({ request, context }, ['catalog', 'cart']) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  error
    ? catalogMeta(matches, ({ t }) => ({
        title: t('common.not_found.category_title'),
        description: t('common.not_found.category_text'),
        path: '/categories',
        noindex: true,
      }))
    : productListMeta(matches, loaderData);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <ProductListScreen data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <CatalogNotFound
      kind="category"
      notFound={isRouteErrorResponse(error) && error.status === 404}
    />
  );
}
