import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { UserFormScreen, UserNotFound } from '../../features/admin/users/user-form-screen';
import { parseUserId } from '../../features/admin/users/user-rules';
import type { Route } from './+types/user-edit';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'users' };

/** /admin/users/edit/{id}: the user form, filled from the stored user. */
export default function UserEditPage({ params }: Route.ComponentProps) {
  const id = parseUserId(params.id);
  if (id === null) return <UserNotFound />;
  // A new id is a new form (nothing typed for one user carries over to another).
  return <UserFormScreen key={id} id={id} />;
}
