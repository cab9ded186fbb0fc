import { accountMeta } from '../features/account/account-meta';
import { UnsubscribeScreen } from '../features/shopper-emails/unsubscribe-screen';
import type { Route } from './+types/unsubscribe';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/unsubscribe', 'account.unsubscribe.title', 'account.unsubscribe.meta_description');
}

export default function UnsubscribePage() {
  return <UnsubscribeScreen />;
}
