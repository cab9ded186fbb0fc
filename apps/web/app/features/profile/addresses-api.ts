import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DeletedIdResponse,
  SavedAddress,
  SavedAddressBody,
  SavedAddressListResponse,
  SavedAddressResponse,
  SavedAddressUpdateBody,
} from '@shop/shared';
import { browserApi } from '../../lib/api';

/** Under ['account'], so signing out (useAuth().forget) drops them. */
export const addressKeys = {
  list: (userId: number) => ['account', 'addresses', userId] as const,
};

export function savedAddressesQuery(userId: number) {
  return queryOptions({
    queryKey: addressKeys.list(userId),
    queryFn: async () => (await browserApi().get<SavedAddressListResponse>('/auth/addresses')).addresses,
    retry: false,
  });
}

/** GET /auth/addresses: the signed-in customer's addresses, the default first (idle for a guest). */
export function useSavedAddresses(userId: number | null) {
  return useQuery({ ...savedAddressesQuery(userId ?? 0), enabled: userId !== null });
}

/** POST /auth/addresses. */
export async function createAddress(body: SavedAddressBody): Promise<SavedAddress> {
  return (await browserApi().post<SavedAddressResponse>('/auth/addresses', body)).address;
}

/** PUT /auth/addresses/{id}: the fields sent change; `{ is_default: true }` makes it the default. */
export async function updateAddress(id: number, body: SavedAddressUpdateBody): Promise<SavedAddress> {
  return (await browserApi().put<SavedAddressResponse>(`/auth/addresses/${id}`, body)).address;
}

/** DELETE /auth/addresses/{id}. */
export async function deleteAddress(id: number): Promise<DeletedIdResponse> {
  return browserApi().delete<DeletedIdResponse>(`/auth/addresses/${id}`);
}
