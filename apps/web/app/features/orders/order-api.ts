import { PAYMENT_REDIRECT_ACTION, type Language, type OrderResponse, type OrderTrackingResponse, type TrackedOrder } from '@shop/shared';
import { ApiError, createApi, type Api } from '../../lib/api';

export type PlacedOrder = OrderResponse['order'];

/**
 * GET /api/orders/number/{orderNumber}, from the tracking page's loader: the customer in full or
 * masked, as the API decided for this visitor (decision 019).
 */
export async function fetchOrderByNumber(api: Api, orderNumber: string): Promise<TrackedOrder> {
  return (await api.get<OrderTrackingResponse>(`/orders/number/${encodeURIComponent(orderNumber)}`)).order;
}

/**
 * The online charge failed (`action: 'redirect_to_checkout'` with `cart_preserved`):
 * nothing is owed, the order was let go on the server and the cart is kept.
 */
export class PaymentFailedError extends ApiError {
  override name = 'PaymentFailedError';
}

function isPaymentRedirect(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const reply = body as { action?: unknown; cart_preserved?: unknown };
  return reply.action === PAYMENT_REDIRECT_ACTION && reply.cart_preserved === true;
}

/**
 * POST /api/orders from the browser. The Idempotency-Key header makes a repeated request (double
 * click, retry after a lost answer) return the first order instead of making a second one.
 */
export async function placeOrder(payload: object, idempotencyKey: string, lang: Language): Promise<PlacedOrder> {
  // The error envelope's extra fields (action, cart_preserved) are read here: the client keeps only code and message.
  let redirectToCheckout = false;
  const api = createApi(async (path, init) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
      // Field messages come back in the page's language, whatever the browser prefers.
      'accept-language': lang,
    };
    const token = window.localStorage.getItem('token');
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`/api${path}`, {
      method: init?.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(init?.body),
    });
    if (!response.ok) redirectToCheckout = isPaymentRedirect(await response.clone().json().catch(() => null));
    return response;
  });
  try {
    const body = await api.post<OrderResponse>('/orders', payload);
    const paymentUrl = body.payment_url ?? body.order.payment_url;
    return paymentUrl ? { ...body.order, payment_url: paymentUrl } : body.order;
  } catch (error) {
    if (redirectToCheckout && error instanceof ApiError) {
      throw new PaymentFailedError(error.status, error.code, error.message, error.details);
    }
    throw error;
  }
}
