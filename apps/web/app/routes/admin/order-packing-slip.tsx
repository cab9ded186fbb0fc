import { useSearchParams } from 'react-router';
import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { PackingSlipScreen } from '../../features/admin/orders/packing-slip-screen';
import { isGiftReceiptSearch, orderIdFrom } from '../../features/admin/orders/order-rules';
import type { Route } from './+types/order-packing-slip';

/** /admin/orders/{id}/packing-slip (`?gift=1`: the gift receipt): printed, so shown without the back office around it. */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'orders', bare: true };

export default function OrderPackingSlipPage({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const id = orderIdFrom(params.id);
  const gift = isGiftReceiptSearch(search);
  return <PackingSlipScreen key={`${id ?? 'none'}:${gift}`} ids={id === null ? [] : [id]} gift={gift} />;
}
