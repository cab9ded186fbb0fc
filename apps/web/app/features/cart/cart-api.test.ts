import { QueryClient } from '@tanstack/react-query';
import type { RemovedCartItem } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { cartKeys, forgetRemovedItems, storeCart, type CartData } from './cart-api';

const removed = (product_id: number, name: string): RemovedCartItem => ({
  product_id,
  name,
  name_en: null,
  reason: 'option_unavailable',
});

const cart = (removed_items?: RemovedCartItem[]): CartData => ({
  items: [],
  summary: { total: 0, total_items: 0 },
  ...(removed_items ? { removed_items } : {}),
});

const stored = (client: QueryClient) => client.getQueryData<CartData>(cartKeys.cart)?.removed_items;

describe('removal notices in the cached cart', () => {
  it('keeps a removal reported by an earlier answer until it is forgotten, one per product', () => {
    const client = new QueryClient();
    // E.g. the answer to an add on a product page, which shows no notice itself.
    storeCart(client, cart([removed(1, 'سبحة كهرمان')]));
    // The cart page's own read: the server reports a removal only once.
    storeCart(client, cart([]));
    expect(stored(client)).toEqual([removed(1, 'سبحة كهرمان')]);

    storeCart(client, cart([removed(2, 'سبحة يسر'), removed(1, 'سبحة كهرمان')]));
    expect(stored(client)?.map((item) => item.product_id)).toEqual([1, 2]);

    forgetRemovedItems(client);
    expect(stored(client)).toEqual([]);
    storeCart(client, cart());
    expect(stored(client)).toEqual([]);
  });

  it('stores the count of the answer whatever the notices', () => {
    const client = new QueryClient();
    storeCart(client, { ...cart([removed(3, 'x')]), summary: { total: 5, total_items: 2 } });
    expect(client.getQueryData(cartKeys.count)).toBe(2);
  });
});
