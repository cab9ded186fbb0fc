import { pathWithoutLanguage } from '@shop/shared';
import { ApiError } from '../api';

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
  return /^\/(login|register|admin)(\/|$)/.test(pathWithoutLanguage(pathname));
}

/** What ending a dead session takes; the auth provider supplies it. */
export interface EndableSession {
  /** Forgets the token, the user and their cached data in this browser. */
  forget(): void;
  /** Ends the session on the server too (its cookie holds the same dead token). */
  signOutOnServer(): void;
  /** Goes to the login page. */
  goToLogin(): void;
  /** The path of the page the user is on. */
  currentPath(): string;
}

/**
 * When `error` says the token is invalid or expired: ends the session here and on the server and,
 * unless the page handles it (login, register, back office), goes to /login. True when it did,
 * so the screen shows nothing more.
 */
export function endInvalidSession(error: unknown, session: EndableSession): boolean {
  if (!isInvalidTokenError(error)) return false;
  session.signOutOnServer();
  session.forget();
  if (!staysOnInvalidToken(session.currentPath())) session.goToLogin();
  return true;
}
