import { describe, expect, it } from 'vitest';
import { formatShopDate } from './dates.js';

describe('formatShopDate', () => {
  it('writes the day, the month in words and the year in each language, with Latin digits', () => {
    expect(formatShopDate('2026-05-09T12:05:00.000Z', 'en')).toBe('9 May 2026');
    expect(formatShopDate('2026-05-09T12:05:00.000Z', 'ar')).toBe('9 مايو 2026');
  });

  it('adds the time on the 24-hour clock, without am/pm words', () => {
    expect(formatShopDate('2026-05-09T12:05:00.000Z', 'en', { withTime: true })).toBe('9 May 2026, 15:05');
    expect(formatShopDate('2026-05-09T12:05:00.000Z', 'ar', { withTime: true })).toBe('9 مايو 2026، 15:05');
  });

  it("uses Kuwait's clock (UTC+3), whatever the machine's time zone", () => {
    // 22:30 UTC on 31 December is 01:30 on 1 January in Kuwait.
    expect(formatShopDate('2025-12-31T22:30:00.000Z', 'en', { withTime: true })).toBe('1 Jan 2026, 01:30');
    expect(formatShopDate(new Date('2025-12-31T22:30:00.000Z'), 'ar')).toBe('1 يناير 2026');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatShopDate('not a date', 'en')).toBe('not a date');
  });
});
