import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathInLanguage, type Language, type UnsubscribeKind } from '@shop/shared';

/** What an unsubscribe link turns off: one back-in-stock wish (its id), or an account's promotional e-mails. */
export interface UnsubscribeTarget {
  kind: UnsubscribeKind;
  id: number;
}

const LETTER: Record<UnsubscribeKind, string> = { stock_alert: 's', promotional: 'p' };
const KIND_OF: Record<string, UnsubscribeKind> = { s: 'stock_alert', p: 'promotional' };
/** 22 base64url characters: 132 bits of the HMAC, short enough for a link. */
const SIGNATURE_LENGTH = 22;
const TOKEN_PATTERN = new RegExp(`^([sp])([1-9]\\d{0,9})\\.([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`);

function signature(secret: string, subject: string): string {
  // A purpose of its own, so no other signature of the shop's secret (cookies) is ever a token.
  return createHmac('sha256', secret).update(`unsubscribe:v1:${subject}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/**
 * The token of an unsubscribe link: the target in the clear and its HMAC with the shop's secret
 * (SESSION_SECRET, else the generated one). It never expires: an e-mail's link keeps working.
 */
export function signUnsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const subject = `${LETTER[target.kind]}${target.id}`;
  return `${subject}.${signature(secret, subject)}`;
}

/** The target of a token this shop signed; null for anything else (tampered, malformed, another secret). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, letter, digits, given] = match;
  const expected = Buffer.from(signature(secret, `${letter}${digits}`));
  if (!timingSafeEqual(expected, Buffer.from(given!))) return null;
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  return { kind: KIND_OF[letter!]!, id };
}

/** The links of an e-mail's unsubscribe: the storefront page in the reader's language, and the one-click POST. */
export function unsubscribeLinks(publicUrl: string, token: string, lang: Language) {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    pageUrl: `${publicUrl}${pathInLanguage('/unsubscribe', lang)}${query}`,
    postUrl: `${publicUrl}/api/unsubscribe${query}`,
  };
}
