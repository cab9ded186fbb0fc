import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CartCountResponse, CartResponse, RemovedCartItem } from '@shop/shared';
import { browserApi, type Api } from '../../lib/api';

/**
 * The cart as the pages use it: its lines, the server's summary, and the lines the server took
 * out because they can no longer be bought (kept until the cart page has shown them).
 */
export type CartData = Pick<CartResponse, 'items' | 'summary'> & {
  removed_items?: RemovedCartItem[];
} & Partial<Pick<CartResponse, 'promo' | 'promo_notice' | 'shipping_fees'>>;

/** The chosen variation of each attribute, keyed by attribute id (the add payload's shape). */
export type SelectedAttributesInput = Record<string, { variation_id: number; title: string }>;

export interface AddToCartInput {
  product_id: number;
  quantity: number;
  selected_attributes: SelectedAttributesInput;
}

export const cartKeys = {
  cart: ['cart', 'lines'] as const,
  count: ['cart', 'count'] as const,
};

function cartData({ items, summary, removed_items, promo, promo_notice, shipping_fees }: CartResponse): CartData {
  return { items, summary, removed_items, promo, promo_notice, shipping_fees };
}

/** Removal notices not shown yet plus new ones, one per product. */
function pendingRemovals(
  earlier: readonly RemovedCartItem[] | undefined,
  later: readonly RemovedCartItem[] | undefined,
): RemovedCartItem[] {
  const byProduct = new Map<number, RemovedCartItem>();
  for (const item of [...(earlier ?? []), ...(later ?? [])]) byProduct.set(item.product_id, item);
  return [...byProduct.values()];
}

/** GET /api/cart, from a loader (server) or the browser. */
export async function fetchCart(api: Api): Promise<CartData> {
  return cartData(await api.get<CartResponse>('/cart'));
}

/** GET /api/cart/count: the number of items (sum of the quantities). */
export async function fetchCartCount(api: Api): Promise<number> {
  return (await api.get<CartCountResponse>('/cart/count')).item_count;
}

export const cartRequests = {
  add: async (input: AddToCartInput) => cartData(await browserApi().post<CartResponse>('/cart/add', input)),
  update: async ({ id, quantity }: { id: number; quantity: number }) =>
    cartData(await browserApi().put<CartResponse>(`/cart/update/${id}`, { quantity })),
  remove: async (id: number) => cartData(await browserApi().delete<CartResponse>(`/cart/remove/${id}`)),
  clear: async () => cartData(await browserApi().delete<CartResponse>('/cart/clear')),
  /** Keeps a promo code with the cart (the server checks it against the subtotal). */
  setPromoCode: async (code: string) =>
    cartData(await browserApi().put<CartResponse>('/cart/promo-code', { code })),
  removePromoCode: async () => cartData(await browserApi().delete<CartResponse>('/cart/promo-code')),
};

/**
 * Every mutation answers the whole cart: it becomes the cart and the header's count at once.
 * Lines the server removed on an earlier answer stay listed until the cart page has shown them
 * (a server reports a removal only once).
 */
export function storeCart(queryClient: QueryClient, cart: CartData) {
  const earlier = queryClient.getQueryData<CartData>(cartKeys.cart)?.removed_items;
  queryClient.setQueryData(cartKeys.cart, {
    ...cart,
    removed_items: pendingRemovals(earlier, cart.removed_items),
  });
  queryClient.setQueryData(cartKeys.count, cart.summary.total_items);
}

/** The shopper has seen (or dismissed) the removal notice: forget it. */
export function forgetRemovedItems(queryClient: QueryClient) {
  const cart = queryClient.getQueryData<CartData>(cartKeys.cart);
  if (cart?.removed_items?.length) queryClient.setQueryData(cartKeys.cart, { ...cart, removed_items: [] });
}

/** The cart as last known in this tab, fetched when this tab has not seen it yet. */
export async function knownCart(queryClient: QueryClient): Promise<CartData> {
  return (
    queryClient.getQueryData<CartData>(cartKeys.cart) ??
    queryClient.fetchQuery({ queryKey: cartKeys.cart, queryFn: () => fetchCart(browserApi()) })
  );
}

/**
 * The header's item count: the server's count from the root loader at first (or, on a page
 * rendered for every visitor, this browser's own request for it), then whatever the cart
 * mutations answer. undefined while unknown (the header shows no badge then).
 */
export function useCartCount(serverCount: number | undefined, fetchInBrowser = false): number | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: cartKeys.count,
    queryFn: () => fetchCartCount(browserApi()),
    initialData: serverCount,
    enabled: fetchInBrowser && serverCount === undefined,
    staleTime: Infinity,
  });
  // The root loader runs again after a language switch or a form post: take its fresher count.
  useEffect(() => {
    if (serverCount !== undefined) queryClient.setQueryData(cartKeys.count, serverCount);
  }, [queryClient, serverCount]);
  return data;
}

/**
 * The cart page's cart: the loader's copy first, then the mutations' answers. A new loader copy
 * (coming back to the page) replaces the cached one.
 */
export function useCart(loaded: CartData): CartData {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: cartKeys.cart,
    queryFn: () => fetchCart(browserApi()),
    initialData: loaded,
    enabled: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    storeCart(queryClient, loaded);
  }, [queryClient, loaded]);
  return data;
}
