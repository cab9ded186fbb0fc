import { SLIDER_SWIPE_THRESHOLD_PX } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { stepIndex, swipeStep, wrapIndex } from './slider-logic';

describe('wrapIndex', () => {
  it('keeps indexes inside the slide list', () => {
    expect(wrapIndex(0, 3)).toBe(0);
    expect(wrapIndex(2, 3)).toBe(2);
  });

  it('wraps past the end to the first slide and before the start to the last one', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
  });

  it('gives 0 when there are no slides', () => {
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('stepIndex', () => {
  it('moves forward and back with wrap-around', () => {
    expect(stepIndex(0, 'next', 4)).toBe(1);
    expect(stepIndex(3, 'next', 4)).toBe(0);
    expect(stepIndex(0, 'previous', 4)).toBe(3);
    expect(stepIndex(2, 'previous', 4)).toBe(1);
  });

  it('stays on the only slide', () => {
    expect(stepIndex(0, 'next', 1)).toBe(0);
    expect(stepIndex(0, 'previous', 1)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('swipes only past 50 px', () => {
    expect(SLIDER_SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeStep(-49, 0, 'ltr')).toBeNull();
    expect(swipeStep(-50, 0, 'ltr')).toBe('next');
  });

  it('in LTR, swiping left shows the next slide and swiping right the previous one', () => {
    expect(swipeStep(-120, 5, 'ltr')).toBe('next');
    expect(swipeStep(120, 5, 'ltr')).toBe('previous');
  });

  it('in RTL, swiping right shows the next slide and swiping left the previous one', () => {
    expect(swipeStep(120, 5, 'rtl')).toBe('next');
    expect(swipeStep(-120, 5, 'rtl')).toBe('previous');
  });

  it('ignores mostly vertical gestures (scrolling the page)', () => {
    expect(swipeStep(-80, 120, 'ltr')).toBeNull();
    expect(swipeStep(80, -80, 'rtl')).toBeNull();
  });
});
