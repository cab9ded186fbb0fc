import type { Thousandths } from './money.js';

/**
 * The back office's limits and the small pure rules both sides apply: the contracts
 * (contracts/admin-*.ts) build their zod schemas from them, and the browser's form rules
 * (apps/web/app/features/admin/*) check the same numbers before sending. This module must stay
 * free of zod (and of anything that imports it): browser code imports it, and zod stays out of
 * the browser bundle.
 */

// ---------- shared pieces ----------

/** Eastern Arabic (٠-٩) and Persian (۰-۹) digits as ASCII digits; other characters untouched. */
export function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) =>
    String((digit.charCodeAt(0) & 0xf) % 10),
  );
}

/** Largest amount (price, sale price, surcharge) a back-office form accepts: 1,000,000 in decimals. */
export const FORM_MONEY_MAX: Thousandths = 1_000_000_000;

/** Largest image file the back office accepts, in bytes (checked again by the server). */
export const MAX_IMAGE_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Longest side of an uploaded image, in pixels: larger is a mistake or a decompression bomb. */
export const MAX_IMAGE_DIMENSION = 8000;
/**
 * Most pixels the images of one request (a back-office form) may hold together, width × height
 * of each added up, read from the files' headers before any is decoded: decoding and resizing
 * cost time and memory by the pixel, whatever the file's size. 250 megapixels: ten phone photos
 * of 12 MP (4000 × 3000) pass, and ten of 24 MP (5712 × 4284, recent iPhones); ten pictures of
 * 8000 × 8000 (640 MP) are refused.
 */
export const MAX_UPLOAD_PIXELS = 250_000_000;

// ---------- products ----------

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_SHORT_DESCRIPTION_MAX = 1000;
export const PRODUCT_DESCRIPTION_MAX = 20_000;
export const PRODUCT_SKU_MAX = 100;
/** Most variations one product may offer (a guard on the form, far above any real product). */
export const PRODUCT_VARIATIONS_MAX = 200;
/** Most images one product may have. */
export const MAX_PRODUCT_IMAGES = 10;

// ---------- categories ----------

export const CATEGORY_NAME_MAX = 120;
export const CATEGORY_DESCRIPTION_MAX = 2000;
export const CATEGORY_SLUG_MAX = 120;
/** Largest sort order an admin may type (999999 is how a missing one sorts). */
export const CATEGORY_SORT_ORDER_MAX = 99_999;

// ---------- slider ----------

export const SLIDE_TITLE_MAX = 200;
export const SLIDE_DESCRIPTION_MAX = 1000;
export const SLIDE_LINK_MAX = 500;
export const SLIDE_SORT_ORDER_MAX = 99_999;

// ---------- store settings ----------

export const STORE_NAME_MAX = 200;
export const STORE_DESCRIPTION_MAX = 2000;
export const STORE_ADDRESS_MAX = 500;
export const STORE_EMAIL_MAX = 254;
export const STORE_PHONE_MAX = 30;
export const STORE_PHONE_DIGITS_MIN = 8;
export const STORE_PHONE_DIGITS_MAX = 15;

/** An e-mail address as the store settings accept it: something@something.something, no spaces. */
export const STORE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits, spaces, hyphens and parentheses, with an optional leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s()-]+$/;

/**
 * Whether a telephone number is written the allowed way: digits (Arabic-Indic ones too), spaces,
 * hyphens and parentheses with an optional leading +, 8 to 15 digits in all, at most
 * STORE_PHONE_MAX characters once trimmed.
 */
export function isStorePhoneNumber(value: string): boolean {
  const phone = latinDigits(value).trim();
  if (phone.length > STORE_PHONE_MAX || !PHONE_CHARACTERS.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= STORE_PHONE_DIGITS_MIN && digits <= STORE_PHONE_DIGITS_MAX;
}

// ---------- attributes ----------

/** Longest attribute name or value title, in characters. */
export const ATTRIBUTE_TEXT_MAX = 100;

/** Every control character (C0, DEL, C1), line breaks and tabs included. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether a text holds a control character (attribute names and value titles are one line). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

// ---------- cities ----------

/** Longest city name (Arabic or English), in characters. */
export const CITY_NAME_MAX = 100;
/** The shipping fee of a new city, and the fee shown when one is missing: 5. */
export const DEFAULT_CITY_SHIPPING_FEE: Thousandths = 5_000;
/** Largest shipping fee a city may have: 1,000 in decimals (far above any delivery in Kuwait). */
export const CITY_SHIPPING_FEE_MAX: Thousandths = 1_000_000;
