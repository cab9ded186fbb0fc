import { accountMeta } from '../features/account/account-meta';
import { RegisterScreen } from '../features/account/register-screen';
import type { Route } from './+types/register';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/register', 'account.register.title', 'account.register.meta_description');
}

export default function RegisterPage() {
  return <RegisterScreen />;
}
