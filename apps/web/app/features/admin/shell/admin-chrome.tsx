import type { ReactNode } from 'react';
import { Link, useMatches, useSearchParams } from 'react-router';
import type { StoreSettings } from '@shop/shared';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { useLogout } from '../../account/user-menu';
import { StoreIcon } from '../ui/admin-icons';
import { adminHref } from './admin-links';
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

/** The tab the current page belongs to: the sub-page's own, else the one in ?tab=. */
function useActiveTab(tabs: readonly AdminTab[], handle: AdminRouteHandle | undefined): AdminTab | null {
  const [params] = useSearchParams();
  const owned = handle?.adminTab;
  if (owned) return tabs.find((tab) => tab.id === owned) ?? null;
  return resolveTab(params.get('tab'), tabs);
}

function TabLink({ tab, active, compact }: { tab: AdminTab; active: boolean; compact: boolean }) {
  const { t } = useI18n();
  const Icon = tab.icon;
  const base = compact
    ? 'flex min-w-16 flex-1 flex-col items-center gap-0.5 px-2 py-2 text-xs font-semibold'
    : 'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold';
  const tone = active ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900';
  return (
    <Link to={adminHref(tab.id)} aria-current={active ? 'page' : undefined} className={`${base} ${tone}`}>
      <Icon className={compact ? 'size-6' : 'size-5'} />
      <span className="truncate">{t(tab.label)}</span>
    </Link>
  );
}

/**
 * The back office around every admin page: a top bar (store, language, back to the store,
 * logout), the tabs at the side on a desktop and as a bottom tab bar on a phone. A page whose
 * handle says `bare` (the invoice) is shown alone.
 */
export function AdminChrome({ settings, children }: { settings: StoreSettings; children: ReactNode }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const logout = useLogout();
  const tabs = visibleTabs(user);
  const handle = useAdminHandle();
  const active = useActiveTab(tabs, handle);
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
          <Link to={adminHref()} className="flex min-w-0 items-center gap-2 font-semibold text-brand-800">
            <span className="truncate">{settings.store_name}</span>
            <span className="hidden rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700 sm:inline">{t('admin.shell.title')}</span>
          </Link>
          <div className="flex items-center gap-1">
            <LanguageSwitch />
            <Link to="/" className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
              <StoreIcon className="size-5" />
              <span className="hidden sm:inline">{t('admin.shell.back_to_store')}</span>
            </Link>
            {user ? (
              <button
                type="button"
                onClick={() => void logout()}
                title={t('admin.shell.signed_in_as', { name: user.name })}
                className="inline-flex min-h-10 items-center rounded-lg px-2.5 text-sm font-semibold text-stone-700 hover:bg-stone-100"
              >
                {t('layout.user_menu.logout')}
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
                <TabLink tab={tab} active={tab.id === active?.id} compact={false} />
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
      <nav aria-label={t('admin.shell.navigation')} className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden">
        <ul className="flex overflow-x-auto">
          {tabs.map((tab) => (
            <li key={tab.id} className="flex flex-1">
              <TabLink tab={tab} active={tab.id === active?.id} compact />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
