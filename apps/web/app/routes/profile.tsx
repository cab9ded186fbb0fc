import { rootMeta } from '../components/layout/root-data';
import { ProfileScreen } from '../features/profile/profile-screen';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/profile';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['profile', 'account', 'orders', 'catalog', 'addresses', 'checkout']) };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: root.t('profile.page.title'),
    description: root.t('profile.page.meta_description'),
    path: '/profile',
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    noindex: true,
  });
}

/** The signed-in customer's account; the user comes from the auth state, not from a loader. */
export default function ProfilePage() {
  return <ProfileScreen />;
}
