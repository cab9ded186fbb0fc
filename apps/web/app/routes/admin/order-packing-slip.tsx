import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { PackingSlipScreen } from '../../features/admin/orders/packing-slip-screen';
import { orderIdFrom } from '../../features/admin/orders/order-rules';
import type { Route } from './+types/order-packing-slip';

/** /admin/orders/{id}/packing-slip: printed, so shown without the back office around it. */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'orders', bare: true };

export default function OrderPackingSlipPage({ params }: Route.ComponentProps) {
  const id = orderIdFrom(params.id);
  return <PackingSlipScreen key={id ?? 'none'} ids={id === null ? [] : [id]} />;
}
