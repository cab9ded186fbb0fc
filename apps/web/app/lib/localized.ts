import { inLanguage, type Language } from '@shop/shared';

/**
 * Catalogue content in the page's language, on top of `inLanguage` (packages/shared): the text
 * the owner wrote in English on the English storefront, the Arabic original otherwise.
 */

/** The shop's name in the page's language (shared with the API's e-mails). */
export { storeName } from '@shop/shared';

interface StoreDescriptionFields {
  store_description: string | null;
  store_description_en?: string | null;
}

/** The shop's description in the page's language, or null when the shop has none. */
export function storeDescription(lang: Language, settings: StoreDescriptionFields): string | null {
  return inLanguage(lang, settings.store_description, settings.store_description_en);
}

interface ProductTextFields {
  short_description: string | null;
  description: string | null;
  short_description_en?: string | null;
  description_en?: string | null;
}

function firstText(...texts: ReadonlyArray<string | null | undefined>): string | null {
  return texts.find((text) => text?.trim()) ?? null;
}

/**
 * A product's summary for search engines and link previews: its short description, else its
 * description. On the English page an English text wins over an Arabic one, so a product with
 * only an English description is not summed up in Arabic there.
 */
export function productSummary(lang: Language, product: ProductTextFields): string | null {
  return inLanguage(
    lang,
    product.short_description || product.description || null,
    firstText(product.short_description_en, product.description_en),
  );
}

interface AttributeNameFields {
  name: string;
  name_en?: string | null;
}

interface VariationTitleFields {
  title: string;
  title_en?: string | null;
}

/** An option attribute's name ("اللون" / "Colour") in the page's language. */
export function attributeName(lang: Language, attribute: AttributeNameFields): string {
  return inLanguage(lang, attribute.name, attribute.name_en);
}

/** A variation's title ("أحمر" / "Red") in the page's language. */
export function variationTitle(lang: Language, variation: VariationTitleFields): string {
  return inLanguage(lang, variation.title, variation.title_en);
}

interface SelectionFields {
  attribute_name: string;
  attribute_name_en?: string | null;
  title: string;
  title_en?: string | null;
}

/**
 * A chosen option of a cart line or an order item as "attribute" and "value" in the page's
 * language; an order placed before attributes had English names shows the Arabic ones.
 */
export function selectionText(lang: Language, selection: SelectionFields): { attribute: string; value: string } {
  return {
    attribute: inLanguage(lang, selection.attribute_name, selection.attribute_name_en),
    value: inLanguage(lang, selection.title, selection.title_en),
  };
}
