import { describe, expect, it } from 'vitest';
import { formatKuwaitDate, formatKuwaitNumericDate } from './dates';

describe('formatKuwaitDate', () => {
  it("uses Kuwait's clock (UTC+3), whatever the machine's time zone", () => {
    expect(formatKuwaitDate('2025-12-31T22:30:00.000Z', 'en')).toBe('1 Jan 2026');
    expect(formatKuwaitDate('2025-12-31T22:30:00.000Z', 'en', { withTime: true })).toMatch(/1 Jan 2026.*01:30/);
    expect(formatKuwaitDate('2025-12-31T22:30:00.000Z', 'ar')).toMatch(/2026/);
  });

  it('shows text that is not a date as it is', () => {
    expect(formatKuwaitDate('not a date', 'en')).toBe('not a date');
  });
});

describe('formatKuwaitNumericDate', () => {
  it("writes dd/mm/yyyy on Kuwait's clock, with leading zeros", () => {
    expect(formatKuwaitNumericDate('2025-03-04T08:00:00.000Z')).toBe('04/03/2025');
    // 22:30 UTC on 31 December is 01:30 on 1 January in Kuwait.
    expect(formatKuwaitNumericDate('2025-12-31T22:30:00.000Z')).toBe('01/01/2026');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatKuwaitNumericDate('soon')).toBe('soon');
  });
});
