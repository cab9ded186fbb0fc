import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { OrderDetailScreen } from '../../features/admin/orders/order-detail-screen';
import { orderIdFrom } from '../../features/admin/orders/order-rules';
import type { Route } from './+types/order-detail';

/** /admin/orders/{id}: a sub-page of the Orders tab. */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'orders' };

export default function OrderDetailPage({ params }: Route.ComponentProps) {
  const id = orderIdFrom(params.id);
  return <OrderDetailScreen key={id ?? 'none'} id={id} />;
}
