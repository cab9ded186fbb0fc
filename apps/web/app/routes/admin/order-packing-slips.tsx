import { useSearchParams } from 'react-router';
import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { PackingSlipScreen } from '../../features/admin/orders/packing-slip-screen';
import { isGiftReceiptSearch, packingSlipIdsFrom } from '../../features/admin/orders/order-rules';

/**
 * /admin/orders/packing-slips?ids=1,2,3: the packing slips of several orders, one sheet each,
 * printed bare; with `&gift=1` as gift receipts.
 */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'orders', bare: true };

export default function OrderPackingSlipsPage() {
  const [search] = useSearchParams();
  const ids = packingSlipIdsFrom(search.get('ids'));
  const gift = isGiftReceiptSearch(search);
  return <PackingSlipScreen key={`${ids.join(',')}:${gift}`} ids={ids} gift={gift} />;
}
