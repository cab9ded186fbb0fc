import { accountMeta } from '../features/account/account-meta';
import { ForgotPasswordScreen } from '../features/account/forgot-password-screen';
import type { Route } from './+types/forgot-password';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/forgot-password', 'account.forgot.title', 'account.forgot.meta_description');
}

export default function ForgotPasswordPage() {
  return <ForgotPasswordScreen />;
}
