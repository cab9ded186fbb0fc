import { describe, expect, it } from 'vitest';
import { hasControlCharacter, isStorePhoneNumber, latinDigits } from './backoffice-limits.js';

describe('isStorePhoneNumber', () => {
  it.each(['+965 2222 3333', '22223333', '(965) 2222-3333', '+1 (555) 010-9999', ' 22223333 '])(
    'accepts %j',
    (phone) => {
      expect(isStorePhoneNumber(phone)).toBe(true);
    },
  );
  it('accepts digits typed on an Arabic keyboard', () => {
    expect(isStorePhoneNumber('+٩٦٥ ٢٢٢٢ ٣٣٣٣')).toBe(true);
    expect(isStorePhoneNumber('۹۹۹۹۸۸۸۸')).toBe(true);
  });
  it.each([
    '965+2222',
    '2222 3333 ext 4',
    'phone',
    '++965 2222',
    '()-',
    '+',
    '٢٢٢٢ x',
    '1234567',
    '1234567890123456',
    `1234-5678${' '.repeat(30)}9`,
  ])('refuses %j', (phone) => {
    expect(isStorePhoneNumber(phone)).toBe(false);
  });
});

describe('latinDigits', () => {
  it('writes Arabic-Indic and Persian digits as ASCII digits and leaves the rest', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(latinDigits(' +٩٦٥ abc ')).toBe(' +965 abc ');
  });
});

describe('hasControlCharacter', () => {
  it.each(['a\nb', 'a\tb', 'a\u0000', 'a\u007f', 'a\u0085'])('finds one in %j', (text) => {
    expect(hasControlCharacter(text)).toBe(true);
  });
  it('finds none in a one-line name', () => {
    expect(hasControlCharacter('مقاس كبير - Large')).toBe(false);
  });
});
