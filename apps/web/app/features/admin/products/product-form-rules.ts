import {
  FORM_MONEY_MAX,
  MAX_PRODUCT_IMAGES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SHORT_DESCRIPTION_MAX,
  PRODUCT_SKU_MAX,
  fromThousandths,
  latinDigits,
  toThousandths,
  type SeoTexts,
  type Thousandths,
} from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';
import { emptySeoForm, seoFormFrom, seoFormProblems, setSeoFields, type SeoForm } from '../ui/seo-rules';

/**
 * The rules of the product form: what it starts from, what is
 * checked before sending, the order of its images and the multipart body POST /api/products and
 * PUT /api/products/:id take. The server checks everything again.
 */

export type ProductStatus = 'published' | 'draft';
export const PRODUCT_STATUSES: readonly ProductStatus[] = ['published', 'draft'];

/** What the form needs of a stored product (GET /api/products/:id). */
export interface ProductValues extends Partial<SeoTexts> {
  name: string;
  name_en?: string | null;
  short_description: string | null;
  short_description_en?: string | null;
  description: string | null;
  description_en?: string | null;
  price: number;
  sale_price: number | null;
  stock_quantity: number;
  category_id: number | null;
  sku: string | null;
  featured: 0 | 1 | boolean;
  status: ProductStatus;
}

/** The typed values, as strings where the admin types them. */
export interface ProductForm extends SeoForm {
  name: string;
  name_en: string;
  short_description: string;
  short_description_en: string;
  description: string;
  description_en: string;
  price: string;
  sale_price: string;
  stock_quantity: string;
  category_id: string;
  sku: string;
  featured: boolean;
  status: ProductStatus;
}

/**
 * The form's fields in screen order (the focus goes to the first invalid one). `images` and
 * `attribute_variations` are the two lists; the server may name them in its details too.
 */
export const productFields = [
  'name',
  'name_en',
  'short_description',
  'short_description_en',
  'description',
  'description_en',
  'images',
  'attribute_variations',
  'seo_title_ar',
  'seo_description_ar',
  'seo_title_en',
  'seo_description_en',
  'status',
  'category_id',
  'featured',
  'price',
  'sale_price',
  'stock_quantity',
  'sku',
] as const;
export type ProductField = (typeof productFields)[number];

/** Largest stock the form accepts (the server takes any whole number from 0). */
export const PRODUCT_STOCK_MAX = 1_000_000;

/** A new product: nothing typed yet, published unless the admin chooses draft. */
export function emptyProductForm(): ProductForm {
  return {
    name: '',
    name_en: '',
    short_description: '',
    short_description_en: '',
    description: '',
    description_en: '',
    price: '',
    sale_price: '',
    stock_quantity: '',
    category_id: '',
    sku: '',
    featured: false,
    status: 'published',
    ...emptySeoForm(),
  };
}

/** A decimal amount as the form shows it: "12.5" for 12.5, "12" for 12. */
export function amountText(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return String(fromThousandths(toThousandths(amount)));
}

/** The form of a stored product. */
export function productFormFrom(product: ProductValues): ProductForm {
  return {
    name: product.name,
    name_en: product.name_en ?? '',
    short_description: product.short_description ?? '',
    short_description_en: product.short_description_en ?? '',
    description: product.description ?? '',
    description_en: product.description_en ?? '',
    price: amountText(product.price),
    sale_price: amountText(product.sale_price),
    stock_quantity: String(product.stock_quantity),
    category_id: product.category_id === null ? '' : String(product.category_id),
    sku: product.sku ?? '',
    featured: product.featured === 1 || product.featured === true,
    status: product.status === 'draft' ? 'draft' : 'published',
    ...seoFormFrom(product),
  };
}

/** Arabic-Indic digits and the Arabic decimal separator as the ASCII ones ("١٢٫٥" -> "12.5"). */
function latinNumber(text: string): string {
  return latinDigits(text).replace(/\u066B/g, '.');
}

/**
 * An amount as typed: a decimal ≥ 0 with at most 3 decimals ("12", "12.5", "12.125", ".5"),
 * in thousandths; null when it is not one or is above the largest price.
 */
export function parseAmount(value: string): Thousandths | null {
  let text = latinNumber(value.trim());
  if (text.startsWith('.')) text = `0${text}`;
  if (!/^\d{1,10}(\.\d{1,3})?$/.test(text)) return null;
  const amount = toThousandths(text);
  return amount > FORM_MONEY_MAX ? null : amount;
}

/** A stock quantity as typed: a whole number from 0. */
export function parseStock(value: string): number | null {
  const text = latinNumber(value.trim());
  if (!/^\d{1,7}$/.test(text)) return null;
  const stock = Number(text);
  return stock > PRODUCT_STOCK_MAX ? null : stock;
}

/**
 * The checks before sending: name, price, category and stock required; price
 * and sale price decimals ≥ 0 with at most 3 decimals; the sale price not above the price; at
 * most MAX_PRODUCT_IMAGES images.
 */
export function productFormProblems(
  form: ProductForm,
  options: { imageCount: number },
): Partial<Record<ProductField, MessageKey>> {
  const problems: Partial<Record<ProductField, MessageKey>> = { ...seoFormProblems(form) };
  const tooLong = (value: string, max: number) => [...value.trim()].length > max;

  if (!form.name.trim()) problems.name = 'admin-products.validation.name_required';
  else if (tooLong(form.name, PRODUCT_NAME_MAX)) problems.name = 'admin-products.validation.too_long';
  if (tooLong(form.name_en, PRODUCT_NAME_MAX)) problems.name_en = 'admin-products.validation.too_long';
  if (tooLong(form.short_description, PRODUCT_SHORT_DESCRIPTION_MAX)) problems.short_description = 'admin-products.validation.too_long';
  if (tooLong(form.short_description_en, PRODUCT_SHORT_DESCRIPTION_MAX)) problems.short_description_en = 'admin-products.validation.too_long';
  if (tooLong(form.description, PRODUCT_DESCRIPTION_MAX)) problems.description = 'admin-products.validation.too_long';
  if (tooLong(form.description_en, PRODUCT_DESCRIPTION_MAX)) problems.description_en = 'admin-products.validation.too_long';

  if (options.imageCount > MAX_PRODUCT_IMAGES) problems.images = 'admin-products.validation.too_many_images';

  if (!form.category_id) problems.category_id = 'admin-products.validation.category_required';

  const price = form.price.trim() ? parseAmount(form.price) : null;
  if (!form.price.trim()) problems.price = 'admin-products.validation.price_required';
  else if (price === null) problems.price = 'admin-products.validation.price_invalid';

  if (form.sale_price.trim()) {
    const sale = parseAmount(form.sale_price);
    if (sale === null) problems.sale_price = 'admin-products.validation.price_invalid';
    else if (price !== null && sale > price) problems.sale_price = 'admin-products.validation.sale_above_price';
  }

  if (!form.stock_quantity.trim()) problems.stock_quantity = 'admin-products.validation.stock_required';
  else if (parseStock(form.stock_quantity) === null) problems.stock_quantity = 'admin-products.validation.stock_invalid';

  if (tooLong(form.sku, PRODUCT_SKU_MAX)) problems.sku = 'admin-products.validation.too_long';
  return problems;
}

// ---------- images ----------

/** One picture of the product as the form lists it: a stored one, or a file chosen now. */
export type ImageItem =
  | { kind: 'existing'; key: string; id: number; url: string }
  | { kind: 'new'; key: string; file: File };

/** The stored images as the form lists them, in their stored order. */
export function existingImageItems(
  images: readonly { id: number; url: string; sort_order: number }[],
): ImageItem[] {
  return [...images]
    .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
    .map((image) => ({ kind: 'existing' as const, key: `e:${image.id}`, id: image.id, url: image.url }));
}

/** The list with the image at `index` moved one place earlier (-1) or later (+1); unchanged at an end. */
export function moveImage<Item>(items: readonly Item[], index: number, delta: -1 | 1): Item[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as Item);
  return next;
}

/** The list with the image at `from` moved to position `to` (drag and drop). */
export function moveImageTo<Item>(items: readonly Item[], from: number, to: number): Item[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Item);
  return next;
}

/** The files to upload, in the order they appear in the list (the `images` fields, in this order). */
export function newImageFiles(items: readonly ImageItem[]): File[] {
  return items.flatMap((item) => (item.kind === 'new' ? [item.file] : []));
}

/** The ids of the stored images the product keeps, in the list's order (`existingImages`). */
export function keptImageIds(items: readonly ImageItem[]): number[] {
  return items.flatMap((item) => (item.kind === 'existing' ? [item.id] : []));
}

/**
 * The final order of every image (`image_order`): "e:<imageId>" for a stored image and
 * "n:<index>" for the index-th new file among the `images` fields. The first is the featured one.
 */
export function imageOrderTokens(items: readonly ImageItem[]): string[] {
  let fileIndex = 0;
  return items.map((item) => (item.kind === 'existing' ? `e:${item.id}` : `n:${fileIndex++}`));
}

/** The shape of the list, to tell whether it changed: stored ids and new files in order. */
function imageSignature(items: readonly ImageItem[]): string {
  return items.map((item) => item.key).join(',');
}

/**
 * The form field a server detail is about: the image fields (`images`, `existingImages`,
 * `image_order`) are the images list, `attribute_variations.2.price` the variation list.
 */
export function productDetailField(field: string): ProductField | null {
  const head = field.split(/[.[]/)[0] ?? field;
  if (head === 'existingImages' || head === 'image_order' || head === 'images') return 'images';
  if (head === 'attribute_variations') return 'attribute_variations';
  return (productFields as readonly string[]).includes(head) ? (head as ProductField) : null;
}

// ---------- variation prices ----------

/** One value the product offers with its surcharge for this product (`attribute_variations`). */
export interface VariationRow {
  attribute_id: number;
  attribute_name: string;
  variation_id: number;
  variation_title: string;
  /** The surcharge in thousandths. */
  price: Thousandths;
}

/** The row being put together: attribute, then value, then price (as typed). */
export interface VariationDraft {
  attribute_id: string;
  variation_id: string;
  price: string;
}

export const emptyVariationDraft: VariationDraft = { attribute_id: '', variation_id: '', price: '' };

export type VariationDraftField = 'attribute_id' | 'variation_id' | 'price';

/** The rows of a stored product from GET /api/products/:id/attributes. */
export function variationRowsFrom(
  attributes: readonly { id: number; name: string; variations: readonly { id: number; title: string; additional_price: number }[] }[],
): VariationRow[] {
  return attributes.flatMap((attribute) =>
    attribute.variations.map((variation) => ({
      attribute_id: attribute.id,
      attribute_name: attribute.name,
      variation_id: variation.id,
      variation_title: variation.title,
      price: toThousandths(variation.additional_price),
    })),
  );
}

/** Adding a variation needs the attribute, the value and the price all set. */
export function variationDraftProblems(draft: VariationDraft): Partial<Record<VariationDraftField, MessageKey>> {
  const problems: Partial<Record<VariationDraftField, MessageKey>> = {};
  if (!draft.attribute_id) problems.attribute_id = 'admin-products.validation.attribute_required';
  if (!draft.variation_id) problems.variation_id = 'admin-products.validation.variation_required';
  if (!draft.price.trim()) problems.price = 'admin-products.validation.variation_price_required';
  else if (parseAmount(draft.price) === null) problems.price = 'admin-products.validation.price_invalid';
  return problems;
}

/**
 * The rows with `row` added; a value already listed gets the new price in its place (a value is
 * offered once per product).
 */
export function withVariationRow(rows: readonly VariationRow[], row: VariationRow): VariationRow[] {
  const index = rows.findIndex((existing) => existing.variation_id === row.variation_id);
  if (index === -1) return [...rows, row];
  return rows.map((existing, position) => (position === index ? row : existing));
}

/** `attribute_variations`: [{attribute_id, variation_id, price}] with the price in decimals. */
export function attributeVariationsPayload(rows: readonly VariationRow[]) {
  return rows.map((row) => ({
    attribute_id: row.attribute_id,
    variation_id: row.variation_id,
    price: fromThousandths(row.price),
  }));
}

// ---------- the whole form ----------

/** A text as sent: trimmed. */
const trimmed = (value: string) => value.trim();

/** A typed amount as sent: its normalised decimal ("١٢٫٥٠" -> "12.5"), or as typed when unreadable. */
function amountField(value: string): string {
  if (!value.trim()) return '';
  const amount = parseAmount(value);
  return amount === null ? value.trim() : String(fromThousandths(amount));
}

/**
 * The multipart body of POST /api/products (create) and PUT /api/products/:id (edit): every
 * text trimmed (an empty optional text clears it), amounts as decimals, featured 1 or 0, the new
 * files as repeated `images` fields in list order, the kept stored images (`existingImages`,
 * edit only), the final order of all images (`image_order`) and the variation prices.
 */
export function productFormData(
  form: ProductForm,
  images: readonly ImageItem[],
  rows: readonly VariationRow[],
  mode: 'create' | 'edit',
): FormData {
  const body = new FormData();
  body.set('name', trimmed(form.name));
  body.set('name_en', trimmed(form.name_en));
  body.set('short_description', trimmed(form.short_description));
  body.set('short_description_en', trimmed(form.short_description_en));
  body.set('description', trimmed(form.description));
  body.set('description_en', trimmed(form.description_en));
  body.set('price', amountField(form.price));
  body.set('sale_price', amountField(form.sale_price));
  const stock = parseStock(form.stock_quantity);
  body.set('stock_quantity', stock === null ? form.stock_quantity.trim() : String(stock));
  body.set('category_id', form.category_id);
  body.set('sku', trimmed(form.sku));
  body.set('featured', form.featured ? '1' : '0');
  body.set('status', form.status);
  setSeoFields(body, form);
  for (const file of newImageFiles(images)) body.append('images', file, file.name);
  if (mode === 'edit') body.set('existingImages', JSON.stringify(keptImageIds(images)));
  body.set('image_order', JSON.stringify(imageOrderTokens(images)));
  body.set('attribute_variations', JSON.stringify(attributeVariationsPayload(rows)));
  return body;
}

/** Everything the form edits, to tell whether anything changed since it opened. */
export interface ProductFormSnapshot {
  form: ProductForm;
  images: readonly ImageItem[];
  rows: readonly VariationRow[];
}

function rowsSignature(rows: readonly VariationRow[]): string {
  return rows.map((row) => `${row.attribute_id}:${row.variation_id}:${row.price}`).join(',');
}

/** Whether anything differs from where the form started (texts compared trimmed). */
export function isProductFormDirty(current: ProductFormSnapshot, initial: ProductFormSnapshot): boolean {
  if (imageSignature(current.images) !== imageSignature(initial.images)) return true;
  if (rowsSignature(current.rows) !== rowsSignature(initial.rows)) return true;
  return (Object.keys(initial.form) as (keyof ProductForm)[]).some((key) => {
    const before = initial.form[key];
    const after = current.form[key];
    return typeof before === 'string' && typeof after === 'string' ? before.trim() !== after.trim() : before !== after;
  });
}

// ---------- categories ----------

export interface CategoryOption {
  id: number;
  /** The name to show, indented by its depth in the tree. */
  label: string;
  depth: number;
  is_active: boolean;
}

/**
 * The categories as select options: each parent followed by its children (by sort order, then
 * name), children indented. A category whose parent is missing is shown at the top level.
 */
export function categoryOptions<Category extends { id: number; parent_id: number | null; sort_order?: number | null; is_active?: boolean }>(
  categories: readonly Category[],
  nameOf: (category: Category) => string,
): CategoryOption[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<number | null, Category[]>();
  for (const category of categories) {
    const parent = category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const order = (a: Category, b: Category) =>
    (a.sort_order ?? Number.MAX_SAFE_INTEGER) - (b.sort_order ?? Number.MAX_SAFE_INTEGER) || nameOf(a).localeCompare(nameOf(b), 'ar') || a.id - b.id;
  const options: CategoryOption[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const category of [...(children.get(parent) ?? [])].sort(order)) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      options.push({
        id: category.id,
        label: `${'\u00A0\u00A0\u00A0'.repeat(depth)}${depth > 0 ? '↳ ' : ''}${nameOf(category)}`,
        depth,
        is_active: category.is_active ?? true,
      });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  // A cycle in parent links leaves some unvisited: list them at the top level rather than lose them.
  for (const category of [...categories].sort(order)) {
    if (!seen.has(category.id)) {
      seen.add(category.id);
      options.push({ id: category.id, label: nameOf(category), depth: 0, is_active: category.is_active ?? true });
    }
  }
  return options;
}

// ---------- the list ----------

export const ADMIN_PRODUCT_SORTS = ['id', 'name', 'created_at', 'price'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** The sort of the list from the URL: a known one, else the default (id). */
export function productSortFrom(value: string): AdminProductSort {
  return (ADMIN_PRODUCT_SORTS as readonly string[]).includes(value) ? (value as AdminProductSort) : 'id';
}

/** The direction of the list from the URL: asc, else the default (desc). */
export function productOrderFrom(value: string): 'asc' | 'desc' {
  return value === 'asc' ? 'asc' : 'desc';
}

