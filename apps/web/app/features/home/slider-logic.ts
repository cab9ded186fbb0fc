import { SLIDER_SWIPE_THRESHOLD_PX } from '@shop/shared';

export type SlideStep = 'next' | 'previous';

/** Wraps any index into 0..count-1, both ways (-1 is the last slide, count is the first). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The slide shown after stepping once from `index`, wrapping around at both ends. */
export function stepIndex(index: number, step: SlideStep, count: number): number {
  return wrapIndex(index + (step === 'next' ? 1 : -1), count);
}

/**
 * What a finished pointer gesture means. Slides run in reading order, so in LTR a swipe to the
 * left brings the next slide and in RTL a swipe to the right does. A gesture shorter than the
 * threshold, or more vertical than horizontal (the page is being scrolled), is not a swipe.
 */
export function swipeStep(
  deltaX: number,
  deltaY: number,
  dir: 'ltr' | 'rtl',
  threshold: number = SLIDER_SWIPE_THRESHOLD_PX,
): SlideStep | null {
  if (Math.abs(deltaX) < threshold || Math.abs(deltaX) <= Math.abs(deltaY)) return null;
  const towardsLeft = deltaX < 0;
  return towardsLeft === (dir === 'ltr') ? 'next' : 'previous';
}
