import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_SYMBOL, type Language } from './constants.js';

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
 * Decimal places of an ISO 4217 currency (its minor unit). Money is kept in thousandths, so no
 * currency shows more than 3. The Kuwaiti dinar and its neighbours have 3, most currencies 2.
 */
export type CurrencyDecimals = 0 | 2 | 3;

const THREE_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  'BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
]);

/** The decimals a currency is charged in: 3 for KWD, 0 for JPY, 2 for the rest (USD, EUR, unknown codes). */
export function currencyDecimals(currency: string): CurrencyDecimals {
  const code = currency.trim().toUpperCase();
  if (THREE_DECIMAL_CURRENCIES.has(code)) return 3;
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0;
  return 2;
}

/** The default symbol (DEFAULT_CURRENCY_SYMBOL, "KD") as Arabic pages write it. */
export const ARABIC_CURRENCY_SYMBOL = 'د.ك';

/**
 * The symbol a page shows: the default "KD" reads "د.ك" in Arabic; a symbol the owner typed is
 * shown as typed, in every language.
 */
export function currencySymbolFor(settingsSymbol: string | null | undefined, lang: Language): string {
  const symbol = settingsSymbol?.trim() || DEFAULT_CURRENCY_SYMBOL;
  return symbol === DEFAULT_CURRENCY_SYMBOL && lang === 'ar' ? ARABIC_CURRENCY_SYMBOL : symbol;
}

/** How a page writes money: the symbol for its language and the currency's decimals. */
export interface MoneyFormat {
  symbol: string;
  decimals: CurrencyDecimals;
}

/** The store's money format for a language, from its settings (currency_symbol, ISO currency). */
export function moneyFormat(
  settings: { currency_symbol: string | null | undefined; currency: string | null | undefined },
  lang: Language,
): MoneyFormat {
  return {
    symbol: currencySymbolFor(settings.currency_symbol, lang),
    decimals: currencyDecimals(settings.currency?.trim() || DEFAULT_CURRENCY),
  };
}

/** The real minus sign (U+2212), not the hyphen. */
export const MINUS_SIGN = '\u2212';
/** Left-to-right isolate and its closing pop (U+2066, U+2069): a signed number stays whole in Arabic text. */
const LTR_ISOLATE = '\u2066';
const POP_ISOLATE = '\u2069';

/**
 * The digits of an amount in the currency's own decimals, wherever it is shown (decision 051):
 * "18.500" and "31.375" for KWD, "31.38" for USD, with a real minus sign when negative ("−3.375").
 */
export function formatAmount(value: Thousandths, decimals: CurrencyDecimals): string {
  const digits = amountDigits(Math.abs(value), decimals);
  return value < 0 && /[1-9]/.test(digits) ? `${MINUS_SIGN}${digits}` : digits;
}

/**
 * An amount with the symbol after it, as every page, e-mail and back-office screen shows it:
 * "18.500 KD", "31.375 د.ك". A negative amount keeps its sign beside the digits in either
 * direction: "−3.375" is isolated left to right, so an Arabic line reads "−3.375 د.ك" and never
 * "د.ك 3.375−".
 */
export function formatPrice(value: Thousandths, money: MoneyFormat): string {
  return withSymbol(formatAmount(value, money.decimals), money);
}

/**
 * A surcharge or a reduction with its sign always written, "+6.500 KD" or "−1.000 د.ك" (option
 * chips): the signed number is isolated like a negative price, so the plus stays before the digits
 * in an Arabic line.
 */
export function formatSignedPrice(value: Thousandths, money: MoneyFormat): string {
  const amount = formatAmount(value, money.decimals);
  return withSymbol(amount.startsWith(MINUS_SIGN) ? amount : `+${amount}`, money);
}

function withSymbol(amount: string, money: MoneyFormat): string {
  const signed = amount.startsWith(MINUS_SIGN) || amount.startsWith('+');
  return `${signed ? `${LTR_ISOLATE}${amount}${POP_ISOLATE}` : amount} ${money.symbol}`;
}

/**
 * A stored amount as a form's input holds it for editing: up to 3 decimals (thousandths), trailing
 * zeros trimmed ("2.5", "12"). Not a displayed price: those use formatPrice.
 */
export function amountInputText(value: Thousandths): string {
  const digits = amountDigits(value, 3);
  return digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits;
}

/**
 * The direction a formatted price reads in (its first strong letter, the symbol's): an Arabic
 * symbol reads right to left ("31.375 د.ك" shows the symbol on the left), a Latin one left to right.
 * For containers that cannot detect it themselves (e-mails); web pages use <bdi>.
 */
export function priceDirection(money: MoneyFormat): 'rtl' | 'ltr' {
  const strong = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.exec(money.symbol)?.[0];
  return strong !== undefined && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(strong) ? 'rtl' : 'ltr';
}

/** The whole percentage saved when a sale price replaces the regular price (0 when no saving). */
export function discountPercent(price: Thousandths, salePrice: Thousandths | null): number {
  if (salePrice === null || price <= 0 || salePrice >= price) return 0;
  return Math.round(((price - salePrice) * 100) / price);
}

/** The amounts an order's total is made of, in thousandths; tax is 0 in Kuwait. */
export interface OrderAmounts {
  subtotal: Thousandths;
  discount: Thousandths;
  shipping: Thousandths;
  /** The gift wrapping's fee as charged (0 without wrapping). */
  giftWrap?: Thousandths;
  tax?: Thousandths;
}

/**
 * An order's total: subtotal − discount + shipping + gift wrapping + tax. The one rule the API
 * (placing an order), the checkout and cart summaries and the seed use; the orders table's CHECK
 * (`orderTotalSql` in apps/api/src/db/sql-rules.ts) guards the same sum in the database.
 */
export function orderTotal({ subtotal, discount, shipping, giftWrap = 0, tax = 0 }: OrderAmounts): Thousandths {
  return subtotal - discount + shipping + giftWrap + tax;
}

/**
 * What a shopper pays for a product before option surcharges: the sale price when there is one,
 * else the regular price (`coalesce(sale_price, price)`, the products.current_price column built
 * by `effectivePriceSql` in apps/api/src/db/sql-rules.ts).
 *
 * Not the same as `shownSalePrice` below for a sale price at or above the regular price: the shop
 * charges such a sale price as it is (a higher one too), while the Merchant feed and the back
 * office's list show no sale then. The back office refuses a sale price above the price
 * (product.sale_price_above_price) and the database has no CHECK for it, so the two disagree only
 * for rows written around the back office; aligning them would change what the storefront charges
 * and the generated column, so they are left as they are.
 */
export function effectivePrice(price: Thousandths, salePrice: Thousandths | null): Thousandths {
  return salePrice ?? price;
}

/**
 * The sale price shown as a sale (the Merchant feed's sale_price, the struck-through price in the
 * back office's list): only one below the regular price, else null. See `effectivePrice`.
 */
export function shownSalePrice(price: Thousandths, salePrice: Thousandths | null): Thousandths | null {
  return salePrice !== null && salePrice < price ? salePrice : null;
}
