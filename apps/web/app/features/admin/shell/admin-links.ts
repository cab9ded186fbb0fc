import type { AdminTabId } from './tabs';

/**
 * The back office's links, built in one place (docs/decisions/040): a section is a `?tab=` of
 * /admin, a record's full screen a route under /admin/…; modals have no address.
 */

/** The route segment of each section whose records open on a screen of their own. */
const RECORD_SEGMENTS = {
  products: 'products',
  categories: 'categories',
  users: 'users',
  // The promo codes' screens kept the address they were published with (decision 040).
  'promo-codes': 'promocode',
} as const satisfies Partial<Record<AdminTabId, string>>;

export type AdminRecordSection = keyof typeof RECORD_SEGMENTS;

/** /admin, or a section of it (`/admin?tab=orders`). */
export function adminHref(tab?: AdminTabId): string {
  return tab === undefined ? '/admin' : `/admin?tab=${tab}`;
}

/** The screen that creates a record of the section (`/admin/products/new`). */
export function adminNewRecordHref(section: AdminRecordSection): string {
  return `/admin/${RECORD_SEGMENTS[section]}/new`;
}

/** The products import's screen (docs/decisions/056). */
export const ADMIN_PRODUCTS_IMPORT_HREF = '/admin/products/import';

/**
 * A record's full screen (`/admin/products/edit/12`); an order's is adminOrderHref. An id taken
 * from an address as it was typed stays inside the path (encoded); its screen then says no such record.
 */
export function adminRecordHref(section: AdminRecordSection, id: number | string): string {
  return `/admin/${RECORD_SEGMENTS[section]}/edit/${encodeURIComponent(id)}`;
}

/**
 * An order's screen, its printable invoice (`autoprint` opens the print dialog at once) or its
 * packing slip.
 */
export function adminOrderHref(id: number, page?: { invoice: true; autoprint?: boolean } | { packingSlip: true }): string {
  if (!page) return `/admin/orders/${id}`;
  if ('packingSlip' in page) return `/admin/orders/${id}/packing-slip`;
  return `/admin/orders/${id}/invoice${page.autoprint ? '?autoprint=true' : ''}`;
}

/** The packing slips of several orders on one page, one sheet each. */
export function adminPackingSlipsHref(ids: readonly number[]): string {
  return `/admin/orders/packing-slips?ids=${ids.join(',')}`;
}
