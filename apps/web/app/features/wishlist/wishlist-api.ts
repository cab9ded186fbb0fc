import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { WishlistIdsResponse, WishlistResponse } from '@shop/shared';
import { browserApi, type Api } from '../../lib/api';

/**
 * The wishlist in the browser (docs/decisions/062). Its ids are one query shared by every heart
 * and the header's count, asked once per page load by the browser: pages for everyone (the page
 * cache) never carry whose list it is.
 */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  ids: ['wishlist', 'ids'] as const,
  products: ['wishlist', 'products'] as const,
};

/** GET /api/wishlist: the kept products as cards, from the wishlist page's loader or the browser. */
export async function fetchWishlist(api: Api): Promise<WishlistResponse> {
  return api.get<WishlistResponse>('/wishlist');
}

async function fetchWishlistIds(): Promise<number[]> {
  return (await browserApi().get<WishlistIdsResponse>('/wishlist/ids')).product_ids;
}

export const wishlistRequests = {
  add: async (productId: number) =>
    (await browserApi().post<WishlistIdsResponse>('/wishlist', { product_id: productId })).product_ids,
  remove: async (productId: number) =>
    (await browserApi().delete<WishlistIdsResponse>(`/wishlist/${productId}`)).product_ids,
};

/** A change's answer becomes the hearts' ids at once; the wishlist page's cards follow it. */
export function storeWishlistIds(queryClient: QueryClient, ids: number[]): void {
  queryClient.setQueryData(wishlistKeys.ids, ids);
  queryClient.setQueryData<WishlistResponse>(wishlistKeys.products, (list) =>
    list && { ...list, products: list.products.filter((product) => ids.includes(product.id)), product_ids: ids },
  );
}

/** After a sign-in or sign-out the list is someone else's: ask again. */
export function refreshWishlist(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: wishlistKeys.products });
  void queryClient.invalidateQueries({ queryKey: wishlistKeys.ids });
}

/**
 * The kept product ids, newest first; undefined until the browser has them (on the server and
 * while the request is out: the hearts then show nothing kept, the header no count). Asked once
 * for the whole page by WishlistIdsProvider (wishlist-ids.tsx): a card's heart reads its context.
 */
export function useWishlistIdsQuery(): number[] | undefined {
  const { data } = useQuery({ queryKey: wishlistKeys.ids, queryFn: fetchWishlistIds, staleTime: Infinity });
  return data;
}
