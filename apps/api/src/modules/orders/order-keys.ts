import { createHash, randomBytes } from 'node:crypto';
import type { CartOwner } from '../cart/index.js';

/**
 * What names an order and the request that made it: the public order number, and the
 * Idempotency-Key's scope and request hash (a retried checkout finds its order, never another's).
 */

/** Crockford base32: no I, L, O or U, so a number read aloud or typed is hard to get wrong. */
const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_NUMBER_LENGTH = 10;
/** A new order's number is drawn again this many times when it is taken (astronomically rare). */
export const ORDER_NUMBER_ATTEMPTS = 5;

/** A new random order number, "SB-" + 10 Crockford base32 characters (50 random bits). */
export function newOrderNumber(): string {
  // 32 divides 256, so the low 5 bits of a random byte are uniformly distributed.
  const bytes = randomBytes(ORDER_NUMBER_LENGTH);
  let digits = '';
  for (const byte of bytes) digits += CROCKFORD_ALPHABET[byte & 31];
  return `SB-${digits}`;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Whose Idempotency-Key this is: a signed-in customer or a guest's browser, by its cart (the
 * token hashed, never stored as such). Keys never reach across these scopes. A guest without a
 * cart has none (the order route gives every guest sending a key a cart cookie first): their key
 * is not kept, so it can never answer with an order, another client's least of all
 * (docs/decisions/039).
 */
export function idempotencyScope(userId: number | null, owner: CartOwner | undefined): string | null {
  if (userId !== null) return `user:${userId}`;
  if (owner?.kind === 'guest' && owner.token !== undefined) return `cart:${sha256(owner.token)}`;
  return null;
}

/** The hash an Idempotency-Key's order keeps of its request, to refuse the key with another body. */
export const requestHash = (input: unknown): string => sha256(canonicalJson(input));
