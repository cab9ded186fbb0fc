import { accountMeta } from '../features/account/account-meta';
import { VerifyCodeScreen } from '../features/account/verify-code-screen';
import type { Route } from './+types/verify-code';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['account']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/verify-code', 'account.verify.title', 'account.verify.meta_description');
}

export default function VerifyCodePage() {
  return <VerifyCodeScreen />;
}
