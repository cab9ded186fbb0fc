import type { ReactNode } from 'react';
import { Link, useMatches, useSearchParams } from 'react-router';
import type { StoreSettings } from '@shop/shared';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { useI18n } from '../../../i18n/i18n';
import { storeName } from '../../../lib/localized';
import { useAuth } from '../../account/auth';
import { useLogout } from '../../account/user-menu';
import { NewOrderAlertsMenu } from '../orders/new-order-alerts';
import { LogoutIcon, StoreIcon } from '../ui/admin-icons';
import { adminHref } from './admin-links';
import { PhoneNav, SideTabLink } from './admin-nav';
import { useTabBadges } from './tab-badges';
import { resolveTab, visibleTabs, type AdminTab, type AdminTabId } from './tabs';

/** Route modules of admin sub-pages name the tab they belong to: `handle = { adminTab: 'products' }`. */
export interface AdminRouteHandle {
  backoffice: true;
  adminTab?: AdminTabId;
  /** The page is shown alone, without the header and tabs (the invoice, which is printed). */
  bare?: true;
}

function isAdminHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && (handle as { backoffice?: unknown }).backoffice === true;
}

/** The handle of the deepest admin page matched. */
function useAdminHandle(): AdminRouteHandle | undefined {
  return [...useMatches()].reverse().map((match) => match.handle).find(isAdminHandle);
}

/**
 * The tab the current page belongs to: the sub-page's own, else the one in ?tab=; none for a
 * section the user may not open or that does not exist (its screen says so).
 */
function useActiveTab(tabs: readonly AdminTab[], handle: AdminRouteHandle | undefined): AdminTab | null {
  const [params] = useSearchParams();
  const owned = handle?.adminTab;
  if (owned) return tabs.find((tab) => tab.id === owned) ?? null;
  const resolved = resolveTab(params.get('tab'), tabs);
  return resolved.kind === 'tab' ? resolved.tab : null;
}

/**
 * The back office around every admin page: a top bar (store, language, back to the store,
 * logout), the tabs at the side on a desktop and, on a phone, a bottom bar of the main sections
 * with "More" for the rest (PhoneNav). A page whose handle says `bare` (the invoice) is shown alone.
 */
export function AdminChrome({ settings, children }: { settings: StoreSettings; children: ReactNode }) {
  const { t, lang } = useI18n();
  const { user } = useAuth();
  const logout = useLogout();
  const tabs = visibleTabs(user);
  const handle = useAdminHandle();
  const active = useActiveTab(tabs, handle);
  const badges = useTabBadges();
  if (handle?.bare) {
    return (
      <main id="main" tabIndex={-1} className="min-h-dvh bg-sand-50 focus:outline-none print:bg-white">
        {children}
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-sand-50">
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
          <Link to={adminHref()} className="flex min-h-11 min-w-0 items-center gap-2 font-semibold text-brand-800 lg:min-h-10">
            <span className="truncate">{storeName(lang, settings)}</span>
            <span className="hidden rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700 sm:inline">{t('admin.shell.title')}</span>
          </Link>
          <div className="flex items-center gap-1">
            <NewOrderAlertsMenu />
            <LanguageSwitch />
            <Link
              to="/"
              aria-label={t('admin.shell.back_to_store')}
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 lg:min-h-10"
            >
              <StoreIcon className="size-5" />
              <span className="hidden sm:inline">{t('admin.shell.back_to_store')}</span>
            </Link>
            {user ? (
              <button
                type="button"
                onClick={() => void logout()}
                title={t('admin.shell.signed_in_as', { name: user.name })}
                className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-stone-700 hover:bg-stone-100 lg:min-h-10"
              >
                <LogoutIcon className="size-5 sm:hidden" />
                {/* On a phone the icon alone, so the store's name keeps its room. */}
                <span className="sr-only sm:not-sr-only">{t('layout.user_menu.logout')}</span>
              </button>
            ) : null}
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-4 pt-5 pb-24 lg:pb-10">
        <nav aria-label={t('admin.shell.navigation')} className="hidden w-56 shrink-0 lg:block">
          <ul className="sticky top-20 flex flex-col gap-1">
            {tabs.map((tab) => (
              <li key={tab.id}>
                <SideTabLink tab={tab} active={tab.id === active?.id} badge={badges[tab.id]} />
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
      <PhoneNav tabs={tabs} active={active} badges={badges} label={t('admin.shell.navigation')} />
    </div>
  );
}
