import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderDeleteResponse,
  type AdminOrderListResponse,
  type AdminOrderResponse,
  type OrderDetailResponse,
  type OrderStatus,
} from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { adminApi, adminKeys } from '../ui/admin-api';
import { orderListQuery, type OrderListFilters } from './order-rules';

/**
 * The back office's order calls. Every key lives under
 * adminKeys.orders, so one invalidation after a write refreshes the list and the detail.
 */

export const orderKeys = {
  list: (filters: OrderListFilters) => [...adminKeys.orders, 'list', filters] as const,
  one: (id: number) => adminKeys.order(id),
};

/** One page of GET /api/orders (newest first; search, filters and paging on the server). */
export function fetchOrderPage(filters: OrderListFilters, page: number): Promise<AdminOrderListResponse> {
  return adminApi().get<AdminOrderListResponse>('/orders', orderListQuery(filters, page, ADMIN_ORDERS_PAGE_SIZE));
}

/**
 * GET /api/orders/:id as staff see it (with its history). The shopper's reply (the caller owns
 * the order but may not manage orders) is refused like an order of someone else.
 */
export async function fetchAdminOrder(id: number): Promise<AdminOrder> {
  const body = await adminApi().get<OrderDetailResponse>(`/orders/${id}`);
  if (!('history' in body.order)) throw new ApiError(403, 'FORBIDDEN', '');
  return body.order;
}

/** PUT /api/orders/:id/status; the reply is the order as it now is. */
export async function changeOrderStatus(id: number, status: OrderStatus, notes: string): Promise<AdminOrder> {
  const body = await adminApi().put<AdminOrderResponse>(`/orders/${id}/status`, { status, notes });
  return body.order;
}

/** POST /api/orders/:id/refund: refunds a paid online order in full; the reply is the order, now refunded. */
export async function refundOrder(id: number): Promise<AdminOrder> {
  const body = await adminApi().post<AdminOrderResponse>(`/orders/${id}/refund`);
  return body.order;
}

export async function deleteOrder(id: number): Promise<void> {
  await adminApi().delete<AdminOrderDeleteResponse>(`/orders/${id}`);
}

/**
 * Shows a changed order at once wherever it is cached (its rows in every loaded list, its detail);
 * the caller then invalidates, so filtered lists and other figures catch up with the server.
 */
export function storeChangedOrder(client: QueryClient, order: AdminOrder): void {
  client.setQueryData(orderKeys.one(order.id), order);
  client.setQueriesData<InfiniteData<AdminOrderListResponse>>({ queryKey: [...adminKeys.orders, 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            orders: page.orders.map((row) =>
              row.id === order.id
                ? {
                    ...row,
                    status: order.status,
                    status_display: order.status_display,
                    status_color: order.status_color,
                    payment_status: order.payment_status,
                    paid_at: order.paid_at,
                  }
                : row,
            ),
          })),
        }
      : data,
  );
}
