import { accountMeta } from '../features/account/account-meta';
import { RegisterScreen } from '../features/account/register-screen';
import type { Route } from './+types/register';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/register', 'account.register.title', 'account.register.meta_description');
}

export default function RegisterPage() {
  return <RegisterScreen />;
}
