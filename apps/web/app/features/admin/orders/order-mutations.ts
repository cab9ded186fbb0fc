import type { AdminOrder, AdminOrderBulkStatusResponse } from '@shop/shared';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { isolateEachLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useBulkOrderStatus, useDeleteAdminOrder, useRefreshOrders, useRefundAdminOrder, useUpdateOrderStatus } from './orders-api';
import { failureText, useSessionFailure } from '../../../lib/errors';
import { adminAmount, isRefundable } from './order-rules';

/**
 * PUT /api/orders/:id/status with its toasts: 'Order status updated
 * successfully', or the server's reason (e.g. a reopened order whose stock is gone). The changed
 * order shows at once; stock, the dashboard and filtered lists are refreshed from the server.
 */
export function useChangeOrderStatus(options: { onSuccess?: (order: AdminOrder) => void } = {}) {
  const { t } = useI18n();
  const toast = useToast();
  const refreshOrders = useRefreshOrders();
  const authFailure = useSessionFailure();
  return useUpdateOrderStatus({
    onSuccess: (order) => {
      toast.success(t('admin-orders.status.success'));
      options.onSuccess?.(order);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      if (error instanceof ApiError && error.status === 404) refreshOrders();
      toast.error(failureText(t('admin-orders.status.failed'), error));
    },
  });
}

/** DELETE /api/orders/:id with its toasts; the lists, the dashboard and stock are refreshed. */
export function useDeleteOrder(options: { onSuccess?: () => void } = {}) {
  const { t } = useI18n();
  const toast = useToast();
  const refreshOrders = useRefreshOrders();
  const authFailure = useSessionFailure();
  return useDeleteAdminOrder({
    onSuccess: (_, order) => {
      toast.success(t('admin-orders.delete.success', { number: order.order_number }));
      options.onSuccess?.();
    },
    onError: (error) => {
      if (authFailure(error)) return;
      // One someone else already deleted is gone either way: the list is refreshed.
      if (error instanceof ApiError && error.status === 404) refreshOrders();
      toast.error(failureText(t('admin-orders.delete.failed'), error));
    },
  });
}

/**
 * POST /api/orders/bulk-status with its toast: "3 changed, 1 refused" (a success toast when none
 * was refused, a warning otherwise); the screen shows the refused orders with their reasons. A
 * refusal of the whole request (bad input, no permission) shows the server's reason.
 */
export function useBulkChangeStatus(options: { onDone?: (reply: AdminOrderBulkStatusResponse) => void } = {}) {
  const { t, tp } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  return useBulkOrderStatus({
    onSuccess: (reply) => {
      const changed = tp('admin-orders.bulk.changed', reply.succeeded);
      if (reply.failed === 0) toast.success(changed);
      else toast.warning(t('admin-orders.bulk.summary', { changed, refused: tp('admin-orders.bulk.refused', reply.failed) }));
      options.onDone?.(reply);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      toast.error(failureText(t('admin-orders.bulk.failed'), error));
    },
  });
}

/**
 * POST /api/orders/:id/refund with its toasts: the order shows at once with the refund recorded
 * (fully refunded: status and payment refunded); units given back to stock, so the lists and the
 * dashboard are refreshed. A refusal (nothing left, too much, UPayments said no) shows the
 * server's reason; nothing changed.
 */
export function useRefundOrder(options: { onSuccess?: (order: AdminOrder) => void } = {}) {
  const { t } = useI18n();
  const money = useMoneyFormat();
  const toast = useToast();
  const refreshOrders = useRefreshOrders();
  const authFailure = useSessionFailure();
  return useRefundAdminOrder({
    onSuccess: (order) => {
      const last = order.refunds.at(-1);
      toast.success(
        isRefundable(order) && last
          ? t('admin-orders.refund.partial_success', isolateEachLtr({ number: order.order_number, amount: adminAmount(last.amount, money) }))
          : t('admin-orders.refund.success', { number: order.order_number }),
      );
      options.onSuccess?.(order);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      // Refused as not refundable (409): the order changed elsewhere; show it as it is.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) refreshOrders();
      toast.error(failureText(t('admin-orders.refund.failed'), error));
    },
  });
}

export type { StatusChange } from './orders-api';
