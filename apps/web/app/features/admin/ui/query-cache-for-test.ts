import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Test support for the resource modules' invalidations: a query cache holding one fresh entry
 * under each key, and whether an entry has been marked stale since.
 */
export function cacheHolding(keys: readonly QueryKey[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

export function isStale(client: QueryClient, key: QueryKey): boolean {
  return client.getQueryState(key)?.isInvalidated ?? false;
}
