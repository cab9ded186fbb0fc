import { rootMeta } from '../components/layout/root-data';
import { fetchCart } from '../features/cart/cart-api';
import { CheckoutScreen } from '../features/checkout/checkout-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/checkout';

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    cart: await fetchCart(apiFrom(context)),
    messages: routeMessages({ request, context }, ['checkout', 'cart', 'catalog', 'addresses']),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: root.t('checkout.page.title'),
    description: root.t('checkout.page.meta_description'),
    path: '/checkout',
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    // Crawlable (a crawler has no cart and sees it empty): decision 022.
  });
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutScreen loaded={loaderData.cart} />;
}
