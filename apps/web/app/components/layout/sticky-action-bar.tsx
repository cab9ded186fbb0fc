import { useRef, type ReactNode } from 'react';
import { useMeasuredHeight } from './use-measured-height';

/**
 * The phone's bottom bar: what the page costs and its next step, always in
 * reach of the thumb, above the home indicator. Hidden from lg up, where the page shows the
 * same button in its own place. While it is shown the page is padded by its height
 * (`--action-bar-h`, app.css), so it never hides the footer or the last field.
 */
export function StickyActionBar({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useMeasuredHeight(bar, '--action-bar-h');
  return (
    <div
      ref={bar}
      data-sticky-action-bar
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] ps-[max(1rem,env(safe-area-inset-left))] pe-[max(1rem,env(safe-area-inset-right))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur-sm lg:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col text-sm">{summary}</div>
        <div className="shrink-0">{children}</div>
      </div>
    </div>
  );
}
