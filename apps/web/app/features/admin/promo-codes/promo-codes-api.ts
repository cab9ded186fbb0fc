import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PROMO_CODES_CACHE_MS,
  type AdminPromoCode,
  type AdminPromoCodeDeleteResponse,
  type AdminPromoCodeListResponse,
  type AdminPromoCodeResponse,
} from '@shop/shared';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import type { PromoCodeBody } from './promo-code-rules';

/** The calls of the promo codes tab and form, their query keys and the hooks that write codes. */

export const promoCodesQueryKeys = adminQueryKeys('promo-codes');

/** GET /promo-codes: every code, newest first, with its state today; fresh for 5 minutes. */
export function adminPromoCodesQuery() {
  return queryOptions({
    queryKey: promoCodesQueryKeys.lists(),
    queryFn: async () => (await adminApi().get<AdminPromoCodeListResponse>('/promo-codes')).promo_codes,
    staleTime: PROMO_CODES_CACHE_MS,
    retry: false,
  });
}

/** GET /promo-codes/:id: one code, as stored now (the form never starts from an older visit). */
export function adminPromoCodeQuery(id: number) {
  return queryOptions({
    queryKey: promoCodesQueryKeys.detail(id),
    queryFn: async () => (await adminApi().get<AdminPromoCodeResponse>(`/promo-codes/${id}`)).promo_code,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /promo-codes (id null) or PUT /promo-codes/:id with the whole form. */
async function savePromoCode(id: number | null, body: PromoCodeBody): Promise<AdminPromoCode> {
  const api = adminApi();
  const reply =
    id === null
      ? await api.post<AdminPromoCodeResponse>('/promo-codes', body)
      : await api.put<AdminPromoCodeResponse>(`/promo-codes/${id}`, body);
  return reply.promo_code;
}

/** DELETE /promo-codes/:id: orders that used it keep the code's text. */
function deletePromoCode(id: number): Promise<AdminPromoCodeDeleteResponse> {
  return adminApi().delete<AdminPromoCodeDeleteResponse>(`/promo-codes/${id}`);
}

/**
 * After a write: the list and every open code refresh. Nothing else shows a code (orders keep the
 * text of the code they used).
 */
export function refreshPromoCodes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: promoCodesQueryKeys.all });
}

/** POST or PUT a code; `toBody` makes the request body of what is mutated (a form, a row). */
export function useSavePromoCode<Values>(
  id: (values: Values) => number | null,
  toBody: (values: Values) => PromoCodeBody,
  callbacks?: MutationCallbacks<AdminPromoCode, Values>,
) {
  return useResourceMutation((values: Values) => savePromoCode(id(values), toBody(values)), refreshPromoCodes, callbacks);
}

/** DELETE a code. */
export function useDeletePromoCode(callbacks?: MutationCallbacks<AdminPromoCodeDeleteResponse, AdminPromoCode>) {
  return useResourceMutation((promo: AdminPromoCode) => deletePromoCode(promo.id), refreshPromoCodes, callbacks);
}

/** Refreshes the codes (a write refused because the code changed or went elsewhere). */
export function useRefreshPromoCodes(): () => void {
  return useRefresh(refreshPromoCodes);
}
