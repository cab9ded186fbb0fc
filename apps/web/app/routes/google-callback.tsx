import { accountMeta } from '../features/account/account-meta';
import { GoogleCallbackScreen } from '../features/account/google-callback-screen';
import type { Route } from './+types/google-callback';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/auth/google/callback', 'account.google.callback_title', 'account.google.completing');
}

export default function GoogleCallbackPage() {
  return <GoogleCallbackScreen />;
}
