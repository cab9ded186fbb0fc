import { useEffect, useState } from 'react';

/**
 * Brings an element that a failure just showed into view and gives it the focus, after React has
 * drawn it (a notice at the end of a long form on a phone, where the shopper pressed a button in
 * the bottom bar). `reveal` takes the element's finder, called once the new state is on screen.
 */
export function useReveal(): (find: () => HTMLElement | null | undefined) => void {
  const [request, setRequest] = useState<{ find: () => HTMLElement | null | undefined } | null>(null);
  useEffect(() => {
    if (!request) return;
    const element = request.find();
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'center' });
  }, [request]);
  // A new object each time: the same element revealed twice in a row is brought back twice.
  return (find) => setRequest({ find });
}
