import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readNavigationState, type AccountNavigationState } from './auth-rules';

/**
 * What the previous account screen handed over in the navigation state, read once. It is then
 * dropped from the history entry: a reload is rendered by the server, which never sees that
 * state, so keeping it would make the page differ from the server's and show a stale message.
 * Dropping it changes nothing the loaders read, so it loads nothing: a same-URL navigation would
 * otherwise reload every loader, and a connection lost meanwhile put the error page in place of
 * the form the shopper just reached.
 */
export function useArrivalState(): AccountNavigationState {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => readNavigationState(location.state));
  const hasState = location.state !== null && location.state !== undefined;

  useEffect(() => {
    if (hasState) {
      void navigate(`${location.pathname}${location.search}`, {
        replace: true,
        state: null,
        preventScrollReset: true,
        defaultShouldRevalidate: false,
      });
    }
  }, [hasState, location.pathname, location.search, navigate]);

  return arrival;
}
