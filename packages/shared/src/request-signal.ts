/**
 * Fetch API requests that carry a signal instead of following it (docs/decisions/076).
 *
 * undici's `Request`, given a signal (in its init, or the signal of the request it copies),
 * follows it through a `WeakRef` to a controller of its own and a `FinalizationRegistry` entry.
 * V8's young-generation collector keeps what weak references point to, and with it everything
 * hung on the request's signal: a page's listeners, and through their closures its data and its
 * rendering, which then reached the old generation and waited there for a full collection. A
 * request made here has no signal of undici's to follow: `signal` is the one given, as its own
 * property, so whoever reads `request.signal` sees that signal abort.
 */

/** `new Request(input, init)` with `signal` (or none) as the request's own signal. */
export function requestCarrying(
  input: Request | string | URL,
  init: RequestInit | undefined,
  signal: AbortSignal | null | undefined,
): Request {
  if (init instanceof Request) return requestCarrying(input, initOf(init), signal);
  const request = new Request(input, { ...init, signal: null });
  if (signal) Object.defineProperty(request, 'signal', { value: signal });
  return request;
}

/**
 * What a copy takes of a request given as the init: a `Request` has no own properties to spread,
 * and undici, given it whole, would follow its signal.
 */
function initOf(request: Request): RequestInit {
  // `duplex` is required with a streamed body (undici), and not yet in TypeScript's RequestInit.
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: request.redirect,
    integrity: request.integrity,
    keepalive: request.keepalive,
  };
  if (request.body) init.duplex = 'half';
  return init;
}

/**
 * `new Request(input, init)` as React Router's server code writes it: the request it would be,
 * carrying the signal it would have followed (init's, or else the copied request's).
 */
export function requestCopy(input: Request | string | URL, init?: RequestInit): Request {
  const signal =
    init?.signal !== undefined ? init.signal : input instanceof Request ? input.signal : null;
  return requestCarrying(input, init, signal);
}
