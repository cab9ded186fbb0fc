import { accountMeta } from '../features/account/account-meta';
import { fetchWishlist } from '../features/wishlist/wishlist-api';
import { WishlistScreen } from '../features/wishlist/wishlist-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/wishlist';

// The shopper's own list: rendered for them (never from the page cache), never indexed, not in
// the sitemap (docs/decisions/062).
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    wishlist: await fetchWishlist(apiFrom(context)),
    messages: routeMessages({ request, context }, ['wishlist', 'catalog', 'cart']),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/wishlist', 'wishlist.page.title', 'wishlist.page.meta_description');
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  return <WishlistScreen loaded={loaderData.wishlist} />;
}
