// Gift orders (issue 33, item 2): one rule for the gift message and the wrapping's charge, used by
// the order contract (the server decides), the checkout's live counter and the e-mails. Without
// zod: the storefront's checkout imports it.
import type { Thousandths } from './money.js';

/** Most characters a gift message may hold (as the shopper counts them: an emoji is one). */
export const GIFT_MESSAGE_MAX_LENGTH = 250;

/**
 * Control characters a gift message may not hold: every C0 character and DEL except the line
 * feed and carriage return of a message written on several lines (a tab is refused too: the card
 * is printed, not laid out).
 */
// eslint-disable-next-line no-control-regex
const GIFT_MESSAGE_CONTROL_CHARACTERS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** How long a gift message is as the shopper counts it: Unicode characters, not UTF-16 units. */
export function giftMessageLength(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** The message as it is kept: line breaks as "\n", trimmed; empty (or only spaces) is no message. */
export function normalizeGiftMessage(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  return normalized === '' ? null : normalized;
}

export type GiftMessageProblem = 'too_long' | 'control_characters';

/** What is wrong with a gift message as typed (before normalizing), or null when it may be sent. */
export function giftMessageProblem(text: string): GiftMessageProblem | null {
  if (GIFT_MESSAGE_CONTROL_CHARACTERS.test(text)) return 'control_characters';
  const normalized = normalizeGiftMessage(text);
  if (normalized !== null && giftMessageLength(normalized) > GIFT_MESSAGE_MAX_LENGTH) return 'too_long';
  return null;
}

/**
 * What the gift wrapping adds to an order: the store's fee when the shopper asked for it, nothing
 * otherwise. `fee` null: the store does not offer wrapping (an order asking for it is refused
 * before this is reached).
 */
export function giftWrapCharge(wanted: boolean, fee: Thousandths | null): Thousandths {
  return wanted && fee !== null ? fee : 0;
}
