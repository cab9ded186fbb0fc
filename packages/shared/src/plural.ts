import type { Language } from './constants.js';

/**
 * CLDR plural categories. Arabic uses all six (0 لا منتجات, 1 منتج واحد, 2 منتجان, 3–10 منتجات,
 * 11–99 منتجًا, 100 منتج); English one and other. Zero gets its own text in both languages.
 */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

/** One text per plural form; `other` is the one every language must have. */
export type PluralTexts = Partial<Record<PluralForm, string>> & { other: string };

const rules: Record<Language, Intl.PluralRules> = {
  ar: new Intl.PluralRules('ar'),
  en: new Intl.PluralRules('en'),
};

/** Which plural text to use for a count: 0 -> zero, then the language's own rules. */
export function pluralForm(lang: Language, count: number): PluralForm {
  return count === 0 ? 'zero' : rules[lang].select(count);
}

/**
 * The text of a counted noun: the form the count needs, else `other`, with `{count}` (and any
 * other `{name}` in params) filled in.
 */
export function pluralText(
  texts: PluralTexts,
  lang: Language,
  count: number,
  params?: Readonly<Record<string, string | number>>,
): string {
  const text = texts[pluralForm(lang, count)] ?? texts.other;
  const values: Readonly<Record<string, string | number>> = { ...params, count };
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
