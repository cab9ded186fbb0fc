import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { permissionsOf, type Language, type StoreSettings, type User } from '@shop/shared';
import { ToastProvider } from '../../../components/ui/toast';
import { AuthProvider } from '../../account/auth';
import { adminMessagesFor, messagesFor } from '../../../i18n/catalogues.server';
import { I18nProvider } from '../../../i18n/i18n';
import { ConfirmProvider } from '../ui/confirm-dialog';

/**
 * Test support (no DOM here): renders a back-office screen to HTML on the server, inside the
 * providers the admin layout gives it, with the query cache filled beforehand. It shows that a
 * screen renders its data, in both languages, for each role, with no missing message.
 */

export const testSettings: StoreSettings = {
  store_name: 'متجر السبح',
  store_description: null,
  store_name_en: null,
  store_description_en: null,
  logo: null,
  phone_number: null,
  whatsapp_number: null,
  email: null,
  address: 'الكويت',
  address_en: null,
  currency_symbol: 'KD',
  currency: 'KWD',
  facebook_url: null,
  instagram_url: null,
  payment_methods: ['cash_on_delivery'],
  sign_in_methods: ['password'],
  free_shipping_threshold: null,
  gift_wrap_fee: null,
};

export function staffUser(role: 'admin' | 'moderator'): User {
  return {
    id: 1,
    username: role,
    name: role,
    first_name: null,
    last_name: null,
    email: `${role}@example.com`,
    phone: null,
    address: null,
    isVerified: true,
    isAdmin: true,
    role,
    permissions: permissionsOf(role),
    has_password: true,
    notification_preferences: { order_confirmations: true, shipping_updates: true, promotional: false },
  };
}

export function renderAdmin(
  screen: ReactNode,
  options: {
    lang: Language;
    role: 'admin' | 'moderator';
    path?: string;
    fill?: (client: QueryClient) => void;
    /** Public settings that differ from testSettings (the sign-in and payment methods offered). */
    settings?: Partial<StoreSettings>;
  },
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  options.fill?.(client);
  const messages = { ...messagesFor(options.lang), ...adminMessagesFor(options.lang) };
  const path = options.path ?? '/admin';
  const settings: StoreSettings = { ...testSettings, ...options.settings };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => (
        <QueryClientProvider client={client}>
          <I18nProvider lang={options.lang} messages={messages}>
            <ToastProvider>
              <AuthProvider initialUser={staffUser(options.role)} renderedForEveryone={false}>
                <ConfirmProvider>{screen}</ConfirmProvider>
              </AuthProvider>
            </ToastProvider>
          </I18nProvider>
        </QueryClientProvider>
      ),
      loader: () => ({ lang: options.lang, messages, settings, publicUrl: 'http://localhost', year: 2025 }),
      children: [{ path: '*', Component: () => null }],
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={[path]}
      hydrationData={{ loaderData: { root: { lang: options.lang, messages, settings, publicUrl: 'http://localhost', year: 2025 } } }}
    />,
  );
}

/** The visible text of rendered HTML, entities decoded (enough for these assertions). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}
