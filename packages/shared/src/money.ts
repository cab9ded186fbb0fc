/**
 * Money is an integer number of thousandths of the currency unit (fils for KWD).
 * Decimal numbers exist only at the API edge and in display.
 */
export type Thousandths = number;

const THOUSAND = 1000;

/** Parses a decimal amount ("12.5", 12.5) into thousandths without floating point drift. */
export function toThousandths(amount: number | string): Thousandths {
  const text = typeof amount === 'number' ? amountToPlainString(amount) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,3})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${String(amount)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const value = Number(whole) * THOUSAND + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(value)) throw new RangeError(`Amount out of range: ${String(amount)}`);
  return sign ? -value : value;
}

function amountToPlainString(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a money amount: ${amount}`);
  // toFixed(3) rounds half away from zero on the decimal representation, e.g. 0.1 + 0.2 -> "0.300".
  return amount.toFixed(3);
}

/** Converts thousandths to the decimal number sent in JSON (12500 -> 12.5). */
export function fromThousandths(value: Thousandths): number {
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  const whole = Math.floor(abs / THOUSAND);
  const fraction = abs % THOUSAND;
  return sign * Number(`${whole}.${String(fraction).padStart(3, '0')}`);
}

/** Digits of an amount with exactly `decimals` places (0-3), rounding half up on the thousandths. */
export function amountDigits(value: Thousandths, decimals: 0 | 1 | 2 | 3): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const unit = 10 ** (3 - decimals);
  const rounded = Math.round(abs / unit) * unit;
  const whole = Math.floor(rounded / THOUSAND);
  const fraction = String(rounded % THOUSAND)
    .padStart(3, '0')
    .slice(0, decimals);
  const digits = decimals === 0 ? String(whole) : `${whole}.${fraction}`;
  return negative ? `-${digits}` : digits;
}

/**
 * Where an amount is shown decides its decimals:
 * - catalogue (listing and detail): whole numbers without decimals, otherwise up to 3, trailing zeros trimmed;
 * - checkout: always 2;
 * - admin: always 3.
 */
export type PriceContext = 'catalogue' | 'checkout' | 'admin';

export function formatAmount(value: Thousandths, context: PriceContext): string {
  switch (context) {
    case 'checkout':
      return amountDigits(value, 2);
    case 'admin':
      return amountDigits(value, 3);
    case 'catalogue': {
      const digits = amountDigits(value, 3);
      return digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits;
    }
  }
}

/** An amount with the store's currency symbol, e.g. "12.5 KD". */
export function formatPrice(value: Thousandths, symbol: string, context: PriceContext): string {
  return `${formatAmount(value, context)} ${symbol}`;
}

/** The whole percentage saved when a sale price replaces the regular price (0 when no saving). */
export function discountPercent(price: Thousandths, salePrice: Thousandths | null): number {
  if (salePrice === null || price <= 0 || salePrice >= price) return 0;
  return Math.round(((price - salePrice) * 100) / price);
}
