import { z } from 'zod';
import { categorySchema, type Category } from './catalog.js';
import { idParam, strictId, successShape } from './common.js';
import { formBoolean, optionalFormText, requiredFormText } from './form-fields.js';
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_SLUG_MAX,
  CATEGORY_SORT_ORDER_MAX,
  latinDigits,
} from '../backoffice-limits.js';
import { optionalWholeNumber, withMaxLength } from './admin-form-text.js';
import { seoFormShape } from './seo-fields.js';

/**
 * The back office's categories.
 *
 * - `GET /api/categories?admin=true` (a caller with `catalog.read`): every category, active or
 *   not, as `categories` (tree) and `flat_categories`, each with `product_count` (products of
 *   every status directly in it) and `children_count` (direct subcategories). Never cached
 *   publicly. `GET /api/categories/:id` lets the same callers read an inactive category.
 * - `POST /api/categories`, `PUT /api/categories/:id` (`catalog.write`): multipart or JSON, fields
 *   below, file field `image`. A PUT changes only the fields it sends.
 * - `DELETE /api/categories/:id` (`catalog.write`): its products become uncategorised and its
 *   subcategories move up to its parent.
 */

/**
 * A slug as the shop writes them: lower-case Latin letters, Arabic letters and digits in words
 * joined by single hyphens (e.g. `baltic-amber`, `سبح-الكهرمان`).
 */
export const CATEGORY_SLUG_PATTERN =
  /^[a-z0-9\u0621-\u063a\u0641-\u064a\u0671-\u06d3]+(?:-[a-z0-9\u0621-\u063a\u0641-\u064a\u0671-\u06d3]+)*$/;

const name = withMaxLength(
  CATEGORY_NAME_MAX,
  'categories.name_too_long',
  requiredFormText(CATEGORY_NAME_MAX, 'categories.name_required'),
);
const nameEn = withMaxLength(
  CATEGORY_NAME_MAX,
  'categories.name_too_long',
  optionalFormText(CATEGORY_NAME_MAX),
);
const description = withMaxLength(
  CATEGORY_DESCRIPTION_MAX,
  'categories.description_too_long',
  optionalFormText(CATEGORY_DESCRIPTION_MAX),
);

/** The parent's id; blank or null means a main category (null). */
const parentId = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return value;
    const text = latinDigits(value).trim();
    return text === '' ? null : text;
  },
  strictId('categories.parent_invalid').nullable(),
);

/** Blank or absent: the next number after the largest among the siblings (null here). */
const sortOrder = optionalWholeNumber('categories.sort_order_invalid', 0, CATEGORY_SORT_ORDER_MAX);

/** An admin-chosen slug: trimmed, Latin letters lower-cased; blank means "keep" / "generate". */
const slug = z.preprocess(
  (value) => (value === null ? undefined : value),
  z
    .string({ error: 'categories.slug_invalid' })
    .transform((value) => latinDigits(value).trim().toLowerCase())
    .refine(
      (value) =>
        value === '' || (value.length <= CATEGORY_SLUG_MAX && CATEGORY_SLUG_PATTERN.test(value)),
      'categories.slug_invalid',
    )
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
);

/** POST /api/categories: the form's fields (the image travels as the file field `image`). */
export const adminCategoryCreateSchema = z.object({
  name,
  name_en: nameEn,
  description,
  description_en: description,
  parent_id: parentId,
  sort_order: sortOrder,
  is_active: formBoolean.default(true),
  /** Optional; generated from the English name when given, else the Arabic one. */
  slug,
  ...seoFormShape,
});
export type AdminCategoryCreate = z.output<typeof adminCategoryCreateSchema>;

/**
 * PUT /api/categories/:id: the same fields, each optional: a field left out keeps its value, an
 * empty optional text clears it, an empty parent makes it a main category, an empty sort order
 * takes the next number among its siblings. `remove_image=1` drops the picture (a new `image`
 * file replaces it anyway). The slug stays as it is unless `slug` is sent.
 */
export const adminCategoryUpdateSchema = z.object({
  name: name.optional(),
  name_en: nameEn.optional(),
  description: description.optional(),
  description_en: description.optional(),
  parent_id: parentId.optional(),
  sort_order: sortOrder.optional(),
  is_active: formBoolean.optional(),
  remove_image: formBoolean.default(false),
  slug,
  ...seoFormShape,
});
export type AdminCategoryUpdate = z.output<typeof adminCategoryUpdateSchema>;

export const adminCategoryParamsSchema = z.object({ id: idParam });

/** A category as the back office sees it: staff counts included. */
export type AdminCategory = Category & { children_count: number; children?: AdminCategory[] };

/** POST and PUT reply: the category as saved, with its staff counts. */
export const adminCategoryResponseSchema = successShape({ category: categorySchema });
export type AdminCategoryResponse = z.infer<typeof adminCategoryResponseSchema>;

/** DELETE reply: what moved (its products to no category, its subcategories up to its parent). */
export const adminCategoryDeleteResponseSchema = successShape({
  message: z.string(),
  products_moved: z.number().int(),
  children_moved: z.number().int(),
});
export type AdminCategoryDeleteResponse = z.infer<typeof adminCategoryDeleteResponseSchema>;
