import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { UserFormScreen } from '../../features/admin/users/user-form-screen';

export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'users' };

/** /admin/users/new: the user form, empty, role customer. */
export default function UserNewPage() {
  return <UserFormScreen id={null} />;
}
