import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@shop/shared';
import { ADMIN_TABS, PHONE_BAR_SIZE, phoneNavigation, resolveTab, visibleTabs } from './tabs';

const admin = visibleTabs({ permissions: permissionsOf('admin') });
const moderator = visibleTabs({ permissions: permissionsOf('moderator') });
const ids = (tabs: readonly { id: string }[]) => tabs.map((tab) => tab.id);

describe('visibleTabs', () => {
  it('offers no tab without a signed-in user', () => {
    expect(visibleTabs(null)).toEqual([]);
    expect(visibleTabs(undefined)).toEqual([]);
  });

  it('offers the tabs whose permission the user holds, in their order', () => {
    const tabs = visibleTabs({ permissions: ['backoffice.enter', 'catalog.read', 'orders.manage'] });
    expect(ids(tabs)).toEqual(['products', 'categories', 'orders', 'slider', 'simple-attributes', 'search']);
  });

  it('offers an administrator every tab and a moderator the dashboard, the reports, orders, the reviews and the catalogue', () => {
    expect(ids(admin)).toEqual(ids(ADMIN_TABS));
    expect(ids(moderator)).toEqual(['dashboard', 'reports', 'products', 'categories', 'orders', 'reviews', 'slider', 'simple-attributes', 'search']);
  });
});

describe('resolveTab', () => {
  it('opens the requested section when the user may', () => {
    expect(resolveTab('cities', admin)).toMatchObject({ kind: 'tab', tab: { id: 'cities' } });
    expect(resolveTab('orders', moderator)).toMatchObject({ kind: 'tab', tab: { id: 'orders' } });
  });

  it('opens the dashboard without ?tab= (or with an empty one), else the first allowed tab', () => {
    expect(resolveTab(null, admin)).toMatchObject({ kind: 'tab', tab: { id: 'dashboard' } });
    expect(resolveTab('', moderator)).toMatchObject({ kind: 'tab', tab: { id: 'dashboard' } });
    const noDashboard = visibleTabs({ permissions: ['backoffice.enter', 'catalog.read'] });
    expect(resolveTab(null, noDashboard)).toMatchObject({ kind: 'tab', tab: { id: 'products' } });
  });

  it('says a section the role may not open is forbidden, never showing another one', () => {
    for (const id of ['users', 'cities', 'promo-codes', 'settings', 'activity', 'google-merchant']) {
      expect(resolveTab(id, moderator)).toEqual({ kind: 'forbidden', id });
    }
  });

  it('says an id no section has is unknown', () => {
    expect(resolveTab('attributes', admin)).toEqual({ kind: 'unknown', id: 'attributes' });
    expect(resolveTab('constructor', moderator)).toEqual({ kind: 'unknown', id: 'constructor' });
  });

  it('has nothing to open for a user without tabs', () => {
    expect(resolveTab(null, [])).toEqual({ kind: 'none' });
    expect(resolveTab('orders', [])).toEqual({ kind: 'forbidden', id: 'orders' });
  });
});

describe('phoneNavigation', () => {
  it("puts the administrator's dashboard, orders, products and categories in the bar and the twelve others in the sheet", () => {
    const { bar, more } = phoneNavigation(admin);
    expect(ids(bar)).toEqual(['dashboard', 'orders', 'products', 'categories']);
    expect(ids(more)).toEqual(['reports', 'reviews', 'users', 'settings', 'pages', 'slider', 'cities', 'promo-codes', 'google-merchant', 'simple-attributes', 'search', 'activity']);
  });

  it("gives a moderator the same bar and the reports, the reviews and the rest of the catalogue in the sheet", () => {
    const { bar, more } = phoneNavigation(moderator);
    expect(ids(bar)).toEqual(['dashboard', 'orders', 'products', 'categories']);
    expect(ids(more)).toEqual(['reports', 'reviews', 'slider', 'simple-attributes', 'search']);
  });

  it('reaches every section the user may open exactly once, the bar never over its size', () => {
    for (const tabs of [admin, moderator, visibleTabs({ permissions: ['backoffice.enter', 'catalog.read'] })]) {
      const { bar, more } = phoneNavigation(tabs);
      expect(bar.length).toBeLessThanOrEqual(PHONE_BAR_SIZE + (more.length === 0 ? 1 : 0));
      expect(ids([...bar, ...more]).sort()).toEqual(ids(tabs).sort());
    }
  });

  it('fills the bar with the next tabs when a main section is not allowed, and needs no sheet for five', () => {
    const catalogue = visibleTabs({ permissions: ['backoffice.enter', 'catalog.read'] });
    const { bar, more } = phoneNavigation(catalogue);
    expect(ids(bar)).toEqual(['products', 'categories', 'slider', 'simple-attributes', 'search']);
    expect(more).toEqual([]);
  });
});
