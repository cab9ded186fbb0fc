import type { ReorderLine } from '@shop/shared';

/** What the shopper is told after buying an order again (POST /api/orders/{id}/reorder). */
export interface ReorderSummary {
  /** Something went into the cart: the cart page is where to go next. */
  anyAdded: boolean;
  /** Names of lines that went in with fewer than ordered (there are not as many left). */
  reduced: string[];
  /** Names of lines that did not go in at all (sold out, withdrawn, deleted, option gone). */
  missing: string[];
}

/** Sorts the server's answer per line into what the toasts say. A name appears once. */
export function reorderSummary(lines: readonly ReorderLine[]): ReorderSummary {
  const reduced = new Set<string>();
  const missing = new Set<string>();
  for (const line of lines) {
    if (line.added === 0) missing.add(line.name);
    else if (line.outcome === 'reduced') reduced.add(line.name);
  }
  return { anyAdded: lines.some((line) => line.added > 0), reduced: [...reduced], missing: [...missing] };
}
