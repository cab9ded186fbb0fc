import { DEFAULT_ADDRESS, type Language } from './constants.js';

/**
 * The text to show in a language: the English version on the English storefront when the shop
 * wrote one, the Arabic original otherwise (catalogue content is written in Arabic first).
 */
export function inLanguage<T extends string | null>(lang: Language, arabic: T, english: string | null | undefined): T | string {
  return lang === 'en' && english && english.trim() ? english : arabic;
}

/** A name the shop wrote in Arabic and, when it did, in English (a product's, an option's). */
export interface BilingualText {
  ar: string;
  en: string | null;
}

/** A value for a message's `{name}` placeholder: a number, a text, or a name in both languages. */
export type MessageParam = string | number | BilingualText;

/** The values of a message's `{name}` placeholders, by placeholder name. */
export type MessageParams = Readonly<Record<string, MessageParam>>;

/**
 * The placeholders' values in a language: a bilingual name becomes its text in that language
 * (Arabic when it has no English), so an English message never names an option in Arabic.
 */
export function messageParamsIn(
  lang: Language,
  params: MessageParams,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object' ? inLanguage(lang, value.ar, value.en) : value,
    ]),
  );
}

/** The shop's name in a language: the English name on English pages and messages when it has one. */
export function storeName(lang: Language, settings: { store_name: string; store_name_en?: string | null }): string {
  return inLanguage(lang, settings.store_name, settings.store_name_en);
}

/**
 * The street address the owner wrote, in `lang` (the English one on English pages when there is
 * one), or null while the address is still the default, the country's name (stored as "الكويت"),
 * which each page names in its own words.
 */
export function storeAddress(
  lang: Language,
  settings: { address: string | null; address_en?: string | null },
): string | null {
  if (!settings.address || settings.address === DEFAULT_ADDRESS) return settings.address_en?.trim() || null;
  return inLanguage(lang, settings.address, settings.address_en);
}
