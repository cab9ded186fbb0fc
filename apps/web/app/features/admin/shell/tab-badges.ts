import { useNewOrderAlerts } from '../orders/new-order-alerts';
import type { AdminTabId } from './tabs';

/** A count shown on a tab of the navigation (new orders, say); absent or 0 shows nothing. */
export type TabBadges = Readonly<Partial<Record<AdminTabId, number>>>;

/**
 * The counts on the navigation's tabs, in one place: the side navigation, the phone's bottom bar
 * and its "More" sheet all read them from here. A section that wants a badge adds its count below
 * (`orders: useNewOrderCount()`).
 */
export function useTabBadges(): TabBadges {
  return { orders: useNewOrderAlerts().count };
}

/** A badge's text: the count, 99+ beyond 99; null when there is nothing to show. */
export function badgeText(count: number | undefined): string | null {
  if (count === undefined || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
