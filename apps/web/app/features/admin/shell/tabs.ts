import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission, User } from '@shop/shared';
import { SearchIcon, UserIcon, type IconProps } from '../../../components/ui/icons';
import type { MessageKey } from '../../../i18n/i18n';
import { userCan } from './gate';
import { ActivityIcon, BoxIcon, ChartIcon, DashboardIcon, FolderIcon, GearIcon, ImagesIcon, MapPinIcon, MerchantIcon, PageIcon, ReceiptIcon, StarIcon, TagIcon, TicketIcon } from '../ui/admin-icons';

/** The back office's tab ids, in the order the tabs are shown. */
export const ADMIN_TAB_IDS = [
  'dashboard',
  'reports',
  'products',
  'categories',
  'orders',
  // Shoppers' reviews waiting for moderation.
  'reviews',
  'users',
  'settings',
  // The policy pages, the footer's links and the home page's sections.
  'pages',
  'slider',
  'cities',
  'promo-codes',
  'google-merchant',
  'simple-attributes',
  // The search synonyms.
  'search',
  // The audit trail's activity view.
  'activity',
] as const;
export type AdminTabId = (typeof ADMIN_TAB_IDS)[number];

/** The tab /admin opens by default. */
export const DEFAULT_ADMIN_TAB: AdminTabId = 'dashboard';

export interface AdminTab {
  id: AdminTabId;
  label: MessageKey;
  icon: ComponentType<IconProps>;
  /** Who sees the tab; the server checks every call again. */
  permission: Permission;
  screen: LazyExoticComponent<ComponentType>;
}

/**
 * The tabs whose screens exist, in ADMIN_TAB_IDS order. Only these are shown: a tab id without a
 * screen is never offered (no empty or "coming soon" tabs). Each screen is its own chunk.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'dashboard', label: 'admin.tabs.dashboard', icon: DashboardIcon, permission: 'dashboard.view', screen: lazy(() => import('../dashboard/dashboard-tab')) },
  { id: 'reports', label: 'admin.tabs.reports', icon: ChartIcon, permission: 'reports.read', screen: lazy(() => import('../reports/reports-tab')) },
  { id: 'products', label: 'admin.tabs.products', icon: BoxIcon, permission: 'catalog.read', screen: lazy(() => import('../products/products-tab')) },
  { id: 'categories', label: 'admin.tabs.categories', icon: FolderIcon, permission: 'catalog.read', screen: lazy(() => import('../categories/categories-tab')) },
  { id: 'orders', label: 'admin.tabs.orders', icon: ReceiptIcon, permission: 'orders.manage', screen: lazy(() => import('../orders/orders-tab')) },
  { id: 'reviews', label: 'admin-reviews.tab', icon: StarIcon, permission: 'reviews.moderate', screen: lazy(() => import('../reviews/reviews-tab')) },
  { id: 'users', label: 'admin.tabs.users', icon: UserIcon, permission: 'users.manage', screen: lazy(() => import('../users/users-tab')) },
  { id: 'settings', label: 'admin.tabs.settings', icon: GearIcon, permission: 'settings.write', screen: lazy(() => import('../settings/settings-tab')) },
  { id: 'pages', label: 'admin-pages.tab', icon: PageIcon, permission: 'settings.write', screen: lazy(() => import('../pages/pages-tab')) },
  { id: 'slider', label: 'admin.tabs.slider', icon: ImagesIcon, permission: 'catalog.read', screen: lazy(() => import('../slider/slider-tab')) },
  { id: 'cities', label: 'admin.tabs.cities', icon: MapPinIcon, permission: 'locations.manage', screen: lazy(() => import('../cities/cities-tab')) },
  { id: 'promo-codes', label: 'admin.tabs.promo-codes', icon: TicketIcon, permission: 'promotions.manage', screen: lazy(() => import('../promo-codes/promo-codes-tab')) },
  { id: 'google-merchant', label: 'admin.tabs.google-merchant', icon: MerchantIcon, permission: 'merchant.sync', screen: lazy(() => import('../merchant/merchant-tab')) },
  { id: 'simple-attributes', label: 'admin.tabs.simple-attributes', icon: TagIcon, permission: 'catalog.read', screen: lazy(() => import('../attributes/attributes-tab')) },
  { id: 'search', label: 'admin-search.tab', icon: SearchIcon, permission: 'catalog.read', screen: lazy(() => import('../search/search-tab')) },
  { id: 'activity', label: 'admin-activity.tab', icon: ActivityIcon, permission: 'audit.read', screen: lazy(() => import('../activity/activity-tab')) },
];

/** The tabs the signed-in user may open (none without a user). */
export function visibleTabs(user: Pick<User, 'permissions'> | null | undefined): AdminTab[] {
  return ADMIN_TABS.filter((tab) => userCan(user, tab.permission));
}

/** What /admin?tab= shows: a section, or why it cannot (the screen says so, with a way back). */
export type TabResolution =
  | { kind: 'tab'; tab: AdminTab }
  /** A section of the back office this user's role may not open. */
  | { kind: 'forbidden'; id: AdminTabId }
  /** No section has this id (a mistyped or outdated address). */
  | { kind: 'unknown'; id: string }
  /** The user may open no section at all. */
  | { kind: 'none' };

function isAdminTabId(id: string): id is AdminTabId {
  return (ADMIN_TAB_IDS as readonly string[]).includes(id);
}

/**
 * The section for ?tab=, among the user's `tabs`: without one (or empty), the default (dashboard)
 * when allowed, else the first allowed tab; a section the role may not open is `forbidden` and an
 * id no section has is `unknown`, never silently another section.
 */
export function resolveTab(requested: string | null, tabs: readonly AdminTab[]): TabResolution {
  if (requested) {
    const wanted = tabs.find((tab) => tab.id === requested);
    if (wanted) return { kind: 'tab', tab: wanted };
    return isAdminTabId(requested) && ADMIN_TABS.some((tab) => tab.id === requested)
      ? { kind: 'forbidden', id: requested }
      : { kind: 'unknown', id: requested };
  }
  const fallback = tabs.find((tab) => tab.id === DEFAULT_ADMIN_TAB) ?? tabs[0];
  return fallback ? { kind: 'tab', tab: fallback } : { kind: 'none' };
}

/** The sections a phone's bottom bar holds first, in this order; the others open from "More". */
export const PHONE_BAR_TAB_IDS: readonly AdminTabId[] = ['dashboard', 'orders', 'products', 'categories'];

/** How many sections fit the phone's bottom bar beside "More" (5 items across 320 px). */
export const PHONE_BAR_SIZE = 4;

/**
 * A phone's navigation for the user's tabs: the bar (PHONE_BAR_TAB_IDS first, then the other
 * tabs in their order, up to PHONE_BAR_SIZE) and the "More" sheet with the rest, so every section
 * is at most two taps away. When one more would fit in place of "More", the bar holds them all.
 */
export function phoneNavigation(tabs: readonly AdminTab[]): { bar: AdminTab[]; more: AdminTab[] } {
  if (tabs.length <= PHONE_BAR_SIZE + 1) return { bar: [...tabs], more: [] };
  const preferred = PHONE_BAR_TAB_IDS.flatMap((id) => tabs.filter((tab) => tab.id === id));
  const bar = [...preferred, ...tabs.filter((tab) => !preferred.includes(tab))].slice(0, PHONE_BAR_SIZE);
  return { bar, more: tabs.filter((tab) => !bar.includes(tab)) };
}
