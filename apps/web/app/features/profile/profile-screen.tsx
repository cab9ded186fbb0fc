import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { User } from '@shop/shared';
import { Container } from '../../components/ui/container';
import { UserIcon } from '../../components/ui/icons';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { useAuth } from '../account/auth';
import { AccountInfoTab } from './account-info-tab';
import { AddressesTab } from './addresses-tab';
import { OrderHistoryTab } from './order-history-tab';
import { profileTabs, tabAfterKey, tabFromQuery, type ProfileTab } from './profile-rules';
import { SettingsTab } from './settings-tab';
import { Spinner } from '../../components/ui/spinner';
import { useLocalizedPath } from '../../lib/localized-path';

const tabLabels: Record<ProfileTab, MessageKey> = {
  account: 'profile.tabs.account',
  orders: 'profile.tabs.orders',
  addresses: 'addresses.tab',
  settings: 'profile.tabs.settings',
};

const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

/**
 * The profile page. Signed-out visitors go to /login; while the stored token is
 * being checked a spinner shows. The server already knows the user from the session cookie, so a
 * signed-in customer gets the page in the first HTML.
 */
export function ProfileScreen() {
  const localized = useLocalizedPath();
  const { status, user } = useAuth();
  const { t } = useI18n();
  const navigate = useNavigate();
  // Deleting the account signs out on purpose and goes home, not to /login.
  const leaving = useRef(false);

  useEffect(() => {
    if (status === 'unauthenticated' && !leaving.current) void navigate(localized('/login'), { replace: true });
  }, [status, navigate, localized]);

  if (!user) {
    return (
      <Container className="py-16">
        <Spinner label={t('profile.loading')} />
      </Container>
    );
  }
  return <ProfileTabs user={user} onLeaving={() => (leaving.current = true)} />;
}

function ProfileTabs({ user, onLeaving }: { user: User; onLeaving: () => void }) {
  const { t, dir } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromQuery(searchParams.get('tab'));
  const tabRefs = useRef(new Map<ProfileTab, HTMLButtonElement>());

  function choose(tab: ProfileTab) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === 'account') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = tabAfterKey(active, event.key, dir);
    if (!next) return;
    event.preventDefault();
    choose(next);
    tabRefs.current.get(next)?.focus();
  }

  const displayName = user.name || user.username;
  return (
    <Container className="py-6 sm:py-8">
      <div className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <UserIcon className="size-7" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">{t('profile.page.heading')}</h1>
          <p className="truncate text-stone-600">
            <bdi>{displayName}</bdi>
          </p>
        </div>
      </div>

      <div
        role="tablist"
        aria-label={t('profile.tabs.label')}
        onKeyDown={onKeyDown}
        className="mt-6 grid grid-cols-4 border-b border-stone-200 sm:flex sm:gap-1"
      >
        {profileTabs.map((tab) => {
          const selected = tab === active;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabRefs.current.set(tab, element);
                else tabRefs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={selected}
              aria-controls={panelId(tab)}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab)}
              className={`-mb-px min-h-11 border-b-2 px-1 py-2 text-center text-sm leading-tight font-semibold transition-colors sm:shrink-0 sm:px-4 sm:text-base sm:whitespace-nowrap ${
                selected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
              }`}
            >
              {t(tabLabels[tab])}
            </button>
          );
        })}
      </div>

      {profileTabs.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== active}
          tabIndex={0}
          className="mt-6 max-w-3xl focus-visible:outline-offset-4"
        >
          {tab === active && tab === 'account' && <AccountInfoTab user={user} />}
          {tab === active && tab === 'orders' && <OrderHistoryTab userId={user.id} />}
          {tab === active && tab === 'addresses' && <AddressesTab user={user} />}
          {tab === active && tab === 'settings' && <SettingsTab user={user} onLeaving={onLeaving} />}
        </div>
      ))}
    </Container>
  );
}
