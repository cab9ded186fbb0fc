/** The tab's sessionStorage, as the one-time markers of this app use it. */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The tab's sessionStorage, or undefined where it cannot be used (disabled in some private modes,
 * or no window on the server): what is kept there is a nicety, and its absence changes nothing else.
 */
export function sessionStore(): SessionStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
