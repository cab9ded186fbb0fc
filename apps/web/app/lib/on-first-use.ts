/** A value made on first use and kept (costly objects a module may never need, e.g. Intl formatters). */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
