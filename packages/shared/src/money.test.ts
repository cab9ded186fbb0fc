import { describe, expect, it } from 'vitest';
import {
  amountDigits,
  ARABIC_CURRENCY_SYMBOL,
  currencyDecimals,
  currencySymbolFor,
  discountPercent,
  effectivePrice,
  formatAmount,
  formatPrice,
  formatSignedPrice,
  amountInputText,
  fromThousandths,
  MINUS_SIGN,
  moneyFormat,
  orderTotal,
  priceDirection,
  shownSalePrice,
  toThousandths,
  type MoneyFormat,
} from './money.js';

describe('toThousandths', () => {
  it('parses decimal strings exactly', () => {
    expect(toThousandths('12.5')).toBe(12_500);
    expect(toThousandths('3.25')).toBe(3_250);
    expect(toThousandths('0.75')).toBe(750);
    expect(toThousandths('0.001')).toBe(1);
    expect(toThousandths(' 7 ')).toBe(7_000);
    expect(toThousandths('-2.5')).toBe(-2_500);
  });

  it('parses numbers without floating point drift', () => {
    expect(toThousandths(0.1 + 0.2)).toBe(300);
    expect(toThousandths(12.345)).toBe(12_345);
    expect(toThousandths(1.005)).toBe(1_005);
    expect(toThousandths(350)).toBe(350_000);
  });

  it('ignores digits beyond the thousandth of a string', () => {
    expect(toThousandths('1.23456')).toBe(1_234);
  });

  it('rejects what is not an amount', () => {
    expect(() => toThousandths('abc')).toThrow(RangeError);
    expect(() => toThousandths('1,5')).toThrow(RangeError);
    expect(() => toThousandths(Number.NaN)).toThrow(RangeError);
    expect(() => toThousandths(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toThousandths('')).toThrow(RangeError);
  });
});

describe('fromThousandths', () => {
  it('gives the decimal number sent in JSON', () => {
    expect(fromThousandths(12_500)).toBe(12.5);
    expect(fromThousandths(3_250)).toBe(3.25);
    expect(fromThousandths(750)).toBe(0.75);
    expect(fromThousandths(1)).toBe(0.001);
    expect(fromThousandths(0)).toBe(0);
    expect(fromThousandths(-2_500)).toBe(-2.5);
  });

  it('round-trips with toThousandths', () => {
    for (const value of [0, 1, 999, 1_000, 12_345, 350_000, 4_500]) {
      expect(toThousandths(fromThousandths(value))).toBe(value);
    }
  });
});

const KWD: MoneyFormat = { symbol: 'KD', decimals: 3 };
const USD: MoneyFormat = { symbol: '$', decimals: 2 };
/** A signed number as formatPrice isolates it (LRI … PDI). */
const isolated = (text: string) => `\u2066${text}\u2069`;

describe('currency decimals', () => {
  it('charges the Kuwaiti dinar and its neighbours in thousandths, most currencies in hundredths', () => {
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('kwd')).toBe(3);
    expect(currencyDecimals('BHD')).toBe(3);
    expect(currencyDecimals('OMR')).toBe(3);
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('???')).toBe(2);
  });
});

describe('currency symbol', () => {
  it('writes the default symbol in Arabic on Arabic pages', () => {
    expect(ARABIC_CURRENCY_SYMBOL).toBe('د.ك');
    expect(currencySymbolFor('KD', 'ar')).toBe('د.ك');
    expect(currencySymbolFor('KD', 'en')).toBe('KD');
    expect(currencySymbolFor(null, 'ar')).toBe('د.ك');
    expect(currencySymbolFor('  ', 'en')).toBe('KD');
  });

  it('shows a symbol the owner typed as typed, in both languages', () => {
    expect(currencySymbolFor('دينار', 'ar')).toBe('دينار');
    expect(currencySymbolFor('دينار', 'en')).toBe('دينار');
    expect(currencySymbolFor('KWD', 'ar')).toBe('KWD');
    expect(currencySymbolFor('$', 'en')).toBe('$');
  });

  it('builds the page format from the settings', () => {
    expect(moneyFormat({ currency_symbol: 'KD', currency: 'KWD' }, 'ar')).toEqual({ symbol: 'د.ك', decimals: 3 });
    expect(moneyFormat({ currency_symbol: 'KD', currency: 'KWD' }, 'en')).toEqual({ symbol: 'KD', decimals: 3 });
    expect(moneyFormat({ currency_symbol: '$', currency: 'USD' }, 'ar')).toEqual({ symbol: '$', decimals: 2 });
    expect(moneyFormat({ currency_symbol: '', currency: '' }, 'en')).toEqual({ symbol: 'KD', decimals: 3 });
  });

  it('reads an Arabic symbol right to left and a Latin one left to right', () => {
    expect(priceDirection({ symbol: 'د.ك', decimals: 3 })).toBe('rtl');
    expect(priceDirection({ symbol: 'KD', decimals: 3 })).toBe('ltr');
    expect(priceDirection({ symbol: '$', decimals: 2 })).toBe('ltr');
  });
});

describe('display rules (decision 051: one format everywhere)', () => {
  it('always shows the currency\'s own decimals, 3 for KWD, whole prices included', () => {
    expect(formatAmount(18_500, 3)).toBe('18.500');
    expect(formatAmount(5_000, 3)).toBe('5.000');
    expect(formatAmount(31_375, 3)).toBe('31.375');
    expect(formatAmount(750, 3)).toBe('0.750');
    expect(formatAmount(0, 3)).toBe('0.000');
  });

  it('always shows 2 decimals for a 2-decimal currency, rounding half up', () => {
    expect(formatAmount(12_000, 2)).toBe('12.00');
    expect(formatAmount(12_500, 2)).toBe('12.50');
    expect(formatAmount(12_345, 2)).toBe('12.35');
    expect(formatAmount(5, 2)).toBe('0.01');
    expect(formatAmount(12_500, 0)).toBe('13');
  });

  it('writes a negative amount with a real minus sign, never a minus zero', () => {
    expect(formatAmount(-3_375, 3)).toBe('\u22123.375');
    expect(formatAmount(-3_375, 2)).toBe('\u22123.38');
    expect(formatAmount(-2_500, 3)).toBe('\u22122.500');
    expect(formatAmount(-4, 2)).toBe('0.00');
    expect(MINUS_SIGN).toBe('−');
  });

  it('rounds half up on the thousandths and keeps the sign', () => {
    expect(amountDigits(1_995, 2)).toBe('2.00');
    expect(amountDigits(-1_250, 1)).toBe('-1.3');
    expect(amountDigits(-12_000, 0)).toBe('-12');
  });

  it('adds the currency symbol after the amount, the same on a listing and at checkout', () => {
    expect(formatPrice(18_500, KWD)).toBe('18.500 KD');
    expect(formatPrice(18_500, { symbol: 'د.ك', decimals: 3 })).toBe('18.500 د.ك');
    expect(formatPrice(31_375, KWD)).toBe('31.375 KD');
    expect(formatPrice(31_375, USD)).toBe('31.38 $');
  });

  it('keeps a negative amount\'s minus beside its digits in Arabic and English', () => {
    expect(formatPrice(-3_375, KWD)).toBe(`${isolated('−3.375')} KD`);
    expect(formatPrice(-3_375, { symbol: 'د.ك', decimals: 3 })).toBe(`${isolated('−3.375')} د.ك`);
    expect(formatPrice(-3_375, USD)).toBe(`${isolated('−3.38')} $`);
    expect(formatPrice(0, KWD)).toBe('0.000 KD');
  });

  it('writes a surcharge with its plus isolated before the digits, a reduction with its minus', () => {
    expect(formatSignedPrice(6_500, { symbol: 'د.ك', decimals: 3 })).toBe(`${isolated('+6.500')} د.ك`);
    expect(formatSignedPrice(6_500, KWD)).toBe(`${isolated('+6.500')} KD`);
    expect(formatSignedPrice(-1_000, KWD)).toBe(`${isolated('−1.000')} KD`);
  });

  it('gives a form\'s input the stored amount without trailing zeros', () => {
    expect(amountInputText(2_500)).toBe('2.5');
    expect(amountInputText(12_000)).toBe('12');
    expect(amountInputText(12_345)).toBe('12.345');
    expect(amountInputText(0)).toBe('0');
  });
});

describe('discountPercent', () => {
  it('is the whole percentage saved', () => {
    expect(discountPercent(20_000, 15_000)).toBe(25);
    expect(discountPercent(30_000, 20_000)).toBe(33);
    expect(discountPercent(9_000, 6_000)).toBe(33);
  });

  it('is zero without a real saving', () => {
    expect(discountPercent(20_000, null)).toBe(0);
    expect(discountPercent(20_000, 20_000)).toBe(0);
    expect(discountPercent(20_000, 25_000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('orderTotal', () => {
  it('is subtotal - discount + shipping + tax, tax 0 unless given', () => {
    expect(orderTotal({ subtotal: 24_000, discount: 2_400, shipping: 1_500 })).toBe(23_100);
    expect(orderTotal({ subtotal: 24_000, discount: 0, shipping: 0, tax: 500 })).toBe(24_500);
    expect(orderTotal({ subtotal: 5_000, discount: 5_000, shipping: 0 })).toBe(0);
  });
});

describe('effectivePrice and shownSalePrice', () => {
  it('charges the sale price when there is one, else the price', () => {
    expect(effectivePrice(20_000, null)).toBe(20_000);
    expect(effectivePrice(20_000, 15_000)).toBe(15_000);
    expect(effectivePrice(20_000, 20_000)).toBe(20_000);
    // A sale price above the price is charged as it is (the storefront's current_price).
    expect(effectivePrice(20_000, 25_000)).toBe(25_000);
  });

  it('shows a sale only below the price', () => {
    expect(shownSalePrice(20_000, 15_000)).toBe(15_000);
    expect(shownSalePrice(20_000, null)).toBeNull();
    expect(shownSalePrice(20_000, 20_000)).toBeNull();
    expect(shownSalePrice(20_000, 25_000)).toBeNull();
  });
});
