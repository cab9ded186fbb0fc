import { describe, expect, it } from 'vitest';
import { resolveTab, visibleTabs } from './tabs';

describe('visibleTabs', () => {
  it('offers no tab without a signed-in user', () => {
    expect(visibleTabs(null)).toEqual([]);
    expect(visibleTabs(undefined)).toEqual([]);
  });

  it('offers the tabs whose permission the user holds, in their order', () => {
    const tabs = visibleTabs({ permissions: ['backoffice.enter', 'catalog.read', 'orders.manage'] });
    expect(tabs.map((tab) => tab.id)).toEqual(['products', 'categories', 'orders', 'slider', 'simple-attributes', 'search']);
    expect(resolveTab('users', tabs)?.id).toBe('products');
  });
});
