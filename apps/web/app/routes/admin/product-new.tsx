import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { NewProductScreen } from '../../features/admin/products/product-screens';

/** /admin/products/new: a sub-page of the Products tab. */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'products' };

export default function ProductNewPage() {
  return <NewProductScreen />;
}
