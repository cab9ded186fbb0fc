import { Outlet, useRouteLoaderData } from 'react-router';
import { AdminChrome } from '../../features/admin/shell/admin-chrome';
import { AdminGate } from '../../features/admin/shell/admin-gate';
import { ConfirmProvider } from '../../features/admin/ui/confirm-dialog';
import { I18nProvider, useI18n } from '../../i18n/i18n';
import { adminMessagesFor } from '../../i18n/catalogues.server';
import { languageFromRequest } from '../../lib/language.server';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/layout';

/** Every admin page: storefront chrome off, back-office messages on, behind the access gate. */
export const handle = { backoffice: true };

export function loader({ request }: Route.LoaderArgs) {
  return { messages: adminMessagesFor(languageFromRequest(request)) };
}

// The back office's messages change only with the language, which reloads the root.
export function shouldRevalidate() {
  return false;
}

export function meta() {
  return [{ name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { lang } = useI18n();
  if (!root) return null;
  return (
    <I18nProvider lang={lang} messages={{ ...root.messages, ...loaderData.messages }}>
      <ConfirmProvider>
        <AdminGate>
          <AdminChrome settings={root.settings}>
            <Outlet />
          </AdminChrome>
        </AdminGate>
      </ConfirmProvider>
    </I18nProvider>
  );
}
