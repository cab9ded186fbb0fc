import { isRouteErrorResponse } from 'react-router';
import { CatalogNotFound } from '../features/catalog/catalog-not-found';
import { productMeta } from '../features/catalog/catalog-meta';
import { loadProductDetail } from '../features/catalog/product-detail-data';
import { ProductDetailScreen } from '../features/catalog/product-detail-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/product';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const detail = await loadProductDetail(apiFrom(context), params.id, context);
  return { ...detail, messages: routeMessages({ request, context }, ['catalog', 'cart']) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  productMeta(matches, loaderData?.product);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductDetailScreen
      // A new product starts with no choices made.
      key={loaderData.product.id}
      product={loaderData.product}
      attributes={loaderData.attributes}
      related={loaderData.related}
      categoryPath={loaderData.categoryPath}
      shipping={loaderData.shipping}
      reviews={loaderData.reviews}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <CatalogNotFound
      kind="product"
      notFound={isRouteErrorResponse(error) && error.status === 404}
    />
  );
}
