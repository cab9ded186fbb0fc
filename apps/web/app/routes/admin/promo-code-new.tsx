import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { PromoCodeFormScreen } from '../../features/admin/promo-codes/promo-code-form-screen';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'promo-codes' };

export function meta() {
  return [{ name: 'robots', content: 'noindex, nofollow' }];
}

/** /admin/promocode/new: the promo code form, empty. */
export default function PromoCodeNewPage() {
  return <PromoCodeFormScreen id={null} />;
}
