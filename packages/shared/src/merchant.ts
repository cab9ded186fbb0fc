/**
 * The Google Merchant tab's constants (docs/decisions/024), shared by
 * the API's contract (contracts/admin-merchant.ts) and the back office's form; kept free of zod
 * so browser code can import it.
 */

export const MERCHANT_CURRENCIES = ['KWD', 'USD', 'EUR'] as const;
export type MerchantCurrency = (typeof MERCHANT_CURRENCIES)[number];
/** The feed's spellings; the API maps them to v1's IN_STOCK, OUT_OF_STOCK, PREORDER. */
export const MERCHANT_AVAILABILITIES = ['in stock', 'out of stock', 'preorder'] as const;
export type MerchantAvailabilityOption = (typeof MERCHANT_AVAILABILITIES)[number];
export const MERCHANT_CONDITIONS = ['new'] as const;
/** The merchant tool's picker fetches this many products at a time. */
export const MERCHANT_PICKER_LIMIT = 100;

/** The environment variables the tab lists when Merchant is not configured. */
export const MERCHANT_REQUIRED_VARIABLES = [
  'GOOGLE_MERCHANT_ACCOUNT_ID',
  'GOOGLE_MERCHANT_DATA_SOURCE',
  'GOOGLE_MERCHANT_KEY_FILE',
] as const;

/**
 * A price as the merchant form takes it: digits with at most three decimals (the server checks
 * the chosen currency's own decimals).
 */
export function isMerchantPriceText(value: string): boolean {
  return /^\d{1,9}(\.\d{1,3})?$/.test(value);
}
