import { loadProductList } from '../features/catalog/product-list-data';
import { productListMeta } from '../features/catalog/catalog-meta';
import { ProductListScreen } from '../features/catalog/product-list-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await loadProductList(apiFrom(context), new URL(request.url));
  return { ...list, messages: routeMessages({ request, context }, ['catalog', 'cart']) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  productListMeta(matches, loaderData);

export default function Products({ loaderData }: Route.ComponentProps) {
  return <ProductListScreen data={loaderData} />;
}
