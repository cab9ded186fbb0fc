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
