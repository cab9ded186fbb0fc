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
import { adminApi, adminKeys } from '../ui/admin-api';

/** The calls of the Google Merchant tab (contracts/admin-merchant.ts), all under /api/google-merchant. */

const root = [...adminKeys.all, 'google-merchant'] as const;

export const merchantKeys = {
  root,
  status: [...root, 'status'] as const,
  products: [...root, 'products'] as const,
  list: (search: string) => [...root, 'products', 'list', search] as const,
  product: (id: number) => [...root, 'products', 'one', id] as const,
  bulkRun: [...root, 'bulk-run'] as const,
};

/** GET status: configured or not, the feed's addresses, background sync and the latest update-all run. */
export function merchantStatusQuery() {
  return queryOptions({
    queryKey: merchantKeys.status,
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
    queryKey: merchantKeys.product(id),
    queryFn: () => adminApi().get<MerchantProductResponse>(`/google-merchant/products/${id}`),
    retry: false,
    // The form keeps what was typed: a refetch in the background must not bring a new prefill.
    staleTime: Infinity,
  });
}

/** GET bulk-update: the latest update-all run, for the progress bar (also after a reload). */
export function merchantBulkRunQuery() {
  return queryOptions({
    queryKey: merchantKeys.bulkRun,
    queryFn: async () => (await adminApi().get<MerchantBulkRunResponse>('/google-merchant/products/bulk-update')).run,
    retry: false,
  });
}

export function testMerchantConnection(): Promise<MerchantTestConnectionResponse> {
  return adminApi().get<MerchantTestConnectionResponse>('/google-merchant/test-connection');
}

/** PUT auto-sync: keeps Google current in the background, or stops doing so. */
export function setMerchantAutoSync(enabled: boolean): Promise<unknown> {
  return adminApi().put('/google-merchant/auto-sync', { enabled });
}

export function pushMerchantProduct(body: MerchantProductPayloadInput): Promise<MerchantUpdateResponse> {
  return adminApi().post<MerchantUpdateResponse>('/google-merchant/products/update', body);
}

export function deleteMerchantProduct(id: number): Promise<MerchantDeleteResponse> {
  return adminApi().delete<MerchantDeleteResponse>(`/google-merchant/products/${id}`);
}

/** POST bulk-update: answers when the run has ended (its progress is read with GET meanwhile). */
export function runMerchantBulkUpdate(): Promise<MerchantBulkResponse> {
  return adminApi().post<MerchantBulkResponse>('/google-merchant/products/bulk-update');
}

/** After a push or a delete: the picker's last pushes and the status's queue figures refresh. */
export function refreshMerchant(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: merchantKeys.products, refetchType: 'active' }),
    queryClient.invalidateQueries({ queryKey: merchantKeys.status }),
  ]).then(() => undefined);
}
