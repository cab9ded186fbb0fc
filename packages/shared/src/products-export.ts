/**
 * The products export's file (issue 32, item 1; docs/decisions/053): the columns a spreadsheet
 * shows and the import of item 2 reads back, in this order. Their names are the file's contract,
 * not words for a reader, so they are the same in both languages.
 */
export const PRODUCT_EXPORT_COLUMNS = [
  'id',
  'sku',
  'name_ar',
  'name_en',
  'short_description_ar',
  'short_description_en',
  'description_ar',
  'description_en',
  'price',
  'sale_price',
  'stock_quantity',
  'status',
  'featured',
  'category_slug',
  'seo_title_ar',
  'seo_title_en',
  'seo_description_ar',
  'seo_description_en',
  'image_urls',
] as const;
export type ProductExportColumn = (typeof PRODUCT_EXPORT_COLUMNS)[number];

/**
 * Between the absolute URLs of a product's images, in display order. An image URL never holds it
 * (uploadUrl encodes the file name), and a spreadsheet shows it plainly.
 */
export const PRODUCT_EXPORT_IMAGE_SEPARATOR = '|';

/** The featured cell: the words an import reads back. */
export const PRODUCT_EXPORT_FEATURED = { yes: 'true', no: 'false' } as const;

/** The file's name on a Kuwait day (YYYY-MM-DD): products-2026-12-02.csv. */
export const productsExportFileName = (kuwaitDay: string) => `products-${kuwaitDay}.csv`;

// ---------- the import (issue 32, item 2; docs/decisions/056) ----------

/** The multipart field that carries the file of POST /api/admin/products/import. */
export const PRODUCT_IMPORT_FILE_FIELD = 'file';
/** Largest file the import reads, in bytes: 10 MB, twice a 10,000-product export. */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most product rows one file may hold (the header row aside). */
export const PRODUCT_IMPORT_MAX_ROWS = 10_000;
/**
 * A cell holding only this clears an optional value (sale price, SKU, English name, SEO texts,
 * images…): a blank cell keeps the value, since the export writes a blank cell for "none". A text
 * that really is "-" is exported as "'-" (the formula guard) and reads back as "-".
 */
export const PRODUCT_IMPORT_CLEAR_MARKER = '-';
/** What a row of the file does to the catalogue. */
export const PRODUCT_IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type ProductImportAction = (typeof PRODUCT_IMPORT_ACTIONS)[number];
/** The spreadsheet's number of a file's n-th product (0-based): the header is row 1. */
export const importRowNumber = (index: number) => index + 2;
