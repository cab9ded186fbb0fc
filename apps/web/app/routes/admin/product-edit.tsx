import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { EditProductScreen } from '../../features/admin/products/product-screens';
import type { Route } from './+types/product-edit';

/** /admin/products/edit/{id}: a sub-page of the Products tab. */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'products' };

/** The id of the path, or null when it is not a positive whole number (shown as not found). */
function productId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export default function ProductEditPage({ params }: Route.ComponentProps) {
  const id = productId(params.id);
  return <EditProductScreen key={id ?? 'none'} id={id} />;
}
