import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { CategoryFormScreen } from '../../features/admin/categories/category-form-screen';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'categories' };

/** /admin/categories/new: the category form, empty. */
export default function CategoryNewPage() {
  return <CategoryFormScreen id={null} />;
}
