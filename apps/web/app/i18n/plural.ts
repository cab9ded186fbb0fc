import type { Language } from '@shop/shared';

/** CLDR plural categories; Arabic uses all six. Zero gets its own text in both languages. */
export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

const rules: Record<Language, Intl.PluralRules> = {
  ar: new Intl.PluralRules('ar'),
  en: new Intl.PluralRules('en'),
};

/** Which plural text to use for a count: 0 -> zero, then the language's own rules. */
export function pluralForm(lang: Language, count: number): PluralForm {
  return count === 0 ? 'zero' : rules[lang].select(count);
}
