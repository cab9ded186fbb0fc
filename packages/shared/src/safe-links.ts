/**
 * The one rule for where a link or a redirect of this shop may send a browser: a path that stays
 * on this site, or (for links the owner enters) an absolute http(s) address. Used by the web app's
 * redirects (after signing in, after switching language), by the API's contract for the links the
 * back office stores (a slide's link) and by the storefront before it renders one.
 */

/** Any origin works as the base: only "is the result still on it" matters. */
const BASE = 'https://shop.invalid';

// Control characters could smuggle a different URL past the checks (browsers drop some of them).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Whether text holds any C0 control character (tab and line breaks included) or DEL: never part
 * of a link or of a payment reference.
 */
export const hasAnyControlCharacter = (value: string) => CONTROL_CHARACTERS.test(value);

/**
 * A path of this site to send the browser to (after switching language, after signing in), or
 * `fallback`. The value is resolved as a browser would resolve it (`new URL`, which drops tabs and
 * line breaks, reads "\" as "/" and collapses "/./"), and only a result on the same origin whose
 * path cannot be read as another host ("//host") is kept. The answer is the resolved
 * path, query and fragment, percent-encoded: safe for a Location header.
 */
export function sameOriginPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (CONTROL_CHARACTERS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // Once more, as the browser will read the answer.
  return new URL(path, BASE).origin === BASE ? path : fallback;
}

/**
 * What a stored link never contains: white space, control characters and backslashes. Browsers
 * drop tabs and line breaks and read "\" as "/", so with them the link shown is not the link
 * followed ("/\evil.example" goes to evil.example).
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_A_LINK = /[\s\u0000-\u001f\u007f\\]/;
/** The same once percent-decoded ("/%5Cevil"), where a server that decodes the path would see them. */
// eslint-disable-next-line no-control-regex
const NOT_IN_A_DECODED_LINK = /[\u0000-\u001f\u007f\\]/;

/**
 * A path of this site, as the owner may store it for a link: one leading "/" not followed by "/"
 * or "\", no white space, control character or backslash (also percent-encoded: "/%5Cevil",
 * "/%2F/evil"), and a browser resolves it on this site (sameOriginPath's rule).
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || NOT_IN_A_LINK.test(value)) return false;
  // Byte by byte: enough to see "/" and "\" and control characters, and a lone "%" is no error.
  const decoded = value.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  if (decoded.startsWith('//') || NOT_IN_A_DECODED_LINK.test(decoded)) return false;
  return sameOriginPath(value, '') !== '';
}

/**
 * An absolute address on the web: "http://" or "https://" then a host, without white space,
 * control characters, backslashes or a user name and password ("https://shop.kw@evil.example").
 */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || NOT_IN_A_LINK.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
}

/**
 * A link the owner may give shoppers (a slide's link): an absolute http(s) address or a path of
 * this site. Anything else (javascript:, data:, "//host", "/\host", "\\host") is refused.
 */
export function isSafeLink(value: string): boolean {
  return isSameSitePath(value) || isWebAddress(value);
}
