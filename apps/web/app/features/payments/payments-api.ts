import type { PaymentVerifyResponse } from '@shop/shared';
import { browserApi } from '../../lib/api';
import type { VerifyRequest } from './payment-rules';

/**
 * POST /api/payments/upayments/verify: the server asks UPayments for the payment's status and
 * answers with the order's payment status as it now is (the only way an order becomes paid).
 */
export async function verifyPayment(request: VerifyRequest): Promise<PaymentVerifyResponse> {
  return browserApi().post<PaymentVerifyResponse>('/payments/upayments/verify', request);
}
