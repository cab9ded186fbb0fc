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
    const measure = () => root.style.setProperty(property, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
