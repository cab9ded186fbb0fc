import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminAttribute,
  AdminAttributeDeleteResponse,
  AdminAttributeListResponse,
  AdminAttributeResponse,
  AdminVariation,
  AdminVariationResponse,
  AdminVariationWithAttribute,
} from '@shop/shared';
import { productsQueryKeys } from '../products/products-api';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import type { AttributeBody, VariationBody } from './attribute-rules';

/** The calls of the attributes tab (JSON bodies), their query keys and the hooks that write attributes and values. */

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

/** The attributes and values the product form's variation rows offer (GET /simple-attributes, its own query). */
export function attributeOptionsQuery() {
  return queryOptions({
    queryKey: attributesQueryKeys.options(),
    queryFn: async () => (await adminApi().get<AdminAttributeListResponse>('/simple-attributes')).attributes,
  });
}

async function createAttribute(body: AttributeBody): Promise<AdminAttribute> {
  return (await adminApi().post<AdminAttributeResponse>('/simple-attributes', body)).attribute;
}

async function renameAttribute(id: number, body: AttributeBody): Promise<AdminAttribute> {
  return (await adminApi().put<AdminAttributeResponse>(`/simple-attributes/${id}`, body)).attribute;
}

async function deleteAttribute(id: number): Promise<AdminAttributeDeleteResponse> {
  return adminApi().delete<AdminAttributeDeleteResponse>(`/simple-attributes/${id}`);
}

async function createVariation(attributeId: number, body: VariationBody) {
  return (await adminApi().post<AdminVariationResponse>(`/simple-attributes/${attributeId}/variations`, body)).variation;
}

async function updateVariation(attributeId: number, variationId: number, body: VariationBody) {
  return (await adminApi().put<AdminVariationResponse>(`/simple-attributes/${attributeId}/variations/${variationId}`, body)).variation;
}

async function deleteVariation(attributeId: number, variationId: number): Promise<AdminAttributeDeleteResponse> {
  return adminApi().delete<AdminAttributeDeleteResponse>(`/simple-attributes/${attributeId}/variations/${variationId}`);
}

/**
 * What an attribute or value write changes: every attribute query (the tab's list with its counts,
 * the product form's choices) and the products, whose detail names their attributes and values
 * with their surcharges (a deleted value or attribute leaves the products offering it). Nothing
 * else shows attributes: the dashboard, orders (their lines keep the value's text), settings,
 * users and the Merchant tab (Google's offer carries no variations) stay as they are.
 */
export function invalidateAfterAttributeWrite(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: attributesQueryKeys.all }),
    client.invalidateQueries({ queryKey: productsQueryKeys.all }),
  ]);
}

/** A write's reply shown in the tab's list at once, then what the write changed fetched again. */
function showInList(client: QueryClient, patch: (attributes: AdminAttribute[]) => AdminAttribute[]): Promise<unknown> {
  client.setQueryData<AdminAttribute[]>(attributesQueryKeys.lists(), (current) => (current ? patch(current) : current));
  return invalidateAfterAttributeWrite(client);
}

/** The attribute's values changed by `change`, the other attributes as they are. */
function withVariations(attributeId: number, change: (variations: AdminVariation[]) => AdminVariation[]) {
  return (list: AdminAttribute[]) => list.map((item) => (item.id === attributeId ? { ...item, variations: change(item.variations) } : item));
}

/** What follows each write once it succeeded: its reply in the list at once, then invalidateAfterAttributeWrite. */
export const afterAttributeWrite = {
  created: (client: QueryClient, attribute: AdminAttribute) =>
    showInList(client, (list) => [...list.filter((item) => item.id !== attribute.id), attribute]),
  renamed: (client: QueryClient, updated: AdminAttribute) => showInList(client, (list) => list.map((item) => (item.id === updated.id ? updated : item))),
  deleted: (client: QueryClient, id: number) => showInList(client, (list) => list.filter((item) => item.id !== id)),
  valueCreated: (client: QueryClient, attributeId: number, variation: AdminVariationWithAttribute) =>
    showInList(client, withVariations(attributeId, (variations) => [...variations, variation])),
  valueUpdated: (client: QueryClient, attributeId: number, updated: AdminVariationWithAttribute) =>
    showInList(client, withVariations(attributeId, (variations) => variations.map((value) => (value.id === updated.id ? { ...value, ...updated } : value)))),
  valueDeleted: (client: QueryClient, attributeId: number, variationId: number) =>
    showInList(client, withVariations(attributeId, (variations) => variations.filter((value) => value.id !== variationId))),
};

/** POST an attribute: it joins the list at once. */
export function useCreateAttribute(callbacks?: MutationCallbacks<AdminAttribute, AttributeBody>) {
  return useResourceMutation(createAttribute, afterAttributeWrite.created, callbacks);
}

/** PUT an attribute's names: the list shows them at once. */
export function useRenameAttribute(id: number, callbacks?: MutationCallbacks<AdminAttribute, AttributeBody>) {
  return useResourceMutation((body: AttributeBody) => renameAttribute(id, body), afterAttributeWrite.renamed, callbacks);
}

/** DELETE an attribute with its values and their product links: it leaves the list at once. */
export function useDeleteAttribute(id: number, callbacks?: MutationCallbacks<AdminAttributeDeleteResponse, void>) {
  return useResourceMutation(() => deleteAttribute(id), (client) => afterAttributeWrite.deleted(client, id), callbacks);
}

/** POST a value of the attribute: it joins the attribute's values at once. */
export function useCreateVariation(attributeId: number, callbacks?: MutationCallbacks<AdminVariationWithAttribute, VariationBody>) {
  return useResourceMutation(
    (body: VariationBody) => createVariation(attributeId, body),
    (client, variation) => afterAttributeWrite.valueCreated(client, attributeId, variation),
    callbacks,
  );
}

/** PUT a value's titles and surcharge: the list shows them at once. */
export function useUpdateVariation(attributeId: number, variationId: number, callbacks?: MutationCallbacks<AdminVariationWithAttribute, VariationBody>) {
  return useResourceMutation(
    (body: VariationBody) => updateVariation(attributeId, variationId, body),
    (client, updated) => afterAttributeWrite.valueUpdated(client, attributeId, updated),
    callbacks,
  );
}

/** DELETE a value with its product links: it leaves the attribute's values at once. */
export function useDeleteVariation(attributeId: number, variationId: number, callbacks?: MutationCallbacks<AdminAttributeDeleteResponse, void>) {
  return useResourceMutation(
    () => deleteVariation(attributeId, variationId),
    (client) => afterAttributeWrite.valueDeleted(client, attributeId, variationId),
    callbacks,
  );
}

/** Refreshes every attribute query and the products (a write refused because the row is gone). */
export function useRefreshAttributes(): () => void {
  return useRefresh(invalidateAfterAttributeWrite);
}
