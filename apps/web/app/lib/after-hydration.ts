import { startTransition, useEffect, useState } from 'react';

/** Whether this page's server HTML has been hydrated: from then on a component starts as "running". */
let pageHydrated = false;

/**
 * False while the server's HTML is hydrated, true from then on (at once for a component mounted
 * later). The switch is a transition: the render it causes (the slider's other slides, the
 * install offer) is cut into slices between which the browser answers the shopper, instead of
 * joining the one long task that follows hydration (docs/decisions/067). A store that only differs
 * between server and browser (useSyncExternalStore) re-renders synchronously there.
 */
export function useAfterHydration(): boolean {
  const [running, setRunning] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!running) startTransition(() => setRunning(true));
  }, [running]);
  return running;
}
