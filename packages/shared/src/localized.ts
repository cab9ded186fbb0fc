import type { Language } from './constants.js';

/**
 * The text to show in a language: the English version on the English storefront when the shop
 * wrote one, the Arabic original otherwise (catalogue content is written in Arabic first).
 */
export function inLanguage<T extends string | null>(lang: Language, arabic: T, english: string | null | undefined): T | string {
  return lang === 'en' && english && english.trim() ? english : arabic;
}
