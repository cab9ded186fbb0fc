import { isRouteErrorResponse } from 'react-router';
import { CatalogNotFound } from '../features/catalog/catalog-not-found';
import { catalogMeta } from '../features/catalog/catalog-meta';
import { loadProductDetail } from '../features/catalog/product-detail-data';
import { ProductDetailScreen } from '../features/catalog/product-detail-screen';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/product';

/** Search engines show about this many characters of a description. */
const META_DESCRIPTION_LENGTH = 160;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadProductDetail(apiFrom(context), params.id);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  catalogMeta(matches, ({ t }) => {
    if (!loaderData) {
      return {
        title: t('catalog.detail.not_found_title'),
        description: t('catalog.detail.not_found_text'),
        path: '/products',
        noindex: true,
      };
    }
    const { product } = loaderData;
    const text =
      product.short_description ||
      product.description ||
      t('catalog.detail.meta_description', { name: product.name });
    return {
      title: product.name,
      description:
        text.length > META_DESCRIPTION_LENGTH
          ? `${text.slice(0, META_DESCRIPTION_LENGTH - 1).trimEnd()}…`
          : text,
      path: `/products/${product.id}`,
      imagePath: product.featured_image,
      type: 'product',
    };
  });

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductDetailScreen
      // A new product starts with no choices made.
      key={loaderData.product.id}
      product={loaderData.product}
      attributes={loaderData.attributes}
      related={loaderData.related}
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
