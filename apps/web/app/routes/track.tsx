import { accountMeta } from '../features/account/account-meta';
import { TrackOrderScreen } from '../features/orders/track-order-screen';
import { routeMessages } from '../i18n/route-messages.server';
import type { Route } from './+types/track';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['orders', 'account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/track', 'orders.track.title', 'orders.track.meta_description');
}

export default function TrackPage() {
  return <TrackOrderScreen />;
}
