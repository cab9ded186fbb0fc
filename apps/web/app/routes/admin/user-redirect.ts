import { redirect } from 'react-router';
import type { Route } from './+types/user-redirect';

/** /admin/user/{id} (an older address) leads to /admin/users/edit/{id}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/users/edit/${encodeURIComponent(params.id)}`, 301);
}
