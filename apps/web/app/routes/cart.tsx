import { rootMeta } from '../components/layout/root-data';
import { fetchCart } from '../features/cart/cart-api';
import { CartScreen } from '../features/cart/cart-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/cart';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { cart: await fetchCart(apiFrom(context)), messages: routeMessages({ request, context }, ['cart', 'catalog']) };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: root.t('cart.page.title'),
    description: root.t('cart.page.meta_description'),
    path: '/cart',
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    // Crawlable (a crawler has no cart and sees it empty): decision 022.
  });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return <CartScreen loaded={loaderData.cart} />;
}
