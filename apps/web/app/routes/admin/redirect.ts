import { redirect } from 'react-router';

/** /admin-test and /admin-dashboard (older addresses of the back office) lead to /admin. */
export function loader() {
  return redirect('/admin', 301);
}
