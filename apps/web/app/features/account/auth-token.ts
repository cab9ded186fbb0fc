import { TOKEN_STORAGE_KEY } from '@shop/shared';
import { ApiError } from '../../lib/api';

/** The stored bearer token (localStorage under 'token'); null on the server. */
export function readToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
}

/**
 * Token-invalid handling: a 401 counts as an invalid token only when its code
 * is INVALID_TOKEN or TOKEN_EXPIRED, or its message mentions token, authentication or
 * unauthorized.
 */
export function isInvalidTokenError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  if (error.code === 'INVALID_TOKEN' || error.code === 'TOKEN_EXPIRED') return true;
  return /token|authentication|unauthori[sz]ed/i.test(error.message);
}

/** Pages from which an invalid token does not send the user to /login. */
export function staysOnInvalidToken(pathname: string): boolean {
  return /^\/(login|register|admin)(\/|$)/.test(pathname);
}
