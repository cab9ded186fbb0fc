import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { ProfileResponse, User } from '@shop/shared';
import { ApiError, browserApi } from '../../lib/api';
import { endInvalidSession } from '../../lib/errors/session';
import { cartKeys, fetchCartCount } from '../cart/cart-api';
import { refreshWishlist } from '../wishlist/wishlist-api';
import { clearToken, readToken, storeToken } from './auth-token';
import { useLocalizedPath } from '../../lib/localized-path';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** After login, registration or Google sign-in: keeps the token and the user. */
  signIn(token: string, user: User): void;
  /** Logs out on the server (failures ignored) and forgets the session. */
  signOut(): Promise<void>;
  /** Replaces the known user after a profile change. */
  updateUser(user: User): void;
  /** Forgets the session locally (no server call), e.g. after the account was deleted. */
  forget(): void;
  /**
   * When `error` is an invalid-token 401, clears the session and goes to /login
   * (unless already on a login, register or admin page). True when it handled the error.
   */
  handleAuthError(error: unknown): boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** POST /auth/logout; its failures are ignored, the local session ends anyway. */
async function signOutOnServer(): Promise<void> {
  await browserApi()
    .post('/auth/logout')
    .catch(() => undefined);
}

/**
 * The authentication state. A page for one person is rendered with the user of the session
 * cookie (decision 006) so the header is right from the first byte; a public page is the same
 * for everyone (decision 065) and the browser fills in the shopper. In the browser the token in
 * localStorage is the source of truth and the profile is fetched when one exists.
 */
export function AuthProvider({
  initialUser,
  renderedForEveryone,
  children,
}: {
  initialUser: User | null;
  /** The page was rendered for nobody in particular: its counts were asked with the token. */
  renderedForEveryone: boolean;
  children: ReactNode;
}) {
  const localized = useLocalizedPath();
  const [user, setUser] = useState<User | null>(initialUser);
  const [status, setStatus] = useState<AuthStatus>(initialUser ? 'authenticated' : 'loading');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /**
   * The cart and the wishlist belong to whoever is signed in (a guest's joined the account at
   * sign-in): refresh the header's counts and the hearts, drop the cached lines.
   */
  const refreshCart = useCallback(() => {
    refreshWishlist(queryClient);
    queryClient.removeQueries({ queryKey: cartKeys.cart });
    void queryClient
      .fetchQuery({
        queryKey: cartKeys.count,
        queryFn: () => fetchCartCount(browserApi()),
        staleTime: 0,
      })
      .catch(() => undefined);
  }, [queryClient]);

  const forget = useCallback(() => {
    clearToken();
    setUser(null);
    setStatus('unauthenticated');
    queryClient.removeQueries({ queryKey: ['account'] });
    refreshCart();
  }, [queryClient, refreshCart]);

  const handleAuthError = useCallback(
    (error: unknown) =>
      endInvalidSession(error, {
        forget,
        // The server-rendering cookie holds the same dead token: logging out clears it.
        signOutOnServer: () => void signOutOnServer(),
        goToLogin: () => void navigate(localized('/login')),
        currentPath: () => window.location.pathname,
      }),
    [forget, navigate, localized],
  );

  // On start: with a stored token the profile is loaded; a 401 or 403 there removes the token.
  const startSession = useCallback(async () => {
    const token = readToken();
    if (!token) {
      // A session cookie without a stored token (storage cleared): end that session too.
      if (initialUser) await signOutOnServer();
      if (initialUser) forget();
      else setStatus('unauthenticated');
      return;
    }
    try {
      const { user: profile } = await browserApi().get<ProfileResponse>('/auth/profile');
      setUser(profile);
      setStatus('authenticated');
      // The server rendered a page for one person as a guest (no cookie yet): the profile call
      // has set it now. A page for everyone needs nothing more: the browser asked for its cart
      // count and hearts with the token already.
      if (!initialUser && !renderedForEveryone) refreshCart();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401 || status === 403) {
        if (!handleAuthError(error)) forget();
      } else {
        // Offline or a server error: keep the token and show what the server rendered.
        setStatus(initialUser ? 'authenticated' : 'unauthenticated');
      }
    }
  }, [initialUser, renderedForEveryone, forget, handleAuthError, refreshCart]);

  useEffect(() => {
    // localStorage exists only in the browser, so the stored token is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void startSession();
    // Once per page load; later changes come through signIn, signOut and handleAuthError.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signIn = useCallback(
    (token: string, signedIn: User) => {
      storeToken(token);
      setUser(signedIn);
      setStatus('authenticated');
      refreshCart();
    },
    [refreshCart],
  );

  const signOut = useCallback(async () => {
    await signOutOnServer();
    forget();
  }, [forget]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, signIn, signOut, updateUser: setUser, forget, handleAuthError }),
    [status, user, signIn, signOut, forget, handleAuthError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth used outside AuthProvider');
  return value;
}
