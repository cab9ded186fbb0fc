/**
 * The wishlist's rules on lists of product ids, newest first (docs/decisions/062): the same for a
 * guest's signed cookie and an account's rows, so both sides of the merge at sign-in agree.
 */

/** The list with `productId` first (added now); unchanged when it is already there. */
export function withProduct(ids: readonly number[], productId: number): number[] {
  return ids.includes(productId) ? [...ids] : [productId, ...ids];
}

/** The list without `productId`. */
export function withoutProduct(ids: readonly number[], productId: number): number[] {
  return ids.filter((id) => id !== productId);
}

/** True when adding `productId` would take the list past `max` (a product already kept never does). */
export function wishlistIsFull(ids: readonly number[], productId: number, max: number): boolean {
  return !ids.includes(productId) && ids.length >= max;
}

/**
 * The guest's products that join an account's list at sign-in: the union without duplicates, the
 * account's own kept first and the guest's after them in the guest's order, as many as fit under
 * `max` (the guest's oldest left out first).
 */
export function guestProductsToAdopt(
  account: readonly number[],
  guest: readonly number[],
  max: number,
): number[] {
  const kept = new Set(account);
  const joining: number[] = [];
  for (const id of guest) {
    if (kept.has(id)) continue;
    kept.add(id);
    joining.push(id);
  }
  return joining.slice(0, Math.max(0, max - account.length));
}
