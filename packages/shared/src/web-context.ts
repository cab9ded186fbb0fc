/**
 * What the server hands to the web app's loaders (React Router's load context). Loaders reach
 * the business only through `apiFetch`, which calls the JSON API in-process: the same contract
 * a browser or a mobile app uses, without a network hop.
 */
/**
 * What the API client reads of a reply: the browser's `Response` is one; the server's in-process
 * call gives a plain one, without building a `Response` and reading its body as a stream.
 */
export interface ApiReply {
  ok: boolean;
  status: number;
  statusText: string;
  /** The reply's headers; the client reads `Retry-After` of a 503 (the page answers with it). */
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export interface WebLoadContext {
  apiFetch: (path: string, init?: { method?: string; body?: unknown }) => Promise<ApiReply>;
  /** Nonce of this page's Content-Security-Policy, for inline scripts. */
  cspNonce: string | undefined;
  /** Public base URL of the shop (for canonical links, sitemaps and Open Graph). */
  publicUrl: string;
  /**
   * This page is rendered for every visitor, signed in or not, and may be served to them all (the
   * page cache, decisions 029 and 065): it holds nothing of one visitor's; the browser fills in
   * the cart count and the signed-in shopper.
   */
  sharedPage: boolean;
  /**
   * A browser's request for a whole page, not the data request of a client navigation (a path
   * ending in `.data`): the page's later parts are waited for rather than streamed (page-parts.ts).
   */
  documentRequest: boolean;
  /**
   * What the page request carries that the API could find this visitor's data by: a session
   * cookie (perhaps expired) and a guest cart cookie (perhaps stale). Without a session cookie the
   * visitor is a guest, and without either their cart is empty: the loaders then do not ask.
   */
  visitor: { session: boolean; cart: boolean };
  /** Logs a rendering or loader error with the request's id, in the server's log. */
  logError: (error: unknown) => void;
}

/**
 * The status the web app answers with, instead of a page, when the visitor left before their
 * page's turn to be rendered (nginx's "client closed request"): no one reads it; the server
 * counts it (`shop_pages_abandoned_total`).
 */
export const VISITOR_GONE_STATUS = 499;
