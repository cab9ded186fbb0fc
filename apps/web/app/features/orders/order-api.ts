import type { Language, OrderResponse } from '@shop/shared';
import { createApi, type Api } from '../../lib/api';

export type PlacedOrder = OrderResponse['order'];

/** GET /api/orders/number/{orderNumber}, from the tracking page's loader. */
export async function fetchOrderByNumber(api: Api, orderNumber: string): Promise<PlacedOrder> {
  return (await api.get<OrderResponse>(`/orders/number/${encodeURIComponent(orderNumber)}`)).order;
}

/**
 * POST /api/orders from the browser. The Idempotency-Key header makes a repeated request (double
 * click, retry after a lost answer) return the first order instead of making a second one.
 */
export async function placeOrder(payload: object, idempotencyKey: string, lang: Language): Promise<PlacedOrder> {
  const api = createApi((path, init) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
      // Field messages come back in the page's language, whatever the browser prefers.
      'accept-language': lang,
    };
    const token = window.localStorage.getItem('token');
    if (token) headers.authorization = `Bearer ${token}`;
    return fetch(`/api${path}`, {
      method: init?.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(init?.body),
    });
  });
  return (await api.post<OrderResponse>('/orders', payload)).order;
}
