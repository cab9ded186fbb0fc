import { accountMeta } from '../features/account/account-meta';
import { LoginScreen } from '../features/account/login-screen';
import type { Route } from './+types/login';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/login', 'account.login.title', 'account.login.meta_description');
}

export default function LoginPage() {
  return <LoginScreen />;
}
