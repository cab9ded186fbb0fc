import { z } from 'zod';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SHORT_DESCRIPTION_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_VARIATIONS_MAX,
} from '../backoffice-limits.js';
import { idParam, moneySchema, strictId, successShape } from './common.js';
import { productAttributeSchema, productSchema } from './catalog.js';
import {
  formBoolean,
  formInteger,
  formJson,
  formMoney,
  optionalFormText,
  requiredFormText,
} from './form-fields.js';
import { seoFormShape } from './seo-fields.js';

/**
 * The back office's products.
 * The form travels as multipart (images) or JSON; every refusal is a catalogue key on its field.
 */

export const PRODUCT_STATUSES = ['published', 'draft'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A field the form must carry: blank or absent is `requiredKey`, anything else goes through
 * `inner` (whose own messages say what is wrong with it).
 */
function requiredField<T extends z.ZodType>(inner: T, requiredKey: string) {
  return z.unknown().transform((value, context): z.output<T> => {
    if (isBlank(value)) {
      context.addIssue({ code: 'custom', message: requiredKey });
      return z.NEVER;
    }
    const result = inner.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

/** A positive integer id ("12" or 12) whose refusal reads `messageKey`. */
function idField(messageKey: string) {
  return strictId(messageKey);
}

/** A kept image named by its id, its file name or both (then the same image's). */
export interface KeptImage {
  id?: number;
  filename?: string;
}

const IMAGE_FILENAME_MAX = 255;
const keptImageId = idField('product.existing_images_invalid');
// Digits alone are an id, never a file name (stored names carry an extension).
const keptImageFilename = z
  .string()
  .min(1)
  .max(IMAGE_FILENAME_MAX)
  .refine((value) => !/^\d+$/.test(value));

/**
 * An image to keep, as a client has it: its id (12 or "12"), its file name, or the image record
 * GET /products/:id answers ({id, filename, url, sort_order, …}).
 */
export const keptImageSchema = z.union(
  [
    keptImageId.transform((id): KeptImage => ({ id })),
    keptImageFilename.transform((filename): KeptImage => ({ filename })),
    z
      .looseObject({ id: keptImageId.optional(), filename: keptImageFilename.optional() })
      .refine((record) => record.id !== undefined || record.filename !== undefined)
      .transform(({ id, filename }): KeptImage => ({ id, filename })),
  ],
  { error: 'product.existing_images_invalid' },
);

/** An amount that may be left blank (null), e.g. the sale price. */
function optionalMoney(messageKey: string) {
  const money = formMoney(messageKey);
  return z.unknown().transform((value, context): number | null => {
    if (isBlank(value)) return null;
    const result = money.safeParse(value);
    if (result.success) return result.data;
    context.addIssue({ code: 'custom', message: messageKey });
    return z.NEVER;
  });
}

/** "e:<image id>" (a kept image) or "n:<index of a new file>" (an upload of this request). */
export const IMAGE_ORDER_ENTRY = /^([en]):(\d{1,9})$/;

/** One variation the product offers, with the product's surcharge for it (a decimal). */
export const productVariationLinkSchema = z.object(
  {
    attribute_id: idField('product.attribute_invalid'),
    variation_id: idField('product.variation_invalid'),
    price: requiredField(
      formMoney('product.variation_price_invalid'),
      'product.variation_price_invalid',
    ),
  },
  { error: 'product.attribute_variations_invalid' },
);
export type ProductVariationLink = z.output<typeof productVariationLinkSchema>;

/**
 * POST /products and PUT /products/:id. Required on both: name, price, stock_quantity,
 * category_id. Other fields: absent (undefined) means "the default" on create and "keep the
 * current value" on update; blank means none (null).
 */
export const productFormSchema = z
  .object({
    name: requiredFormText(PRODUCT_NAME_MAX, 'product.name_required'),
    name_en: optionalFormText(PRODUCT_NAME_MAX).optional(),
    description: optionalFormText(PRODUCT_DESCRIPTION_MAX).optional(),
    description_en: optionalFormText(PRODUCT_DESCRIPTION_MAX).optional(),
    short_description: optionalFormText(PRODUCT_SHORT_DESCRIPTION_MAX).optional(),
    short_description_en: optionalFormText(PRODUCT_SHORT_DESCRIPTION_MAX).optional(),
    /** Decimal, ≥ 0, at most 3 decimals; parsed to thousandths (fils). */
    price: requiredField(formMoney('product.price_invalid'), 'product.price_required'),
    /** Blank: no sale price. At most the price. */
    sale_price: optionalMoney('product.sale_price_invalid').optional(),
    stock_quantity: requiredField(
      formInteger('product.stock_invalid', 0),
      'product.stock_required',
    ),
    category_id: requiredField(
      formInteger('validation.category_invalid', 1, 2_147_483_647),
      'product.category_required',
    ),
    /** Unique among products, compared without regard to letter case. */
    sku: optionalFormText(PRODUCT_SKU_MAX).optional(),
    /** 1/0 or true/false. */
    featured: formBoolean.optional(),
    /** Default on create: draft. */
    status: z.enum(PRODUCT_STATUSES, { error: 'validation.product_status_invalid' }).optional(),
    ...seoFormShape,
    /**
     * PUT: the images to keep, in display order (JSON); the others are removed. Absent: every
     * current image stays. Each is an id, a file name or an image record as GET /products/:id
     * answers it (keptImageSchema).
     */
    existingImages: formJson(
      z
        .array(keptImageSchema, { error: 'product.existing_images_invalid' })
        .max(MAX_PRODUCT_IMAGES * 2, 'product.existing_images_invalid'),
      'product.existing_images_invalid',
    ).optional(),
    /**
     * The final order of kept ("e:<id>") and new ("n:<index of the new file>") images (JSON).
     * Absent: kept images first, then the new ones in the order sent.
     */
    image_order: formJson(
      z
        .array(
          z
            .string({ error: 'product.image_order_invalid' })
            .regex(IMAGE_ORDER_ENTRY, 'product.image_order_invalid'),
          {
            error: 'product.image_order_invalid',
          },
        )
        .max(MAX_PRODUCT_IMAGES * 3, 'product.image_order_invalid'),
      'product.image_order_invalid',
    ).optional(),
    /** The variations offered, each once, with its surcharge (JSON); replaces the product's set. Absent: unchanged. */
    attribute_variations: formJson(
      z
        .array(productVariationLinkSchema, { error: 'product.attribute_variations_invalid' })
        .max(PRODUCT_VARIATIONS_MAX, 'product.attribute_variations_invalid'),
      'product.attribute_variations_invalid',
    ).optional(),
  })
  .superRefine((form, context) => {
    const sale = form.sale_price ?? null;
    if (sale !== null && sale > form.price) {
      context.addIssue({
        code: 'custom',
        path: ['sale_price'],
        message: 'product.sale_price_above_price',
      });
    }
  });
export type ProductForm = z.output<typeof productFormSchema>;

/** POST /products/:id/attributes: the product's variation links, replaced whole. */
export const productAttributesBodySchema = z.object(
  {
    attributes: z
      .array(
        z.object(
          {
            attribute_variation_id: idField('product.variation_invalid'),
            price: formMoney('product.variation_price_invalid').default(0),
            is_required: z.boolean({ error: 'validation.boolean_invalid' }).default(false),
            sort_order: z
              .number({ error: 'product.variation_sort_order_invalid' })
              .int('product.variation_sort_order_invalid')
              .min(0, 'product.variation_sort_order_invalid')
              .max(1_000_000, 'product.variation_sort_order_invalid')
              .default(0),
          },
          { error: 'product.attribute_variations_invalid' },
        ),
        { error: 'product.attribute_variations_invalid' },
      )
      .max(PRODUCT_VARIATIONS_MAX, 'product.attribute_variations_invalid'),
  },
  { error: 'product.attribute_variations_invalid' },
);
export type ProductAttributesBody = z.output<typeof productAttributesBodySchema>;

export const productImageParamsSchema = z.object({ id: idParam, imageId: idParam });

// ---------- responses ----------

/** A variation the product offers, as the edit form shows it. */
export const adminProductVariationSchema = z.object({
  attribute_id: z.number().int(),
  attribute_name: z.string(),
  variation_id: z.number().int(),
  variation_title: z.string(),
  /** The product's surcharge for this variation (decimal). */
  price: moneySchema,
  is_required: z.boolean(),
  sort_order: z.number().int(),
});
export type AdminProductVariation = z.infer<typeof adminProductVariationSchema>;

/** The product as the back office edits it: the public payload plus its variation links. */
export const adminProductSchema = productSchema.extend({
  attribute_variations: z.array(adminProductVariationSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductResponseSchema = successShape({ product: adminProductSchema });
export type AdminProductResponse = z.infer<typeof adminProductResponseSchema>;

export const productDeleteResponseSchema = successShape({ message: z.string() });
export type ProductDeleteResponse = z.infer<typeof productDeleteResponseSchema>;

/** DELETE /products/:id/images/:imageId: what is left of the product after it. */
export const productImageDeleteResponseSchema = successShape({
  message: z.string(),
  product: adminProductSchema,
});
export type ProductImageDeleteResponse = z.infer<typeof productImageDeleteResponseSchema>;

/** POST /products/:id/attributes answers with the attributes as GET shows them. */
export const productAttributesSaveResponseSchema = successShape({
  attributes: z.array(productAttributeSchema),
});
