import { accountMeta } from '../features/account/account-meta';
import { ResetPasswordScreen } from '../features/account/reset-password-screen';
import type { Route } from './+types/reset-password';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/reset-password', 'account.reset.title', 'account.reset.meta_description');
}

export default function ResetPasswordPage() {
  return <ResetPasswordScreen />;
}
