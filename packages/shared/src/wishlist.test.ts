import { describe, expect, it } from 'vitest';
import { guestProductsToAdopt, wishlistIsFull, withoutProduct, withProduct } from './wishlist.js';

describe('the wishlist merge at sign-in', () => {
  it("adds the guest's products the account lacks, in the guest's order, without duplicates", () => {
    expect(guestProductsToAdopt([3, 1], [5, 1, 7, 5], 50)).toEqual([5, 7]);
  });

  it("keeps the account's list as it is when the guest's holds nothing new", () => {
    expect(guestProductsToAdopt([3, 1], [1, 3], 50)).toEqual([]);
    expect(guestProductsToAdopt([3, 1], [], 50)).toEqual([]);
  });

  it("takes the guest's whole list into an empty account", () => {
    expect(guestProductsToAdopt([], [9, 8], 50)).toEqual([9, 8]);
  });

  it("stops at the cap: the account's own first, then the guest's newest", () => {
    expect(guestProductsToAdopt([1, 2, 3], [4, 5, 6], 5)).toEqual([4, 5]);
    expect(guestProductsToAdopt([1, 2, 3], [4], 3)).toEqual([]);
    // An account already past the cap (a smaller cap later) adopts nothing and loses nothing.
    expect(guestProductsToAdopt([1, 2, 3], [4], 2)).toEqual([]);
  });
});

describe('adding and removing', () => {
  it('puts a new product first and leaves a kept one where it is', () => {
    expect(withProduct([2, 1], 3)).toEqual([3, 2, 1]);
    expect(withProduct([2, 1], 1)).toEqual([2, 1]);
    expect(withoutProduct([3, 2, 1], 2)).toEqual([3, 1]);
    expect(withoutProduct([3, 1], 2)).toEqual([3, 1]);
  });

  it('is full only for a new product at the cap', () => {
    expect(wishlistIsFull([1, 2], 3, 2)).toBe(true);
    expect(wishlistIsFull([1, 2], 2, 2)).toBe(false);
    expect(wishlistIsFull([1], 3, 2)).toBe(false);
  });
});
