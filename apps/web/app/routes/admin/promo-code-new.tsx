import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { PromoCodeFormScreen } from '../../features/admin/promo-codes/promo-code-form-screen';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'promo-codes' };

/** /admin/promocode/new: the promo code form, empty. */
export default function PromoCodeNewPage() {
  return <PromoCodeFormScreen id={null} />;
}
