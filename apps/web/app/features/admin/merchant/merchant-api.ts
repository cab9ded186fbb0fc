import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  MERCHANT_PICKER_LIMIT,
  type MerchantBulkResponse,
  type MerchantBulkRunResponse,
  type MerchantDeleteResponse,
  type MerchantProductPayloadInput,
  type MerchantProductResponse,
  type MerchantProductsResponse,
  type MerchantStatusResponse,
  type MerchantTestConnectionResponse,
  type MerchantUpdateResponse,
} from '@shop/shared';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';

/** The calls of the Google Merchant tab (contracts/admin-merchant.ts), all under /api/google-merchant. */

const merchantKeysBase = adminQueryKeys('google-merchant');

/** The picker's pages are its lists (by search), a product's prefill its detail. */
export const merchantQueryKeys = {
  ...merchantKeysBase,
  status: () => [...merchantKeysBase.all, 'status'] as const,
  bulkRun: () => [...merchantKeysBase.all, 'bulk-run'] as const,
};

/** GET status: configured or not, the feed's addresses, background sync and the latest update-all run. */
export function merchantStatusQuery() {
  return queryOptions({
    queryKey: merchantQueryKeys.status(),
    queryFn: () => adminApi().get<MerchantStatusResponse>('/google-merchant/status'),
    retry: false,
  });
}

/** One page of the picker: MERCHANT_PICKER_LIMIT products (every status) with their last push. */
export function fetchMerchantProductPage(search: string, page: number): Promise<MerchantProductsResponse> {
  return adminApi().get<MerchantProductsResponse>('/google-merchant/products', {
    search: search.trim(),
    page,
    limit: MERCHANT_PICKER_LIMIT,
  });
}

/** GET products/:id: the form prefilled from the product, and its last push. */
export function merchantProductQuery(id: number) {
  return queryOptions({
    queryKey: merchantQueryKeys.detail(id),
    queryFn: () => adminApi().get<MerchantProductResponse>(`/google-merchant/products/${id}`),
    retry: false,
    // The form keeps what was typed: a refetch in the background must not bring a new prefill.
    staleTime: Infinity,
  });
}

/** GET bulk-update: the latest update-all run, for the progress bar (also after a reload). */
export function merchantBulkRunQuery() {
  return queryOptions({
    queryKey: merchantQueryKeys.bulkRun(),
    queryFn: async () => (await adminApi().get<MerchantBulkRunResponse>('/google-merchant/products/bulk-update')).run,
    retry: false,
  });
}

export function testMerchantConnection(): Promise<MerchantTestConnectionResponse> {
  return adminApi().get<MerchantTestConnectionResponse>('/google-merchant/test-connection');
}

/** PUT auto-sync: keeps Google current in the background, or stops doing so. */
function setMerchantAutoSync(enabled: boolean): Promise<unknown> {
  return adminApi().put('/google-merchant/auto-sync', { enabled });
}

function pushMerchantProduct(body: MerchantProductPayloadInput): Promise<MerchantUpdateResponse> {
  return adminApi().post<MerchantUpdateResponse>('/google-merchant/products/update', body);
}

function deleteMerchantProduct(id: number): Promise<MerchantDeleteResponse> {
  return adminApi().delete<MerchantDeleteResponse>(`/google-merchant/products/${id}`);
}

/** POST bulk-update: answers when the run has ended (its progress is read with GET meanwhile). */
function runMerchantBulkUpdate(): Promise<MerchantBulkResponse> {
  return adminApi().post<MerchantBulkResponse>('/google-merchant/products/bulk-update');
}

/** After a push or a delete: the picker's last pushes and the status's queue figures refresh. */
export function refreshMerchant(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantQueryKeys.lists(), refetchType: 'active' }),
    queryClient.invalidateQueries({ queryKey: merchantQueryKeys.details(), refetchType: 'active' }),
    queryClient.invalidateQueries({ queryKey: merchantQueryKeys.status() }),
  ]).then(() => undefined);
}

/** Refreshes the picker and the status (a push that failed is recorded as the product's last one). */
export function useRefreshMerchant(): () => void {
  return useRefresh(refreshMerchant);
}

/** POST products/update: pushes one product to Google (`toBody` makes the payload of what is mutated). */
export function usePushMerchantProduct<Values>(
  toBody: (values: Values) => MerchantProductPayloadInput,
  callbacks?: MutationCallbacks<MerchantUpdateResponse, Values>,
) {
  return useResourceMutation((values: Values) => pushMerchantProduct(toBody(values)), refreshMerchant, callbacks);
}

/** DELETE products/:id: removes one product from Google. */
export function useDeleteMerchantProduct(callbacks?: MutationCallbacks<MerchantDeleteResponse, number>) {
  return useResourceMutation(deleteMerchantProduct, refreshMerchant, callbacks);
}

/** PUT auto-sync: only the status (whether it is on, its queue) changes. */
export function useSetMerchantAutoSync(callbacks?: MutationCallbacks<unknown, boolean>) {
  return useResourceMutation(setMerchantAutoSync, (client) => client.invalidateQueries({ queryKey: merchantQueryKeys.status() }), callbacks);
}

/**
 * POST bulk-update: the run it answers with is stored as the latest one; a refused start asks for
 * the latest run again.
 */
export function useRunMerchantBulkUpdate(callbacks?: MutationCallbacks<MerchantBulkResponse, void>) {
  return useResourceMutation(runMerchantBulkUpdate, (client, reply) => client.setQueryData(merchantQueryKeys.bulkRun(), reply.run), callbacks);
}

/** Asks for the latest update-all run again. */
export function useRefreshMerchantBulkRun(): () => void {
  return useRefresh(refreshMerchantBulkRun);
}

function refreshMerchantBulkRun(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: merchantQueryKeys.bulkRun() });
}
