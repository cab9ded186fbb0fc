import { accountMeta } from '../features/account/account-meta';
import { ResetPasswordScreen } from '../features/account/reset-password-screen';
import type { Route } from './+types/reset-password';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/reset-password', 'account.reset.title', 'account.reset.meta_description');
}

export default function ResetPasswordPage() {
  return <ResetPasswordScreen />;
}
