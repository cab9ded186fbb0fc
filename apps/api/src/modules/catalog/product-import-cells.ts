import {
  formBoolean,
  formInteger,
  formMoney,
  isApiMessageKey,
  optionalFormText,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_EXPORT_IMAGE_SEPARATOR,
  PRODUCT_IMPORT_CLEAR_MARKER,
  PRODUCT_NAME_MAX,
  PRODUCT_SHORT_DESCRIPTION_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_STATUSES,
  requiredFormText,
  seoFormShape,
  strictId,
  type ApiMessageKey,
  type ProductExportColumn,
  type ProductStatus,
} from '@shop/shared';
import type { z } from 'zod';

/**
 * The products import's rules for one cell (docs/decisions/056), the product form's own field
 * rules (packages/shared's contracts) applied to the file's text: what a cell asks for, keep, clear
 * or set, and the refusal of a bad value as a message key.
 */

/** What a cell asks for: keep the current value (blank), clear it (the marker), or set it. */
export type CellReading<T> =
  | { kind: 'keep' }
  | { kind: 'clear' }
  | { kind: 'set'; value: T }
  | { kind: 'error'; message: ApiMessageKey; params?: Record<string, string | number> };

/** What spreadsheets read as the start of a formula: the export's guard put an apostrophe before it. */
const GUARDED = /^'[=+\-@\t\r]/;

/**
 * The text a cell stands for: one leading apostrophe dropped before =, +, -, @, a tab or a carriage
 * return (the export's formula guard, decision 053), so an exported text reads back as stored.
 */
export function unguardedCell(raw: string): string {
  return GUARDED.test(raw) ? raw.slice(1) : raw;
}

/** Whether a cell, as written, is the clearing marker (before the guard: "'-" is the text "-"). */
export const isClearMarker = (raw: string) => raw.trim() === PRODUCT_IMPORT_CLEAR_MARKER;

const KEEP = { kind: 'keep' } as const;
const CLEAR = { kind: 'clear' } as const;
const cannotClear = { kind: 'error', message: 'product_import.cannot_clear' } as const;

/** The first catalogue message of a refusal, looking inside a union's branches (optional texts). */
function messageOf(issues: readonly z.core.$ZodIssue[]): ApiMessageKey | undefined {
  for (const issue of issues) {
    if (isApiMessageKey(issue.message)) return issue.message;
    if (issue.code === 'invalid_union') {
      for (const branch of issue.errors) {
        const inner = messageOf(branch);
        if (inner) return inner;
      }
    }
  }
  return undefined;
}

/** A cell through one of the form's field schemas: blank keeps, the marker clears if `clearable`. */
function cellRule<T>(schema: z.ZodType<T>, clearable: boolean) {
  return (raw: string): CellReading<T> => {
    if (raw.trim() === '') return KEEP;
    if (isClearMarker(raw)) return clearable ? CLEAR : cannotClear;
    const parsed = schema.safeParse(unguardedCell(raw));
    if (parsed.success) return { kind: 'set', value: parsed.data };
    return { kind: 'error', message: messageOf(parsed.error.issues) ?? 'error.validation' };
  };
}

/** An optional text of the form (trimmed, at most `max` characters, no control characters). */
const optionalText = (max: number) => cellRule(optionalFormText(max), true);

const statusRule = (raw: string): CellReading<ProductStatus> => {
  const value = raw.trim();
  if (value === '') return KEEP;
  if (isClearMarker(raw)) return cannotClear;
  return (PRODUCT_STATUSES as readonly string[]).includes(value)
    ? { kind: 'set', value: value as ProductStatus }
    : { kind: 'error', message: 'validation.product_status_invalid' };
};

const featuredRule = (raw: string): CellReading<boolean> => {
  const value = raw.trim().toLowerCase();
  if (value === '') return KEEP;
  if (isClearMarker(raw)) return cannotClear;
  const parsed = formBoolean.safeParse(value);
  return parsed.success
    ? { kind: 'set', value: parsed.data }
    : { kind: 'error', message: 'product_import.featured_invalid' };
};

/** A category's slug: resolved against the catalogue by the import (it must exist). */
const slugRule = (raw: string): CellReading<string> => {
  const value = unguardedCell(raw).trim();
  if (value === '') return KEEP;
  if (isClearMarker(raw)) return { kind: 'error', message: 'product.category_required' };
  return { kind: 'set', value };
};

/** The image URLs, in display order (separated by |); each must be one of the product's own. */
const imagesRule = (raw: string): CellReading<string[]> => {
  if (raw.trim() === '') return KEEP;
  if (isClearMarker(raw)) return CLEAR;
  const urls = raw
    .split(PRODUCT_EXPORT_IMAGE_SEPARATOR)
    .map((url) => url.trim())
    .filter((url) => url !== '');
  return { kind: 'set', value: urls };
};

/** The product's id (updates it; blank: matched by SKU, or a new product). */
export const idRule = (raw: string): CellReading<number> => {
  if (raw.trim() === '') return KEEP;
  const parsed = strictId('product_import.id_invalid').safeParse(raw.trim());
  return parsed.success
    ? { kind: 'set', value: parsed.data }
    : { kind: 'error', message: 'product_import.id_invalid' };
};

/** The rule of each column but `id` (which matches the product rather than setting a value). */
export const CELL_RULES = {
  sku: optionalText(PRODUCT_SKU_MAX),
  name_ar: cellRule(requiredFormText(PRODUCT_NAME_MAX, 'product.name_required'), false),
  name_en: optionalText(PRODUCT_NAME_MAX),
  short_description_ar: optionalText(PRODUCT_SHORT_DESCRIPTION_MAX),
  short_description_en: optionalText(PRODUCT_SHORT_DESCRIPTION_MAX),
  description_ar: optionalText(PRODUCT_DESCRIPTION_MAX),
  description_en: optionalText(PRODUCT_DESCRIPTION_MAX),
  price: cellRule(formMoney('product.price_invalid'), false),
  sale_price: cellRule(formMoney('product.sale_price_invalid'), true),
  stock_quantity: cellRule(formInteger('product.stock_invalid', 0), false),
  status: statusRule,
  featured: featuredRule,
  category_slug: slugRule,
  seo_title_ar: cellRule(seoFormShape.seo_title_ar, true),
  seo_title_en: cellRule(seoFormShape.seo_title_en, true),
  seo_description_ar: cellRule(seoFormShape.seo_description_ar, true),
  seo_description_en: cellRule(seoFormShape.seo_description_en, true),
  image_urls: imagesRule,
} as const satisfies { [C in Exclude<ProductExportColumn, 'id'>]: (raw: string) => CellReading<unknown> };

export type ImportedColumn = keyof typeof CELL_RULES;
