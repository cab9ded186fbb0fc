import { describe, expect, it } from 'vitest';
import { formMoney } from './form-fields.js';

describe('formMoney', () => {
  const money = formMoney('validation.price_invalid');

  it('reads decimals of up to 3 places into integer thousandths', () => {
    expect(money.parse('12.5')).toBe(12_500);
    expect(money.parse(0.75)).toBe(750);
    expect(money.parse('1000')).toBe(1_000_000);
  });

  it('refuses amounts too large to hold, instead of failing inside the conversion', () => {
    for (const value of ['9007199254740992', 9007199254740992, '1e20', '1234567890123']) {
      const result = money.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.price_invalid');
    }
  });

  it('refuses negative, signed and over-precise amounts', () => {
    for (const value of ['-1', '+1', '1.2345', 'abc', '']) {
      expect(money.safeParse(value).success, value).toBe(false);
    }
  });
});
