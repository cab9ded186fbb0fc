import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth';
import { useLocalizedPath } from '../../lib/localized-path';

/**
 * Login and registration are for guests: a shopper who is already signed in is taken to the
 * home page, or to `destination` (in the page's language) (replacing the history entry, so Back does not bounce). Returns `markSigningIn`,
 * which the screen calls together with its own sign-in so its success navigation is not
 * overtaken by this redirect, and whether the redirect is happening (to show a short note).
 */
export function useGuestOnly({
  allowSignedIn = false,
  destination = '/',
}: { allowSignedIn?: boolean; destination?: string } = {}) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [signingIn, setSigningIn] = useState(false);
  const redirecting = status === 'authenticated' && !allowSignedIn && !signingIn;

  useEffect(() => {
    if (redirecting) void navigate(localized(destination), { replace: true });
  }, [redirecting, navigate, localized, destination]);

  const markSigningIn = useCallback(() => setSigningIn(true), []);
  return { markSigningIn, redirecting };
}
