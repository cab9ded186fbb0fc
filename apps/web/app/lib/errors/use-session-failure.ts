import { useEffect } from 'react';
import { useAuth } from '../../features/account/auth';

/**
 * Handles a failed call the shop's way, on the storefront and in the back office: an invalid or
 * expired token ends the session (endInvalidSession); true when it did, so the screen shows nothing more.
 */
export function useSessionFailure(): (error: unknown) => boolean {
  return useAuth().handleAuthError;
}

/** Ends the session the shop's way when a query of the screen failed on an invalid token. */
export function useSessionFailureOf(error: unknown): void {
  const sessionFailure = useSessionFailure();
  useEffect(() => {
    if (error) sessionFailure(error);
  }, [error, sessionFailure]);
}
