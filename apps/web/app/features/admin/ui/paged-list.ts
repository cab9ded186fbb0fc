import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useSessionFailureOf } from '../../../lib/errors';

/** The page after the last one loaded, or undefined when that was the last (no "load more"). */
export function nextPage(pagination: { page: number; pages: number }): number | undefined {
  return pagination.page < pagination.pages ? pagination.page + 1 : undefined;
}

/**
 * A list the server pages (orders, products, users, activity), loaded a page at a time from page 1
 * with "load more"; new filters (a new `queryKey`) keep the old rows on screen until the new ones
 * arrive. A load refused for an expired session ends it the shop's way.
 */
export function usePagedList<Page extends { pagination: { page: number; pages: number } }>(
  queryKey: QueryKey,
  fetchPage: (page: number) => Promise<Page>,
) {
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pagination),
    placeholderData: keepPreviousData,
  });
  useSessionFailureOf(list.error);
  return list;
}

/** What a paged list shows in its body. */
export type PagedListView = 'loading' | 'error' | 'empty' | 'rows';

/**
 * The one rule for a paged list's body: loading at first; the error when nothing is shown or the
 * shown rows belong to the filters before; while new filters load after an empty list, loading
 * (neither "none yet" nor "no match" is known yet); then empty or the rows.
 */
export function pagedListView(
  list: { isPending: boolean; isError: boolean; isPlaceholderData: boolean },
  rowCount: number,
): PagedListView {
  if (list.isPending) return 'loading';
  if (list.isError && (rowCount === 0 || list.isPlaceholderData)) return 'error';
  if (rowCount === 0) return list.isPlaceholderData ? 'loading' : 'empty';
  return 'rows';
}
