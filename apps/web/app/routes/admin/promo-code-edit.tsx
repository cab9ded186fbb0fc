import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { PromoCodeFormScreen, PromoCodeNotFound } from '../../features/admin/promo-codes/promo-code-form-screen';
import { parsePromoCodeId } from '../../features/admin/promo-codes/promo-code-rules';
import type { Route } from './+types/promo-code-edit';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'promo-codes' };

/** /admin/promocode/edit/{id}: the promo code form, filled from the stored code. */
export default function PromoCodeEditPage({ params }: Route.ComponentProps) {
  const id = parsePromoCodeId(params.id);
  if (id === null) return <PromoCodeNotFound />;
  // A new id is a new form (nothing typed for one code carries over to another).
  return <PromoCodeFormScreen key={id} id={id} />;
}
