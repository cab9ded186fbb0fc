import { accountMeta } from '../features/account/account-meta';
import { VerifyCodeScreen } from '../features/account/verify-code-screen';
import type { Route } from './+types/verify-code';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, '/verify-code', 'account.verify.title', 'account.verify.meta_description');
}

export default function VerifyCodePage() {
  return <VerifyCodeScreen />;
}
