import { PRODUCT_NAME_MAX } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { copyName } from './product-copy.js';

describe('copyName', () => {
  it('marks the name as a copy in its language', () => {
    expect(copyName('سبحة كهرمان', 'ar')).toBe('سبحة كهرمان (نسخة)');
    expect(copyName('Amber beads', 'en')).toBe('Amber beads (copy)');
  });

  it('shortens a long name so the copy stays within the limit', () => {
    const long = 'س'.repeat(PRODUCT_NAME_MAX);
    const copy = copyName(long, 'ar');
    expect(copy.length).toBe(PRODUCT_NAME_MAX);
    expect(copy.endsWith(' (نسخة)')).toBe(true);
  });

  it('never cuts a character in half', () => {
    const emoji = '📿'.repeat(PRODUCT_NAME_MAX / 2);
    const copy = copyName(emoji, 'en');
    expect(copy.length).toBeLessThanOrEqual(PRODUCT_NAME_MAX);
    expect(copy).toMatch(/^(📿)+ \(copy\)$/u);
  });
});
