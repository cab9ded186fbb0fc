import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { browserApi, type Api } from '../../../lib/api';

/** The API client of the back office: the browser client with the admin's bearer token. */
export function adminApi(): Api {
  return browserApi();
}

/**
 * The root every back-office query key starts from. Each resource owns its keys, built from it by
 * adminQueryKeys in its own `<resource>-api.ts`, and its mutations invalidate exactly those keys
 * (and another resource's, with the reason, when the write changes that resource's data too).
 */
export const adminKeys = {
  all: ['admin'] as const,
};

/**
 * A resource's query keys under the root (Medusa's queryKeysFactory): `all` for everything of it,
 * `lists()` for every list whatever its filters, `list(params)` for one, `details()` and
 * `detail(id)` for the records.
 */
export function adminQueryKeys<const Resource extends string>(resource: Resource) {
  const all = [...adminKeys.all, resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <const Params>(params: Params) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

/** What a screen adds to a resource's mutation: its toasts, navigation and field errors. */
export type MutationCallbacks<Data, Variables> = Pick<UseMutationOptions<Data, Error, Variables>, 'onSuccess' | 'onError' | 'onSettled'>;

/**
 * A resource's mutation: the write, then — once it succeeded, before the screen's own onSuccess —
 * the invalidation its `<resource>-api.ts` defines. Screens never invalidate queries themselves.
 */
export function useResourceMutation<Data, Variables>(
  mutationFn: (variables: Variables) => Promise<Data>,
  invalidate: (client: QueryClient, data: Data, variables: Variables) => unknown,
  callbacks: MutationCallbacks<Data, Variables> = {},
) {
  const client = useQueryClient();
  return useMutation<Data, Error, Variables>({
    ...callbacks,
    mutationFn,
    onSuccess: (...args) => {
      void invalidate(client, args[0], args[1]);
      return callbacks.onSuccess?.(...args);
    },
  });
}

/**
 * A refresh a screen may ask for without writing (a row someone else deleted, a bulk run that
 * ended): the resource module's invalidation, bound to the screen's query client.
 */
export function useRefresh(invalidate: (client: QueryClient) => unknown): () => void {
  const client = useQueryClient();
  return useCallback(() => void invalidate(client), [client, invalidate]);
}
