import { ATTRIBUTE_TEXT_MAX, FORM_MONEY_MAX, amountInputText, formatSignedPrice, fromThousandths, hasControlCharacter, latinDigits, toThousandths, type MoneyFormat } from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';

/**
 * The rules of the attributes tab: what is checked
 * before sending a name, a value's title or its additional price, and the JSON bodies of
 * /api/simple-attributes. The server checks every one of them again.
 */

/** Length in characters as the server counts them (code points, so an emoji counts once). */
function length(text: string): number {
  return [...text].length;
}

/** Why an attribute name cannot be sent (non-empty after trimming), or null. */
export function attributeNameProblem(name: string): MessageKey | null {
  const trimmed = name.trim();
  if (!trimmed) return 'admin-attributes.validation.name_required';
  if (length(trimmed) > ATTRIBUTE_TEXT_MAX) return 'admin-attributes.validation.name_too_long';
  if (hasControlCharacter(trimmed)) return 'admin-attributes.validation.name_invalid';
  return null;
}

/**
 * Why an optional English name or title cannot be sent, or null: blank is fine (the storefront
 * then shows the Arabic), otherwise the same length and character rules as the Arabic one.
 */
function englishProblem(text: string, tooLong: MessageKey, invalid: MessageKey): MessageKey | null {
  const trimmed = text.trim();
  if (length(trimmed) > ATTRIBUTE_TEXT_MAX) return tooLong;
  if (hasControlCharacter(text)) return invalid;
  return null;
}

/** Why an attribute's English name cannot be sent, or null (it may be left empty). */
export function attributeNameEnProblem(name: string): MessageKey | null {
  return englishProblem(name, 'admin-attributes.validation.name_too_long', 'admin-attributes.validation.name_invalid');
}

/** Why a value's English title cannot be sent, or null (it may be left empty). */
export function variationTitleEnProblem(title: string): MessageKey | null {
  return englishProblem(title, 'admin-attributes.validation.title_too_long', 'admin-attributes.validation.title_invalid');
}

/** An optional English text as sent: trimmed, null when blank (the server clears it then). */
function englishValue(text: string): string | null {
  return text.trim() || null;
}

/** Why a value's title cannot be sent (non-empty after trimming), or null. */
export function variationTitleProblem(title: string): MessageKey | null {
  const trimmed = title.trim();
  if (!trimmed) return 'admin-attributes.validation.title_required';
  if (length(trimmed) > ATTRIBUTE_TEXT_MAX) return 'admin-attributes.validation.title_too_long';
  if (hasControlCharacter(trimmed)) return 'admin-attributes.validation.title_invalid';
  return null;
}

/**
 * An additional price as typed, as the decimal number the API takes: empty means 0; otherwise
 * digits with at most 3 decimals ("2", "2.5", "0.250"), Arabic-Indic digits and the Arabic
 * decimal separator (٫) accepted. A comma is refused: "1,250" could mean either 1.25 or 1250.
 * Null when it is not such an amount.
 */
export function parseAdditionalPrice(text: string): number | null {
  const normalised = latinDigits(text.trim()).replace(/\u066b/g, '.');
  if (normalised === '') return 0;
  if (!/^\d{1,10}(\.\d{1,3})?$/.test(normalised)) return null;
  const thousandths = toThousandths(normalised);
  if (thousandths > FORM_MONEY_MAX) return null;
  return fromThousandths(thousandths);
}

export function additionalPriceProblem(text: string): MessageKey | null {
  return parseAdditionalPrice(text) === null ? 'admin-attributes.validation.price_invalid' : null;
}

/** A stored surcharge as the input shows it: "2.5" for 2.5, "" for none. */
export function additionalPriceInput(amount: number): string {
  if (amount === 0) return '';
  // An input holds what is stored: up to 3 decimals (thousandths), trailing zeros trimmed.
  return amountInputText(toThousandths(amount));
}

/** A surcharge for display with its sign and the store's currency symbol: "+2.500 KD" (decision 051). */
export function formatSurcharge(amount: number, money: MoneyFormat): string {
  return formatSignedPrice(toThousandths(amount), money);
}

/** The fields of the value form, in screen order (the focus goes to the first problem). */
export const variationFields = ['title', 'title_en', 'additional_price'] as const;
export type VariationField = (typeof variationFields)[number];

export interface VariationDraft {
  title: string;
  /** The English title; empty: the storefront shows the Arabic one. */
  title_en: string;
  /** As typed; empty means no surcharge. */
  additional_price: string;
}

/** What is wrong with a value before sending it (title non-empty after trimming, price ≥ 0). */
export function variationProblems(draft: VariationDraft): Partial<Record<VariationField, MessageKey>> {
  const problems: Partial<Record<VariationField, MessageKey>> = {};
  const title = variationTitleProblem(draft.title);
  if (title) problems.title = title;
  const titleEn = variationTitleEnProblem(draft.title_en);
  if (titleEn) problems.title_en = titleEn;
  const price = additionalPriceProblem(draft.additional_price);
  if (price) problems.additional_price = price;
  return problems;
}

export interface AttributeBody {
  name: string;
  name_en: string | null;
}

/** The body of POST/PUT /simple-attributes: the trimmed name and English name (null when blank). */
export function attributeBody(name: string, nameEn: string): AttributeBody {
  return { name: name.trim(), name_en: englishValue(nameEn) };
}

export interface VariationBody {
  title: string;
  title_en: string | null;
  additional_price: number;
}

/**
 * The body of POST /simple-attributes/:id/variations and PUT …/variations/:variationId: the
 * trimmed title and the surcharge as a decimal number (0 when left empty). Call it only once
 * variationProblems found nothing.
 */
export function variationBody(draft: VariationDraft): VariationBody {
  return {
    title: draft.title.trim(),
    title_en: englishValue(draft.title_en),
    additional_price: parseAdditionalPrice(draft.additional_price) ?? 0,
  };
}

/** Whether an edit changes a value at all (nothing to send otherwise). */
export function variationChanged(
  draft: VariationDraft,
  stored: { title: string; title_en: string | null; additional_price: number },
): boolean {
  if (draft.title.trim() !== stored.title) return true;
  if (englishValue(draft.title_en) !== stored.title_en) return true;
  const price = parseAdditionalPrice(draft.additional_price);
  return price === null || price !== stored.additional_price;
}
