import { z } from 'zod';
import { deletedIdResponseSchema, idParam, moneySchema, successShape } from './common.js';
import { ATTRIBUTE_TEXT_MAX, hasControlCharacter } from '../backoffice-limits.js';
import { formMoney } from './form-fields.js';

/**
 * The back office's attributes (e.g. "Size") and their values, called variations in the API
 * (e.g. "Large", with a default surcharge).
 */

interface TextKeys {
  required: string;
  tooLong: string;
  invalid: string;
}

/** A one-line name: trimmed, non-empty, at most ATTRIBUTE_TEXT_MAX characters, no control characters. */
function oneLineName(keys: TextKeys) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: keys.required })
      .refine((value) => !hasControlCharacter(value), keys.invalid)
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, keys.required)
          .refine((value) => [...value].length <= ATTRIBUTE_TEXT_MAX, keys.tooLong),
      ),
  );
}

const attributeName = oneLineName({
  required: 'attributes.name_required',
  tooLong: 'attributes.name_too_long',
  invalid: 'attributes.name_invalid',
});

const variationTitle = oneLineName({
  required: 'attributes.title_required',
  tooLong: 'attributes.title_too_long',
  invalid: 'attributes.title_invalid',
});

/**
 * An optional English name or title: the same one-line rules as the Arabic one; blank or null
 * clears it (null), absent leaves it as it is (undefined).
 */
function optionalEnglishName(keys: Omit<TextKeys, 'required'>) {
  return z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ error: keys.invalid })
      .refine((value) => !hasControlCharacter(value), keys.invalid)
      .transform((value) => value.trim())
      .refine((value) => [...value].length <= ATTRIBUTE_TEXT_MAX, keys.tooLong)
      .transform((value) => (value === '' ? null : value))
      .optional(),
  );
}

const attributeNameEn = optionalEnglishName({
  tooLong: 'attributes.name_too_long',
  invalid: 'attributes.name_invalid',
});

const variationTitleEn = optionalEnglishName({
  tooLong: 'attributes.title_too_long',
  invalid: 'attributes.title_invalid',
});

/** A surcharge in decimals (≥ 0, at most 3 decimals) parsed to fils; absent, null or blank: undefined. */
const optionalSurcharge = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  formMoney('attributes.price_invalid').optional(),
);

// ---------- requests ----------

export const adminAttributeParamsSchema = z.object({ id: idParam });

export const adminAttributeVariationParamsSchema = z.object({
  id: idParam,
  variationId: idParam,
});

/** POST /simple-attributes and PUT /simple-attributes/:id. */
export const adminAttributeBodySchema = z.object({ name: attributeName, name_en: attributeNameEn });
export type AdminAttributeBody = z.output<typeof adminAttributeBodySchema>;

/** POST /simple-attributes/:id/variations: a title and an optional surcharge (default 0). */
export const adminVariationCreateBodySchema = z.object({
  title: variationTitle,
  title_en: variationTitleEn,
  additional_price: optionalSurcharge,
});
export type AdminVariationCreateBody = z.output<typeof adminVariationCreateBodySchema>;

/** PUT of a variation: a new title, a new surcharge, or both (what is left out stays). */
export const adminVariationUpdateBodySchema = z
  .object({
    title: variationTitle.optional(),
    title_en: variationTitleEn,
    additional_price: optionalSurcharge,
  })
  .refine(
    (body) =>
      body.title !== undefined || body.title_en !== undefined || body.additional_price !== undefined,
    {
      message: 'attributes.title_required',
      path: ['title'],
    },
  );
export type AdminVariationUpdateBody = z.output<typeof adminVariationUpdateBodySchema>;

// ---------- responses ----------

export const adminVariationSchema = z.object({
  id: z.number().int(),
  attribute_id: z.number().int(),
  title: z.string(),
  title_en: z.string().nullable(),
  /** Default surcharge in decimals; a product may set its own. */
  additional_price: moneySchema,
  /** Products offering this value (drafts included). */
  product_count: z.number().int(),
  created_at: z.string(),
});
export type AdminVariation = z.infer<typeof adminVariationSchema>;

export const adminAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  created_at: z.string(),
  variations: z.array(adminVariationSchema),
  /** Products offering any of its values: what a delete would touch. */
  product_count: z.number().int(),
});
export type AdminAttribute = z.infer<typeof adminAttributeSchema>;

/** A value with the name of its attribute (GET /simple-attributes/variations/all, single values). */
export const adminVariationWithAttributeSchema = adminVariationSchema.extend({
  attribute_name: z.string(),
  attribute_name_en: z.string().nullable(),
});
export type AdminVariationWithAttribute = z.infer<typeof adminVariationWithAttributeSchema>;

export const adminAttributeListResponseSchema = successShape({
  attributes: z.array(adminAttributeSchema),
});
export type AdminAttributeListResponse = z.infer<typeof adminAttributeListResponseSchema>;

export const adminAttributeResponseSchema = successShape({ attribute: adminAttributeSchema });
export type AdminAttributeResponse = z.infer<typeof adminAttributeResponseSchema>;

export const adminVariationListResponseSchema = successShape({
  variations: z.array(adminVariationWithAttributeSchema),
});
export type AdminVariationListResponse = z.infer<typeof adminVariationListResponseSchema>;

export const adminVariationResponseSchema = successShape({
  variation: adminVariationWithAttributeSchema,
});
export type AdminVariationResponse = z.infer<typeof adminVariationResponseSchema>;

/** A delete: the id that is gone and a confirmation in the request's language. */
export const adminAttributeDeleteResponseSchema = deletedIdResponseSchema;
export type AdminAttributeDeleteResponse = z.infer<typeof adminAttributeDeleteResponseSchema>;
