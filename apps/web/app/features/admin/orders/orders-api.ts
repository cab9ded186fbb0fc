import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderBulkStatusResponse,
  type AdminOrderDeleteResponse,
  type AdminOrderListResponse,
  type AdminOrderResponse,
  type OrderDetailResponse,
  type OrderStatus,
} from '@shop/shared';
import { ApiError, browserDownload } from '../../../lib/api';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { productsQueryKeys } from '../products/products-api';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import { usersQueryKeys } from '../users/users-api';
import { orderExportQuery, orderListQuery, type OrderExportRange, type OrderListFilters } from './order-rules';

/** The back office's order calls, their query keys and the hooks that write orders. */

export const ordersQueryKeys = adminQueryKeys('orders');

/** One page of GET /api/orders (newest first; search, filters and paging on the server). */
export function fetchOrderPage(filters: OrderListFilters, page: number): Promise<AdminOrderListResponse> {
  return adminApi().get<AdminOrderListResponse>('/orders', orderListQuery(filters, page, ADMIN_ORDERS_PAGE_SIZE));
}

/**
 * GET /api/orders/:id as staff see it (with its history). The shopper's reply (the caller owns
 * the order but may not manage orders) is refused like an order of someone else.
 */
async function fetchAdminOrder(id: number): Promise<AdminOrder> {
  const body = await adminApi().get<OrderDetailResponse>(`/orders/${id}`);
  if (!('history' in body.order)) throw new ApiError(403, 'FORBIDDEN', '');
  return body.order;
}

/** GET /api/admin/orders/export: the CSV of the list's status and city over a range of days. */
export function downloadOrdersCsv(filters: OrderListFilters, range: OrderExportRange): Promise<Blob> {
  return browserDownload('/admin/orders/export', orderExportQuery(filters, range), 'text/csv');
}

/** How many orders a packing-slips page asks the API for at once. */
export const PACKING_SLIP_FETCHES_AT_ONCE = 4;

/** Runs `task` over `items`, at most `limit` at a time; the results keep the items' order. */
export async function mapWithLimit<Item, Result>(items: readonly Item[], limit: number, task: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as Item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One order of a packing-slips page: the order, or why it could not be had. */
export type PackingSlipOrder = { id: number; order: AdminOrder } | { id: number; error: unknown };

/**
 * The staff orders of a packing-slips page (GET /api/orders/:id each, a few at a time, in the
 * order asked); an order that fails is reported on its own sheet, the others still print.
 */
export function packingSlipOrdersQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: [...ordersQueryKeys.details(), 'packing-slips', ids.join(',')],
    queryFn: () =>
      mapWithLimit(ids, PACKING_SLIP_FETCHES_AT_ONCE, (id) =>
        fetchAdminOrder(id).then(
          (order): PackingSlipOrder => ({ id, order }),
          (error: unknown): PackingSlipOrder => ({ id, error }),
        ),
      ),
  });
}

/** The carrier, tracking number and tracking page a change to shipped may carry ('' clears one). */
export interface ShipmentFields {
  carrier: string;
  tracking_number: string;
  tracking_url: string;
}

/** PUT /api/orders/:id/status; the reply is the order as it now is. */
async function changeOrderStatus({ id, status, notes, shipment }: StatusChange): Promise<AdminOrder> {
  const body = await adminApi().put<AdminOrderResponse>(`/orders/${id}/status`, { status, notes, ...(status === 'shipped' ? shipment : {}) });
  return body.order;
}

export interface BulkStatusChange {
  ids: readonly number[];
  status: OrderStatus;
  notes: string;
  shipment?: ShipmentFields;
}

/** POST /api/orders/bulk-status: each order changed on its own; the reply says which were refused and why. */
async function changeOrdersStatus({ ids, status, notes, shipment }: BulkStatusChange): Promise<AdminOrderBulkStatusResponse> {
  return adminApi().post<AdminOrderBulkStatusResponse>('/orders/bulk-status', {
    ids,
    status,
    notes,
    ...(status === 'shipped' ? shipment : {}),
  });
}

/** What a refund gives back: everything left (no amount, no lines), an amount, and/or lines. */
export interface RefundRequest {
  id: number;
  order_number: string;
  amount?: string;
  lines?: Array<{ order_item_id: number; quantity: number; restock: boolean }>;
  notes?: string;
}

/** POST /api/orders/:id/refund; the reply is the order with the refund recorded. */
async function refundOrder({ id, amount, lines, notes }: RefundRequest): Promise<AdminOrder> {
  const body = await adminApi().post<AdminOrderResponse>(`/orders/${id}/refund`, { amount, lines, notes: notes || undefined });
  return body.order;
}

async function deleteOrder(id: number): Promise<void> {
  await adminApi().delete<AdminOrderDeleteResponse>(`/orders/${id}`);
}

/** The order a staff screen shows (its detail, its invoice). */
export function adminOrderQuery(id: number) {
  return queryOptions({ queryKey: ordersQueryKeys.detail(id), queryFn: () => fetchAdminOrder(id) });
}

/**
 * Shows a changed order at once wherever it is cached (its rows in every loaded list, its detail);
 * the caller then invalidates, so filtered lists and other figures catch up with the server.
 */
export function storeChangedOrder(client: QueryClient, order: AdminOrder): void {
  client.setQueryData(ordersQueryKeys.detail(order.id), order);
  client.setQueriesData<InfiniteData<AdminOrderListResponse>>({ queryKey: ordersQueryKeys.lists() }, (data) =>
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

/**
 * What an order's status change, refund or deletion changes besides the order (shown at once, then
 * fetched again with every order list): cancelling, refunding, reopening or deleting moves its
 * units in and out of stock, so the products (their stock) and the Merchant tab (each product's
 * stock; restocked products are queued for Google) are stale; the dashboard counts orders by
 * status and sums revenue. Never settings, cities, categories or promo codes.
 */
export function invalidateAfterOrderWrite(client: QueryClient, id: number): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ordersQueryKeys.lists() }),
    client.invalidateQueries({ queryKey: ordersQueryKeys.detail(id) }),
    client.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
    client.invalidateQueries({ queryKey: productsQueryKeys.all }),
    client.invalidateQueries({ queryKey: merchantQueryKeys.lists() }),
    client.invalidateQueries({ queryKey: merchantQueryKeys.details() }),
    client.invalidateQueries({ queryKey: merchantQueryKeys.status() }),
  ]);
}

/** A status change's or a refund's reply: shown at once, then what the write changed refreshes. */
function showChangedOrder(client: QueryClient, order: AdminOrder): Promise<unknown> {
  storeChangedOrder(client, order);
  return invalidateAfterOrderWrite(client, order.id);
}

/** After a deletion: as any order write, the order forgotten, and the users' order counts. */
export function invalidateAfterOrderDelete(client: QueryClient, id: number): Promise<unknown> {
  client.removeQueries({ queryKey: ordersQueryKeys.detail(id) });
  return Promise.all([
    invalidateAfterOrderWrite(client, id),
    // The users tab shows each customer's number of orders.
    client.invalidateQueries({ queryKey: usersQueryKeys.lists() }),
  ]);
}

/** Every order query again (an order changed or deleted elsewhere: a write refused as 404 or 409). */
function invalidateOrders(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ordersQueryKeys.all });
}

export interface StatusChange {
  id: number;
  status: OrderStatus;
  notes: string;
  /** Sent only with status shipped. */
  shipment?: ShipmentFields;
}

/** PUT /api/orders/:id/status: the changed order shows at once, then what it changed refreshes. */
export function useUpdateOrderStatus(callbacks?: MutationCallbacks<AdminOrder, StatusChange>) {
  return useResourceMutation(changeOrderStatus, showChangedOrder, callbacks);
}

/**
 * POST /api/orders/bulk-status: every order query refreshes (the changed rows, stock, the
 * dashboard), whether or not some orders were refused.
 */
export function useBulkOrderStatus(callbacks?: MutationCallbacks<AdminOrderBulkStatusResponse, BulkStatusChange>) {
  return useResourceMutation(changeOrdersStatus, (client, reply) => invalidateAfterBulkWrite(client, reply), callbacks);
}

/** Every order query; when any order changed, also what an order write changes besides orders. */
function invalidateAfterBulkWrite(client: QueryClient, reply: AdminOrderBulkStatusResponse): Promise<unknown> {
  const changed = reply.results.find((result) => result.ok);
  return Promise.all([invalidateOrders(client), changed ? invalidateAfterOrderWrite(client, changed.id) : null]);
}

/** POST /api/orders/:id/refund: the refunded order shows at once, then what it changed refreshes. */
export function useRefundAdminOrder(callbacks?: MutationCallbacks<AdminOrder, RefundRequest>) {
  return useResourceMutation(refundOrder, showChangedOrder, callbacks);
}

/** DELETE /api/orders/:id, then what it changed refreshes. */
export function useDeleteAdminOrder(callbacks?: MutationCallbacks<void, { id: number; order_number: string }>) {
  return useResourceMutation(
    (order: { id: number; order_number: string }) => deleteOrder(order.id),
    (client, _, order) => invalidateAfterOrderDelete(client, order.id),
    callbacks,
  );
}

/** Refreshes every order query (a write refused because the order changed or went elsewhere). */
export function useRefreshOrders(): () => void {
  return useRefresh(invalidateOrders);
}
