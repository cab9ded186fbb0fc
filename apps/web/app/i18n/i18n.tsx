import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { directionOf, formatShopDate, pluralForm, type Language } from '@shop/shared';
import type { MessageKey, Messages } from './catalogues.server';

export type { MessageKey };
export type TranslationParams = Record<string, string | number>;

/**
 * A counted noun's family: the catalogue holds `<key>.zero|one|two|few|many|other` (all six in
 * both languages; the catalogue test checks it) and the count picks one.
 */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;
/** Anything `t` can translate: a text, or a counted noun's family given `count` in params. */
export type TranslationKey = MessageKey | PluralKey;
export type Translate = (key: TranslationKey, params?: TranslationParams) => string;
/** A counted noun in the page's language: `tp('catalog.products', 58)` -> "58 منتجًا". */
export type TranslatePlural = (key: PluralKey, count: number, params?: TranslationParams) => string;

interface I18nValue {
  lang: Language;
  dir: 'rtl' | 'ltr';
  t: Translate;
  /** The one way to say a counted noun (Intl.PluralRules' zero/one/two/few/many/other). */
  tp: TranslatePlural;
  /** Formats a date for display in the active language (Gregorian calendar, Latin digits). */
  /** A date on Kuwait's clock in the page's language. */
  formatDate: (iso: string) => string;
  /** A date and time on Kuwait's clock in the page's language. */
  formatDateTime: (iso: string) => string;
}

const I18nContext = createContext<I18nValue | null>(null);


export function interpolate(text: string, params?: TranslationParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}

/** A counted noun's text for a count: `<key>.<form>` (Intl.PluralRules, zero first), else `<key>.other`. */
function pluralText(messages: Messages, lang: Language, key: string, count: number): string | undefined {
  return messages[`${key}.${pluralForm(lang, count)}`] ?? messages[`${key}.other`];
}

/**
 * The text of a key in a language's messages. A counted noun's family (no text of its own, a
 * `<key>.other`) takes the form a numeric `params.count` needs, falling back to `other`.
 */
export function createTranslator(messages: Messages, lang: Language): Translate {
  return (key, params) => {
    const text = messages[key];
    if (text !== undefined) return interpolate(text, params);
    const count = params?.count;
    const plural = typeof count === 'number' ? pluralText(messages, lang, key, count) : messages[`${key}.other`];
    return plural === undefined ? key : interpolate(plural, params);
  };
}

/**
 * The counted-noun translator: the count picks the form and fills `{count}`, unless params give
 * `count` a display text of their own (such as a grouped "1,250").
 */
export function createPluralTranslator(messages: Messages, lang: Language): TranslatePlural {
  return (key, count, params) => interpolate(pluralText(messages, lang, key, count) ?? key, { count, ...params });
}

export function I18nProvider({
  lang,
  messages,
  children,
}: {
  lang: Language;
  messages: Messages;
  children: ReactNode;
}) {
  const value = useMemo<I18nValue>(() => {
    const t = createTranslator(messages, lang);
    return {
      lang,
      dir: directionOf(lang),
      t,
      tp: createPluralTranslator(messages, lang),
      formatDate: (iso) => formatShopDate(iso, lang),
      formatDateTime: (iso) => formatShopDate(iso, lang, { withTime: true }),
    };
  }, [lang, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}
