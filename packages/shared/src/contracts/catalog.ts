import { z } from 'zod';
import {
  PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZE_MAX,
  SEARCH_MAX_LENGTH,
  FEATURED_LIST_MAX,
  RELATED_LIST_MAX,
  HOME_FEATURED_COUNT,
  RELATED_PRODUCTS_COUNT,
  signInMethods,
} from '../constants.js';
import { paymentMethods } from '../orders.js';
import { productSortFields, sortOrders } from '../sorting.js';
import {
  booleanQuery,
  idParam,
  limitQueryField,
  moneySchema,
  pageQueryFields,
  paginationSchema,
  plainText,
  successShape,
} from './common.js';
import { seoTextsShape } from './seo-fields.js';

// ---------- requests ----------

export { productSortFields, sortOrders, type ProductSortField, type SortOrder } from '../sorting.js';

const optionalText = (max: number, message: string) =>
  plainText()
    .max(max, message)
    .transform((value) => value.trim())
    .optional()
    .transform((value) => (value ? value : undefined));

export const productListQuerySchema = z.object({
  ...pageQueryFields({ defaultLimit: PRODUCT_PAGE_SIZE, maxLimit: PRODUCT_PAGE_SIZE_MAX }),
  category: optionalText(120, 'validation.category_invalid'),
  search: optionalText(SEARCH_MAX_LENGTH, 'validation.search_too_long'),
  sort: z.enum(productSortFields, { error: 'validation.sort_invalid' }).default('created_at'),
  order: z.enum(sortOrders, { error: 'validation.order_invalid' }).default('desc'),
  featured: booleanQuery.optional(),
  /**
   * Back office only (`catalog.read`): absent lists published products like the storefront,
   * empty lists every status, `draft` or `published` one status. Ignored for anyone else.
   */
  status: z.enum(['', 'published', 'draft'], { error: 'validation.product_status_invalid' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const featuredListQuerySchema = z.object({
  limit: limitQueryField({ defaultLimit: HOME_FEATURED_COUNT, maxLimit: FEATURED_LIST_MAX }),
});
export const relatedListQuerySchema = z.object({
  limit: limitQueryField({ defaultLimit: RELATED_PRODUCTS_COUNT, maxLimit: RELATED_LIST_MAX }),
});

export const categoryListQuerySchema = z.object({
  include_products: booleanQuery.optional(),
  /**
   * Back office only (`catalog.read`): every category, active or not, with staff counts. Ignored
   * for anyone else.
   */
  admin: booleanQuery.optional(),
});

export const productIdParamsSchema = z.object({ id: idParam });

export const categorySlugParamsSchema = z.object({
  slug: plainText().min(1, 'validation.category_invalid').max(120, 'validation.category_invalid'),
});

// ---------- responses ----------

export const productImageSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  url: z.string(),
  sort_order: z.number().int(),
  is_featured: z.boolean(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  price: moneySchema,
  sale_price: moneySchema.nullable(),
  /** The price a shopper pays before attribute surcharges: sale_price when set, else price. */
  current_price: moneySchema,
  stock_quantity: z.number().int(),
  /** English texts; null when the product has none (the English storefront shows the Arabic). */
  name_en: z.string().nullable(),
  short_description_en: z.string().nullable(),
  description_en: z.string().nullable(),
  manage_stock: z.boolean(),
  in_stock: z.boolean(),
  sku: z.string().nullable(),
  /** 1 means featured (a number, not a boolean, in the API). */
  featured: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(['published', 'draft']),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  category_name_en: z.string().nullable(),
  category_slug: z.string().nullable(),
  images: z.array(productImageSchema),
  /** URL path of the featured (first) image, or null. */
  featured_image: z.string().nullable(),
  /** URL paths of all images, featured first. */
  gallery: z.array(z.string()),
  /** The approved reviews' average with one decimal (4.5), null without any (docs/decisions/064). */
  review_average: z.number().nullable(),
  /** How many approved reviews the product has. */
  review_count: z.number().int(),
  ...seoTextsShape,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = successShape({
  products: z.array(productSchema),
  pagination: paginationSchema,
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productResponseSchema = successShape({ product: productSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

export const productsResponseSchema = successShape({ products: z.array(productSchema) });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const attributeVariationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The title in English; null: show the Arabic one. */
  title_en: z.string().nullable(),
  additional_price: moneySchema,
});
export type AttributeVariation = z.infer<typeof attributeVariationSchema>;

export const productAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name in English; null: show the Arabic one. */
  name_en: z.string().nullable(),
  variations: z.array(attributeVariationSchema),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

export const productAttributesResponseSchema = successShape({
  attributes: z.array(productAttributeSchema),
});
export type ProductAttributesResponse = z.infer<typeof productAttributesResponseSchema>;

export interface Category {
  id: number;
  name: string;
  name_en: string | null;
  slug: string;
  description: string | null;
  description_en: string | null;
  image: string | null;
  parent_id: number | null;
  sort_order: number | null;
  is_active: boolean;
  product_count: number;
  /** Staff listing only: direct subcategories, active or not. */
  children_count?: number;
  seo_title_ar: string | null;
  seo_title_en: string | null;
  seo_description_ar: string | null;
  seo_description_en: string | null;
  created_at: string;
  children?: Category[];
  products?: Product[];
}

const categoryFields = {
  id: z.number().int(),
  name: z.string(),
  /** English name; null when there is none (the English storefront shows the Arabic). */
  name_en: z.string().nullable(),
  slug: z.string(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  /** URL path of the category image, or null. */
  image: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  sort_order: z.number().int().nullable(),
  is_active: z.boolean(),
  /**
   * Storefront: published products in this category and its active descendants. Staff views
   * (`?admin=true`, a staff read of one category): products of every status directly in it.
   */
  product_count: z.number().int(),
  /** Staff views only: direct subcategories, active or not (what a delete would move up). */
  children_count: z.number().int().optional(),
  ...seoTextsShape,
  created_at: z.string(),
  products: z.array(productSchema).optional(),
};

export const flatCategorySchema = z.object(categoryFields);

export const categorySchema: z.ZodType<Category> = z.object({
  ...categoryFields,
  get children() {
    return z.array(categorySchema).optional();
  },
});

export const categoryListResponseSchema = successShape({
  categories: z.array(categorySchema),
  flat_categories: z.array(flatCategorySchema),
});
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

/** One active category with its nested active subcategories. */
export const categoryResponseSchema = successShape({ category: categorySchema });
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;

export const settingsSchema = z.object({
  store_name: z.string(),
  store_description: z.string().nullable(),
  /** English name and description; null when there is none (the English storefront shows the Arabic). */
  store_name_en: z.string().nullable(),
  store_description_en: z.string().nullable(),
  /** URL path of the logo, or null. */
  logo: z.string().nullable(),
  phone_number: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string(),
  /** The address in English; null when there is none (English pages show the Arabic one). */
  address_en: z.string().nullable(),
  currency_symbol: z.string(),
  currency: z.string(),
  facebook_url: z.string().nullable(),
  instagram_url: z.string().nullable(),
  /** The payment methods the checkout offers: 'upayments' only when online payment is configured. */
  payment_methods: z.array(z.enum(paymentMethods)),
  /** How shoppers can sign in: 'password', plus 'google' only when Google sign-in is configured. */
  sign_in_methods: z.array(z.enum(signInMethods)),
  /**
   * Orders whose goods (the subtotal after the discount) reach this amount (KWD) pay no delivery;
   * null: no free delivery (issue 33).
   */
  free_shipping_threshold: moneySchema.nullable(),
  /** What gift wrapping adds to an order (KWD); null: the shop does not offer wrapping (issue 33). */
  gift_wrap_fee: moneySchema.nullable(),
});
export type StoreSettings = z.infer<typeof settingsSchema>;

export const settingsResponseSchema = successShape({ settings: settingsSchema });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const slideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** English title and description; null when there is none (the English storefront shows the Arabic). */
  title_en: z.string().nullable(),
  description_en: z.string().nullable(),
  image: z.string(),
  link_url: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
});
export type Slide = z.infer<typeof slideSchema>;

export const slideListResponseSchema = successShape({ slides: z.array(slideSchema) });
export type SlideListResponse = z.infer<typeof slideListResponseSchema>;
