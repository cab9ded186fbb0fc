import { redirect } from 'react-router';
import { adminRecordHref } from '../../features/admin/shell/admin-links';
import type { Route } from './+types/user-redirect';

/** /admin/user/{id} (an older address) leads to /admin/users/edit/{id}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(adminRecordHref('users', params.id), 301);
}
