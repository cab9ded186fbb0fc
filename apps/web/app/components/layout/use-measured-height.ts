import { useEffect, type RefObject } from 'react';

/**
 * Keeps a CSS custom property on <html> equal to an element's height in pixels while it is
 * mounted (the sticky header's `--header-h` places the toasts; a bottom bar's `--action-bar-h`
 * pads the page), and removes it when the element goes.
 */
export function useMeasuredHeight(ref: RefObject<HTMLElement | null>, property: `--${string}`) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    // The observer reports the size after the browser's own layout (also once right away), so
    // the page is never laid out again just to measure it; the property is set only on a change,
    // since each change restyles the whole document.
    let height = '';
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      const next = `${Math.ceil(box ? box.blockSize : element.getBoundingClientRect().height)}px`;
      if (next === height) return;
      height = next;
      root.style.setProperty(property, next);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
