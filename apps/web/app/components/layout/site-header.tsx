import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { imageSrcSet, type Permission, type StoreSettings } from '@shop/shared';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { storeName } from '../../lib/localized';
import { buttonClasses } from '../ui/button';
import { Container } from '../ui/container';
import { BeadsIcon, CartIcon, CloseIcon, MenuIcon, SearchIcon } from '../ui/icons';
import { useAuth } from '../../features/account/auth';
import { guestOnly, MemberPlaceholder } from '../../features/account/member-hint';
import { MobileAccountActions, UserMenu } from '../../features/account/user-menu';
import { WishlistLink } from '../../features/wishlist/wishlist-link';
import { LanguageSwitch } from './language-switch';
import { SearchForm, shownSearch } from './search-form';
import { SameMarkup } from '../../lib/same-markup';
import { useMeasuredHeight } from './use-measured-height';
import { useLocalizedPath } from '../../lib/localized-path';

/** The signed-in shopper as the header needs it; null for guests. */
export interface HeaderUser {
  name: string;
  /** What the role may do; staff (back-office entry) get the Admin link. */
  permissions: readonly Permission[];
}

interface SiteHeaderProps {
  settings: StoreSettings;
  user: HeaderUser | null;
  /** Items in the cart; undefined while the cart is unknown (no badge is shown then). */
  cartCount?: number;
  /** A notice kept in view under the header's row (the offline banner). */
  notice?: ReactNode;
}

interface NavItem {
  to: string;
  label: MessageKey;
  end?: boolean;
}

function navItems(user: HeaderUser | null, localized: (path: string) => string): NavItem[] {
  const items: NavItem[] = [
    { to: localized('/'), label: 'common.nav.home', end: true },
    { to: localized('/products'), label: 'common.nav.products' },
    { to: localized('/categories'), label: 'common.nav.categories' },
  ];
  if (user?.permissions.includes('backoffice.enter'))
    items.push({ to: '/admin', label: 'common.nav.admin' });
  return items;
}

/**
 * Which of the header's links is the current page depends on the address's first segments only
 * (the deepest link is /en/products): /products/5 and /products/6 show the same header. The
 * lower-cased segments, whether more follow, and a trailing slash.
 */
export function navPlace(pathname: string): string {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const depth = segments[0] === 'en' ? 2 : 1;
  const more = segments.length > depth ? '/…' : '';
  const slash = pathname.length > 1 && pathname.endsWith('/') ? '/' : '';
  return `/${segments.slice(0, depth).join('/')}${more}${slash}`;
}

/**
 * The header's parts that are the same for every request at a place: the menus' markup is
 * reused on a page for everyone (decision 070). Null (render them) for a signed-in shopper.
 */
function useHeaderMarkupKey(user: HeaderUser | null): ((part: string) => string) | null {
  const { lang } = useI18n();
  const { status } = useAuth();
  const location = useLocation();
  if (user) return null;
  const place = navPlace(location.pathname);
  return (part) => `header|${part}|${lang}|${status}|${place}`;
}

/**
 * The header stays at the top while the page scrolls: one compact row on a
 * phone (menu, logo, search toggle, language, wishlist, cart), below the phone's notch or status bar. Its
 * height is published as `--header-h` so the toasts sit under it.
 */
export function SiteHeader({ settings, user, cartCount, notice }: SiteHeaderProps) {
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const items = navItems(user, localized);
  const markupKey = useHeaderMarkupKey(user);
  const header = useRef<HTMLElement>(null);
  useMeasuredHeight(header, '--header-h');
  return (
    <header
      ref={header}
      className="sticky top-0 z-30 border-b border-stone-200 bg-white pt-[env(safe-area-inset-top)]"
    >
      <Container className="flex items-center gap-x-1 py-2 sm:gap-x-2 lg:gap-x-4 lg:py-3">
        <MobileMenu items={items} user={user} markupKey={markupKey?.('menu') ?? null} />
        <StoreLogo settings={settings} />
        <SameMarkup
          as="nav"
          markupKey={markupKey?.('nav') ?? null}
          aria-label={t('layout.nav.main')}
          className="hidden lg:block"
        >
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={({ isActive }) =>
                    `rounded-lg px-3 py-2 text-sm font-semibold hover:bg-brand-50 ${isActive ? 'text-brand-700' : 'text-stone-700'}`
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </SameMarkup>
        <SearchForm id="site-search" className="hidden lg:ms-auto lg:block lg:max-w-sm lg:flex-1" />
        <div className="ms-auto flex shrink-0 items-center gap-1 lg:ms-0">
          <MobileSearch markupKey={markupKey?.('search') ?? null} />
          <LanguageSwitch />
          <AccountLinks user={user} className="hidden items-center gap-1 lg:flex" />
          <WishlistLink />
          <CartLink count={cartCount} />
        </div>
      </Container>
      {notice}
    </header>
  );
}

function StoreLogo({ settings }: { settings: StoreSettings }) {
  const { lang } = useI18n();
  const name = storeName(lang, settings);
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/')}
      className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg py-1 text-brand-800"
    >
      {settings.logo ? (
        <>
          <img
            src={settings.logo}
            // Stored uploads have smaller widths beside them; the logo is drawn at most 160 px wide.
            srcSet={settings.logo.startsWith('/uploads/') ? imageSrcSet(settings.logo) : undefined}
            sizes="160px"
            alt={name}
            width={40}
            height={40}
            className="h-10 w-auto min-w-11 max-w-40 object-contain"
          />
          {/* The image's alt text already names the link; the visible name is for wider screens. */}
          <bdi aria-hidden="true" className="hidden truncate text-lg font-semibold sm:block">
            {name}
          </bdi>
        </>
      ) : (
        <>
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
            <BeadsIcon className="size-6" />
          </span>
          <bdi className="truncate text-lg font-semibold">{name}</bdi>
        </>
      )}
    </Link>
  );
}

/** The name's menu; for a guest, sign in and register; while the session is checked, a placeholder. */
function AccountLinks({ user, className }: { user: HeaderUser | null; className: string }) {
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const { status } = useAuth();
  if (user) {
    return (
      <div className={className}>
        <UserMenu name={user.name} />
      </div>
    );
  }
  return (
    <div className={className}>
      <MemberPlaceholder status={status} className="h-10 px-3" />
      <Link to={localized('/login')} className={buttonClasses('ghost', 'md', guestOnly(status))}>
        {t('common.nav.login')}
      </Link>
      <Link
        to={localized('/register')}
        className={buttonClasses('primary', 'md', guestOnly(status))}
      >
        {t('common.nav.register')}
      </Link>
    </div>
  );
}

function CartLink({ count }: { count: number | undefined }) {
  const { t, tp } = useI18n();
  const label = count === undefined ? t('common.nav.cart') : tp('common.nav.cart_count', count);
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/cart')}
      aria-label={label}
      className="relative flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:size-10"
    >
      <CartIcon className="size-6" />
      {count !== undefined && count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-accent px-1 text-xs font-semibold text-stone-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The compact header's menu: a <details> disclosure, so it opens even before JavaScript has
 * loaded; with JavaScript it also closes on navigation, on Escape and on a tap outside.
 */
function MobileMenu({
  items,
  user,
  markupKey,
}: {
  items: NavItem[];
  user: HeaderUser | null;
  markupKey: string | null;
}) {
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const details = useRef<HTMLDetailsElement>(null);
  const { closeOnEscape } = useHeaderDisclosure(details);
  const { status } = useAuth();

  return (
    <SameMarkup
      as="details"
      markupKey={markupKey}
      ref={details}
      className="group shrink-0 lg:hidden"
      onKeyDown={closeOnEscape}
    >
      <summary className={disclosureSummary}>
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
        <span className="sr-only">{t('common.nav.menu')}</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg">
        <Container className="py-3">
          <nav aria-label={t('layout.nav.main')}>
            <ul className="flex flex-col">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end ?? false}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-3 font-semibold hover:bg-brand-50 ${isActive ? 'text-brand-700' : 'text-stone-800'}`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 grid grid-cols-2 gap-2 border-t border-stone-200 pt-3">
            {user ? (
              <MobileAccountActions name={user.name} />
            ) : (
              <>
                <MemberPlaceholder status={status} className="col-span-2 h-11" />
                <Link
                  to={localized('/login')}
                  className={buttonClasses('secondary', 'md', guestOnly(status))}
                >
                  {t('common.nav.login')}
                </Link>
                <Link
                  to={localized('/register')}
                  className={buttonClasses('primary', 'md', guestOnly(status))}
                >
                  {t('common.nav.register')}
                </Link>
              </>
            )}
          </div>
        </Container>
      </div>
    </SameMarkup>
  );
}

const disclosureSummary =
  'flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden';

/**
 * A header drop-down built on <details> (it opens before JavaScript has loaded); with JavaScript
 * it also closes on navigation, on Escape and on a tap outside.
 */
function useHeaderDisclosure(details: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();

  useEffect(() => {
    details.current?.removeAttribute('open');
  }, [details, location.key]);

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (element.open && event.target instanceof Node && !element.contains(event.target)) {
        element.removeAttribute('open');
      }
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [details]);

  return {
    closeOnEscape: (event: React.KeyboardEvent) => {
      if (event.key === 'Escape' && details.current?.open) {
        details.current.removeAttribute('open');
        details.current.querySelector('summary')?.focus();
      }
    },
  };
}

/** The phone's search: a magnifier in the compact row that opens the search box under it. */
function MobileSearch({ markupKey }: { markupKey: string | null }) {
  const { t } = useI18n();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const { closeOnEscape } = useHeaderDisclosure(details);
  return (
    <SameMarkup
      as="details"
      // The box shows the list's search text.
      markupKey={markupKey === null ? null : `${markupKey}|${shownSearch(location)}`}
      ref={details}
      className="group lg:hidden"
      onKeyDown={closeOnEscape}
      onToggle={(event) => {
        if (event.currentTarget.open) event.currentTarget.querySelector('input')?.focus();
      }}
    >
      <summary className={disclosureSummary}>
        <SearchIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
        <span className="sr-only">{t('common.search.label')}</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-stone-200 bg-white shadow-lg">
        <Container className="py-3">
          <SearchForm id="site-search-phone" />
        </Container>
      </div>
    </SameMarkup>
  );
}
