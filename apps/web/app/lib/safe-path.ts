/** Any origin works as the base: only "is the result still on it" matters. */
const BASE = 'https://shop.invalid';

/**
 * A path of this site to send the browser to (after switching language, after signing in), or
 * `fallback`. The value is resolved as a browser would resolve it (`new URL`, which drops tabs and
 * line breaks, reads "\" as "/" and collapses "/./"), and only a result on the same origin whose
 * path cannot be read as another host ("//host") is kept. The answer is the resolved
 * path, query and fragment, percent-encoded: safe for a Location header.
 */
export function sameOriginPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  // Control characters could smuggle a different URL past the checks (browsers drop some of them).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
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
