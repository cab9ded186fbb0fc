import { createContext, useContext, type ReactNode } from 'react';
import { useWishlistIdsQuery } from './wishlist-api';

/** No provider above (null), or the kept ids (undefined while unknown). */
const WishlistIdsContext = createContext<number[] | undefined | null>(null);

/**
 * One query of the kept ids for the whole page: a list of twenty cards would otherwise make
 * twenty query observers, on the server and again in the browser's hydration.
 */
export function WishlistIdsProvider({ children }: { children: ReactNode }) {
  const ids = useWishlistIdsQuery();
  return <WishlistIdsContext.Provider value={ids}>{children}</WishlistIdsContext.Provider>;
}

/** The kept product ids, newest first; undefined until the browser has them. */
export function useWishlistIds(): number[] | undefined {
  const ids = useContext(WishlistIdsContext);
  if (ids === null) throw new Error('useWishlistIds used outside WishlistIdsProvider');
  return ids;
}
