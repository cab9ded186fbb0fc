import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminAttribute,
  AdminAttributeDeleteResponse,
  AdminAttributeListResponse,
  AdminAttributeResponse,
  AdminVariationResponse,
} from '@shop/shared';
import { productsQueryKeys } from '../products/products-api';
import { adminApi, adminQueryKeys } from '../ui/admin-api';
import type { AttributeBody, VariationBody } from './attribute-rules';

/** The calls of the attributes tab (JSON bodies) and their query keys. */

const attributeKeysBase = adminQueryKeys('attributes');

export const attributesQueryKeys = {
  ...attributeKeysBase,
  /** The attributes and values the product form's variation rows offer (its own query). */
  options: () => [...attributeKeysBase.all, 'options'] as const,
};

/** GET /simple-attributes: every attribute with its values and how many products use them. */
export function attributesQuery() {
  return queryOptions({
    queryKey: attributesQueryKeys.lists(),
    queryFn: async () => (await adminApi().get<AdminAttributeListResponse>('/simple-attributes')).attributes,
    retry: false,
  });
}

export async function createAttribute(body: AttributeBody): Promise<AdminAttribute> {
  return (await adminApi().post<AdminAttributeResponse>('/simple-attributes', body)).attribute;
}

export async function renameAttribute(id: number, body: AttributeBody): Promise<AdminAttribute> {
  return (await adminApi().put<AdminAttributeResponse>(`/simple-attributes/${id}`, body)).attribute;
}

export async function deleteAttribute(id: number): Promise<AdminAttributeDeleteResponse> {
  return adminApi().delete<AdminAttributeDeleteResponse>(`/simple-attributes/${id}`);
}

export async function createVariation(attributeId: number, body: VariationBody) {
  return (await adminApi().post<AdminVariationResponse>(`/simple-attributes/${attributeId}/variations`, body)).variation;
}

export async function updateVariation(attributeId: number, variationId: number, body: VariationBody) {
  return (await adminApi().put<AdminVariationResponse>(`/simple-attributes/${attributeId}/variations/${variationId}`, body)).variation;
}

export async function deleteVariation(attributeId: number, variationId: number): Promise<AdminAttributeDeleteResponse> {
  return adminApi().delete<AdminAttributeDeleteResponse>(`/simple-attributes/${attributeId}/variations/${variationId}`);
}

/**
 * After a write: the list shows the change at once (the reply's data patched in), then every
 * attribute query (the list for its counts, the product form's choices) is fetched again. The
 * products refresh too: a product's detail names its attributes and values with their surcharges.
 * attributes-tab.tsx calls it after each of its mutations.
 */
export function refreshAfterWrite(queryClient: QueryClient, patch?: (attributes: AdminAttribute[]) => AdminAttribute[]): void {
  if (patch) queryClient.setQueryData<AdminAttribute[]>(attributesQueryKeys.lists(), (current) => (current ? patch(current) : current));
  void queryClient.invalidateQueries({ queryKey: attributesQueryKeys.all });
  void queryClient.invalidateQueries({ queryKey: productsQueryKeys.all });
}
