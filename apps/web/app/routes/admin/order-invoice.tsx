import { useSearchParams } from 'react-router';
import type { AdminRouteHandle } from '../../features/admin/shell/admin-chrome';
import { OrderInvoiceScreen } from '../../features/admin/orders/order-invoice-screen';
import { orderIdFrom, wantsAutoprint } from '../../features/admin/orders/order-rules';
import type { Route } from './+types/order-invoice';

/** /admin/orders/{id}/invoice: printed, so shown without the back office around it. */
export const handle: AdminRouteHandle = { backoffice: true, adminTab: 'orders', bare: true };

export default function OrderInvoicePage({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const id = orderIdFrom(params.id);
  return <OrderInvoiceScreen key={id ?? 'none'} id={id} autoprint={wantsAutoprint(search.get('autoprint'))} />;
}
