/**
 * Whether the shopper has done anything on the page yet (a tap, a key, a scroll). The install
 * offer waits for it (docs/decisions/023): an offer that appears while the page is still loading
 * covers what the shopper came for, and a phone measures it as the page's largest paint, which
 * made the checkout's "largest contentful paint" the banner, a second after everything else.
 */
const EVENTS = ['pointerdown', 'keydown', 'scroll', 'wheel'] as const;

let interacted = false;
const listeners = new Set<() => void>();

function markInteracted(): void {
  if (interacted) return;
  interacted = true;
  for (const event of EVENTS) window.removeEventListener(event, markInteracted, true);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  for (const event of EVENTS) window.addEventListener(event, markInteracted, { capture: true, passive: true });
}

export function subscribeFirstInteraction(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasInteracted(): boolean {
  return interacted;
}
