import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the URL next to `tab`, so a reload, a shared link or Back shows the
 * same list. Setting a value to its default (or empty) removes it from the URL.
 */
export function useUrlState<Key extends string>(defaults: Readonly<Record<Key, string>>) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    (Object.keys(defaults) as Key[]).map((key) => [key, params.get(key) ?? defaults[key]]),
  ) as Record<Key, string>;

  const update = useCallback(
    (changes: Partial<Record<Key, string>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as Array<[Key, string | undefined]>) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, defaults],
  );
  return [values, update] as const;
}
