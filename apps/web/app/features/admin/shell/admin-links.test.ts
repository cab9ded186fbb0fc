import { describe, expect, it } from 'vitest';
import { adminHref, adminNewRecordHref, adminOrderHref, adminRecordHref } from './admin-links';

describe('back-office links', () => {
  it('open a section as a tab of /admin', () => {
    expect(adminHref()).toBe('/admin');
    expect(adminHref('orders')).toBe('/admin?tab=orders');
    expect(adminHref('promo-codes')).toBe('/admin?tab=promo-codes');
  });

  it("open a record's full screen on the routes the browser tests and bookmarks use", () => {
    expect(adminNewRecordHref('products')).toBe('/admin/products/new');
    expect(adminRecordHref('products', 12)).toBe('/admin/products/edit/12');
    expect(adminRecordHref('categories', 3)).toBe('/admin/categories/edit/3');
    expect(adminNewRecordHref('users')).toBe('/admin/users/new');
    expect(adminRecordHref('users', 9)).toBe('/admin/users/edit/9');
    expect(adminNewRecordHref('promo-codes')).toBe('/admin/promocode/new');
    expect(adminRecordHref('promo-codes', 4)).toBe('/admin/promocode/edit/4');
  });

  it('keep an id read from an address inside the path', () => {
    expect(adminRecordHref('users', '42')).toBe('/admin/users/edit/42');
    expect(adminRecordHref('users', '../x?y')).toBe('/admin/users/edit/..%2Fx%3Fy');
  });

  it("open an order and its invoice", () => {
    expect(adminOrderHref(8)).toBe('/admin/orders/8');
    expect(adminOrderHref(8, { invoice: true })).toBe('/admin/orders/8/invoice');
    expect(adminOrderHref(8, { invoice: true, autoprint: true })).toBe('/admin/orders/8/invoice?autoprint=true');
  });
});
