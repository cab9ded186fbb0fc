/** Browser storage key of the order being placed (payload plus order_number). */
export const PENDING_ORDER_KEY = 'pendingOrder';

export function savePendingOrder(payload: object, orderNumber: string) {
  try {
    window.localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ ...payload, order_number: orderNumber }));
  } catch {
    // Storage full or disabled (private mode): the order exists on the server regardless.
  }
}

export function clearPendingOrder() {
  try {
    window.localStorage.removeItem(PENDING_ORDER_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
