import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { directionOf, type Language } from '@shop/shared';
import type { MessageKey, Messages } from './catalogues.server';
import { formatKuwaitDate } from './dates';

export type { MessageKey };
export type TranslationParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslationParams) => string;

interface I18nValue {
  lang: Language;
  dir: 'rtl' | 'ltr';
  t: Translate;
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

export function createTranslator(messages: Messages): Translate {
  return (key, params) => interpolate(messages[key] ?? key, params);
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
    return {
      lang,
      dir: directionOf(lang),
      t: createTranslator(messages),
      formatDate: (iso) => formatKuwaitDate(iso, lang),
      formatDateTime: (iso) => formatKuwaitDate(iso, lang, { withTime: true }),
    };
  }, [lang, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}
