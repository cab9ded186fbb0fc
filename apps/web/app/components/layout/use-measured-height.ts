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
    // the page is never laid out again just to measure it. Each write restyles the whole
    // document, so the property is written only when the height differs from what applies
    // already (app.css declares the usual heights) and not for an element that is not shown.
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      const measured = Math.ceil(box ? box.blockSize : element.getBoundingClientRect().height);
      if (measured === 0) return;
      const next = `${measured}px`;
      if (getComputedStyle(root).getPropertyValue(property).trim() === next) return;
      root.style.setProperty(property, next);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
