import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../account/auth';
import { orderActionsFor } from './order-rules';
import { adminOrderQuery } from './orders-api';
import { useSessionFailureOf } from '../../../lib/errors';

/** Whether a failed load means "no such order for you" rather than "try again". */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}

/**
 * The staff order a screen shows (its detail, its invoice), what the signed-in user may do with
 * orders, and whether the screen is "not found" for them: no id, no right to view orders, or a
 * load refused as 400, 403 or 404.
 */
export function useAdminOrder(id: number | null) {
  const { user } = useAuth();
  const can = orderActionsFor(user);
  const order = useQuery({
    ...adminOrderQuery(id ?? 0),
    enabled: id !== null && can.view,
  });
  useSessionFailureOf(order.error);
  const notFound = id === null || !can.view || (order.isError && isNotFound(order.error));
  return { order, can, notFound };
}
