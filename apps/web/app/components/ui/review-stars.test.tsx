import { describe, expect, it } from 'vitest';
import { averageText, starFills } from './review-stars';

describe('starFills', () => {
  it('fills whole stars up to the average and part of the next', () => {
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(1)).toEqual([1, 0, 0, 0, 0]);
    expect(starFills(2.3).map((fill) => Math.round(fill * 10) / 10)).toEqual([1, 1, 0.3, 0, 0]);
  });

  it('shows the average with one decimal', () => {
    expect(averageText(4)).toBe('4.0');
    expect(averageText(4.5)).toBe('4.5');
  });
});
