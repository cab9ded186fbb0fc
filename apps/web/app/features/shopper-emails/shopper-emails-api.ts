import type { StockAlertResponse, UnsubscribeResponse } from '@shop/shared';
import { browserApi } from '../../lib/api';

/** Asks to be e-mailed when a sold-out product is back; a signed-in customer may send no address. */
export const askBackInStock = (productId: number, email: string | null) =>
  browserApi().post<StockAlertResponse>(`/products/${productId}/stock-alerts`, email === null ? {} : { email });

/** Carries out an e-mail's unsubscribe link (docs/decisions/063). */
export const unsubscribeWithToken = (token: string) =>
  browserApi().post<UnsubscribeResponse>(`/unsubscribe?token=${encodeURIComponent(token)}`);
