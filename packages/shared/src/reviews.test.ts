import { describe, expect, it } from 'vitest';
import { averageRating, averageRatingTenths, reviewerDisplayName } from './reviews.js';

describe('averageRating', () => {
  it('gives one decimal, rounded half up, and null without ratings', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(9, 2)).toBe(4.5);
    // 4 + 4 + 5 = 13 / 3 = 4.333…
    expect(averageRating(13, 3)).toBe(4.3);
    // 14 / 3 = 4.666…
    expect(averageRating(14, 3)).toBe(4.7);
    // 89 / 20 = 4.45 exactly: half up, never 4.4 by floating point
    expect(averageRatingTenths(89, 20)).toBe(45);
    expect(averageRating(1, 1)).toBe(1);
  });
});

describe('reviewerDisplayName', () => {
  it('shows the first name and the initial of the last, never the whole name', () => {
    expect(reviewerDisplayName('Fatima Hassan')).toBe('Fatima H.');
    expect(reviewerDisplayName('  mohammed  abdullah  al-rashid ')).toBe('mohammed R.');
    expect(reviewerDisplayName('Sara Al-Sabah')).toBe('Sara S.');
    expect(reviewerDisplayName('فاطمة الصباح')).toBe('فاطمة ص.');
    expect(reviewerDisplayName('علي حسن')).toBe('علي ح.');
    // A short word after ال is a name of its own (آل is not the article).
    expect(reviewerDisplayName('خالد آل')).toBe('خالد آ.');
  });

  it('keeps a single name and gives null for a blank one', () => {
    expect(reviewerDisplayName('Noura')).toBe('Noura');
    expect(reviewerDisplayName('   ')).toBeNull();
  });
});
