import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { ProductImportScreen } from '../../features/admin/products/product-import';

/** /admin/products/import: a sub-page of the Products tab (docs/decisions/056). */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'products' };

export default function ProductImportPage() {
  return <ProductImportScreen />;
}
