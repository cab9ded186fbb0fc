import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PROMO_CODES_CACHE_MS,
  type AdminPromoCode,
  type AdminPromoCodeDeleteResponse,
  type AdminPromoCodeListResponse,
  type AdminPromoCodeResponse,
} from '@shop/shared';
import { adminApi, adminKeys } from '../ui/admin-api';
import type { PromoCodeBody } from './promo-code-rules';

/** The calls of the promo codes tab and form. */

/** GET /promo-codes: every code, newest first, with its state today; fresh for 5 minutes. */
export function adminPromoCodesQuery() {
  return queryOptions({
    queryKey: adminKeys.promoCodes,
    queryFn: async () => (await adminApi().get<AdminPromoCodeListResponse>('/promo-codes')).promo_codes,
    staleTime: PROMO_CODES_CACHE_MS,
    retry: false,
  });
}

/** GET /promo-codes/:id: one code, as stored now (the form never starts from an older visit). */
export function adminPromoCodeQuery(id: number) {
  return queryOptions({
    queryKey: adminKeys.promoCode(id),
    queryFn: async () => (await adminApi().get<AdminPromoCodeResponse>(`/promo-codes/${id}`)).promo_code,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /promo-codes (id null) or PUT /promo-codes/:id with the whole form. */
export async function savePromoCode(id: number | null, body: PromoCodeBody): Promise<AdminPromoCode> {
  const api = adminApi();
  const reply =
    id === null
      ? await api.post<AdminPromoCodeResponse>('/promo-codes', body)
      : await api.put<AdminPromoCodeResponse>(`/promo-codes/${id}`, body);
  return reply.promo_code;
}

/** DELETE /promo-codes/:id: orders that used it keep the code's text. */
export function deletePromoCode(id: number): Promise<AdminPromoCodeDeleteResponse> {
  return adminApi().delete<AdminPromoCodeDeleteResponse>(`/promo-codes/${id}`);
}

/** After a write: the list and every open code refresh. */
export function refreshPromoCodes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.promoCodes });
}
