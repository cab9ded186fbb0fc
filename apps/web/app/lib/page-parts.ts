import type { WebLoadContext } from '@shop/shared';

/** A part of a page that need not hold up its first paint: its value, or the promise of it. */
export type PagePart<T> = T | Promise<T>;

type Parts<T extends readonly unknown[]> = { [K in keyof T]: PagePart<T[K]> };

/**
 * The parts of a page below its first screen (the home page's sections, a product's related
 * products), requested together with the rest of the page's data. In a client navigation the
 * loader hands over their promises: the page shows at once with a skeleton for each, and they
 * stream in. A document request waits for them (in-process they take a few milliseconds): the
 * page is then rendered in one pass and complete without scripts, where streamed parts need an
 * inline script each to be swapped in, and the server spends less on it than on rendering and
 * streaming each part after the shell. A part that failed is handed over as its rejected promise,
 * so that <Await errorElement> shows the failure either way.
 */
export async function pageParts<const T extends readonly unknown[]>(
  context: Pick<WebLoadContext, 'documentRequest'>,
  parts: { [K in keyof T]: Promise<T[K]> },
): Promise<Parts<T>> {
  // Observed here, so a failure is never an unhandled rejection; <Await> still sees it.
  for (const part of parts) part.catch(() => undefined);
  if (!context.documentRequest) return parts;
  const outcomes = await Promise.allSettled(parts);
  // Array.prototype.map loses the tuple's element types; the cast restates them, position by
  // position: each part's value, or its own (rejected) promise.
  return outcomes.map((outcome, index) =>
    outcome.status === 'fulfilled' ? outcome.value : parts[index],
  ) as unknown as Parts<T>;
}
