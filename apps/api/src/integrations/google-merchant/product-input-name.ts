/**
 * The last part of a product input's resource name, `{contentLanguage}~{feedLabel}~{offerId}`:
 * v1 wants it as unpadded base64url of that text when any part holds a character reserved in
 * resource names. Shared by the client and the test double, so both read offer ids the same way.
 */

/** `% . + / : ~ , ( * ! ) & ? = @ # $` (MIGRATE), plus anything that is not printable ASCII. */
const RESERVED = /[%.+/:~,(*!)&?=@#$\s]|[^\x21-\x7e]/;

/** The name segment to put in a URL path (already URL-safe). */
export function productInputId(
  contentLanguage: string,
  feedLabel: string,
  offerId: string,
): string {
  const plain = `${contentLanguage}~${feedLabel}~${offerId}`;
  if ([contentLanguage, feedLabel, offerId].some((part) => RESERVED.test(part)))
    return Buffer.from(plain, 'utf8').toString('base64url');
  return plain;
}

/** Reads a segment back (plain or base64url); null when it is neither. */
export function parseProductInputId(
  segment: string,
): { contentLanguage: string; feedLabel: string; offerId: string } | null {
  let plain = segment;
  if (!segment.includes('~')) {
    if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
    plain = Buffer.from(segment, 'base64url').toString('utf8');
  }
  const first = plain.indexOf('~');
  const second = plain.indexOf('~', first + 1);
  if (first <= 0 || second <= first + 1 || second === plain.length - 1) return null;
  return {
    contentLanguage: plain.slice(0, first),
    feedLabel: plain.slice(first + 1, second),
    offerId: plain.slice(second + 1),
  };
}
