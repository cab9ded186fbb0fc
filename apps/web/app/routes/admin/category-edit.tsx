import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { CategoryFormScreen, CategoryNotFound } from '../../features/admin/categories/category-form-screen';
import { parseCategoryId } from '../../features/admin/categories/category-rules';
import type { Route } from './+types/category-edit';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'categories' };

/** /admin/categories/edit/{id}: the category form, filled from the stored category. */
export default function CategoryEditPage({ params }: Route.ComponentProps) {
  const id = parseCategoryId(params.id);
  if (id === null) return <CategoryNotFound />;
  // A new id is a new form (nothing typed for one category carries over to another).
  return <CategoryFormScreen key={id} id={id} />;
}
