import { CART_LINE_MAX_QUANTITY } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { cartTotals, deliveryNote, lineQuantityLimit, quantityInCart, stockRefusal } from './cart-rules';

describe('quantityInCart', () => {
  it('adds up every line of the product, whatever options were chosen', () => {
    const items = [
      { product_id: 4, quantity: 2 },
      { product_id: 9, quantity: 5 },
      { product_id: 4, quantity: 1 },
    ];
    expect(quantityInCart(items, 4)).toBe(3);
    expect(quantityInCart(items, 7)).toBe(0);
  });
});

describe('stockRefusal', () => {
  const managed = (stock_quantity: number | null) => ({ stock_quantity, manage_stock: true, in_stock: (stock_quantity ?? 0) > 0 });

  it('refuses a product with no stock or an unknown stock', () => {
    expect(stockRefusal(managed(0), 0)).toBe('out_of_stock');
    expect(stockRefusal(managed(-2), 0)).toBe('out_of_stock');
    expect(stockRefusal({ stock_quantity: null }, 0)).toBe('out_of_stock');
    expect(stockRefusal({}, 0)).toBe('out_of_stock');
  });

  it('refuses when the cart already holds all that is left', () => {
    expect(stockRefusal(managed(3), 2)).toBeNull();
    expect(stockRefusal(managed(3), 3)).toBe('not_enough');
    expect(stockRefusal(managed(3), 1, 3)).toBe('not_enough');
  });

  it('lets a product without stock management through unless it is marked out of stock', () => {
    expect(stockRefusal({ stock_quantity: 0, manage_stock: false, in_stock: true }, 50)).toBeNull();
    expect(stockRefusal({ stock_quantity: 10, manage_stock: false, in_stock: false }, 0)).toBe('out_of_stock');
  });
});

describe('lineQuantityLimit', () => {
  it('is the stock on record, capped by the per-line ceiling', () => {
    expect(lineQuantityLimit({ stock_quantity: 4, in_stock: true, manage_stock: true })).toBe(4);
    expect(lineQuantityLimit({ stock_quantity: 5000, in_stock: true, manage_stock: true })).toBe(
      CART_LINE_MAX_QUANTITY,
    );
  });

  it('is zero for a line that went out of stock and the ceiling for unmanaged stock', () => {
    expect(lineQuantityLimit({ stock_quantity: 0, in_stock: false, manage_stock: true })).toBe(0);
    expect(lineQuantityLimit({ stock_quantity: 3, in_stock: true, manage_stock: false })).toBe(
      CART_LINE_MAX_QUANTITY,
    );
  });
});

describe('cartTotals', () => {
  it('turns the server summary into thousandths with free shipping', () => {
    expect(cartTotals({ total: 27.5, total_items: 3 })).toEqual({ subtotal: 27_500, items: 3, discount: 0, total: 27_500 });
  });

  it('subtracts a discount but never below zero', () => {
    expect(cartTotals({ total: 10.25, total_items: 1 }, 2_250).total).toBe(8_000);
    expect(cartTotals({ total: 5, total_items: 1 }, 9_000)).toMatchObject({ discount: 5_000, total: 0 });
  });
});

describe('deliveryNote', () => {
  it('names the lowest fee when areas cost differently, never "free"', () => {
    expect(deliveryNote({ lowest: 1, highest: 3 })).toEqual({ kind: 'from', fee: 1_000 });
    expect(deliveryNote({ lowest: 0, highest: 2.5 })).toEqual({ kind: 'from', fee: 0 });
  });

  it('names the one fee when every area costs the same', () => {
    expect(deliveryNote({ lowest: 1.5, highest: 1.5 })).toEqual({ kind: 'fixed', fee: 1_500 });
  });

  it('says free only when every area is free', () => {
    expect(deliveryNote({ lowest: 0, highest: 0 })).toEqual({ kind: 'free' });
  });

  it('leaves the fee to checkout when no area takes orders or the fees are unknown', () => {
    expect(deliveryNote(null)).toEqual({ kind: 'at_checkout' });
    expect(deliveryNote(undefined)).toEqual({ kind: 'at_checkout' });
  });
});
