import { Outlet, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import { AdminChrome } from '../../features/admin/shell/admin-chrome';
import { AdminGate } from '../../features/admin/shell/admin-gate';
import { ConfirmProvider } from '../../features/admin/ui/confirm-dialog';
import { ADMIN_NAMESPACES } from '../../i18n/catalogues.server';
import { routeMessages } from '../../i18n/route-messages.server';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/layout';

/** Every admin page: storefront chrome off, back-office messages on, behind the access gate. */
export const handle = { backoffice: true };

export function loader({ request, context }: Route.LoaderArgs) {
  // Every back-office namespace and the storefront's the back office shows (prices, order and
  // payment states); its pages need no loader of their own for messages (decision 022).
  return { messages: routeMessages({ request, context }, [...ADMIN_NAMESPACES, 'catalog', 'orders', 'payments']) };
}

// The back office's messages change only with the language (a form post to /set-language).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction }) => formAction === '/set-language';

/**
 * Every back-office page's (its routes have no meta of their own): a title in the HTML the server
 * sends, which has no screen of the page yet (the access gate waits for the browser's sign-in);
 * each screen then puts its own title in the page's language.
 */
export function meta() {
  return [{ title: 'لوحة التحكم | Back office' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (!root) return null;
  // The root's I18nProvider already merges this layout's messages (loaderData.messages).
  return (
    <ConfirmProvider>
      <AdminGate>
        <AdminChrome settings={root.settings}>
          <Outlet />
        </AdminChrome>
      </AdminGate>
    </ConfirmProvider>
  );
}
