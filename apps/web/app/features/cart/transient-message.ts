import { STOCK_MESSAGE_MS } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';

/** A message that vanishes on its own after STOCK_MESSAGE_MS; showing it again restarts the clock. */
export function useTransientMessage(): [string | null, (message: string) => void] {
  const [shown, setShown] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), STOCK_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const show = useCallback((text: string) => setShown({ text, at: Date.now() }), []);
  return [shown?.text ?? null, show];
}
