import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useAuthFailureOf } from './admin-api';

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
  useAuthFailureOf(list.error);
  return list;
}
