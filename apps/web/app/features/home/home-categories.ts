import { HOME_CATEGORY_COUNT, type Language } from '@shop/shared';
import type { MessageKey } from '../../i18n/i18n';
import { pluralForm, type PluralForm } from '../../i18n/plural';

interface CountedCategory {
  is_active: boolean;
  product_count: number;
}

/** The categories the home page shows: active ones that have products, at most six, in list order. */
export function homeCategories<T extends CountedCategory>(flat: readonly T[], limit: number = HOME_CATEGORY_COUNT): T[] {
  return flat.filter((category) => category.is_active && category.product_count > 0).slice(0, limit);
}

const productCountKeys: Record<PluralForm, MessageKey> = {
  zero: 'home.product_count.zero',
  one: 'home.product_count.one',
  two: 'home.product_count.two',
  few: 'home.product_count.few',
  many: 'home.product_count.many',
  other: 'home.product_count.other',
};

/** The message for "N products" in the plural form the language needs (Arabic has six). */
export function productCountKey(lang: Language, count: number): MessageKey {
  return productCountKeys[pluralForm(lang, count)];
}
