import { asc, inArray, sql } from 'drizzle-orm';
import {
  apiMessage,
  importRowNumber,
  PRODUCT_EXPORT_COLUMNS,
  PRODUCT_IMPORT_FILE_FIELD,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  uploadUrl,
  type ApiMessageKey,
  type Language,
  type ProductExportColumn,
  type ProductImportAction,
  type ProductImportRefused,
  type ProductImportResponse,
  type ProductImportRow,
  type ProductStatus,
} from '@shop/shared';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { categories, productImages, productImports, products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { ActivityRecorded, DomainEvent, DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import type { CsvUpload, CsvUploadLimits } from '../../lib/csv-upload.js';
import type { FileStorage } from '../../lib/file-storage/index.js';
import { removeImage } from '../media/index.js';
import { writeGallery, type GallerySlot, type ImageRow } from './product-gallery.js';
import {
  CELL_RULES,
  idRule,
  type CellReading,
  type ImportedColumn,
} from './product-import-cells.js';
import {
  AUDITED_PRODUCT_COLUMNS,
  auditFields,
  lockSku,
  stockSetEvent,
  type AuditedProduct,
} from './product-writes.js';
import { productCells, type ProductCellsSource } from './products-export.js';

/**
 * The products import (issue 32, item 2; docs/decisions/056): a CSV file in the export's columns,
 * each row matched to a product by id, else by SKU (any letter case), else a new product; every
 * cell checked by the product form's rules (product-import-cells.ts). A dry run tells what each row
 * would do; applying is all or nothing, in one transaction that plans the file again against the
 * locked products and refuses it whole (422) if any row has an error.
 */

/** The upload's limits and refusals (lib/csv-upload.ts reads the file with them). */
export const PRODUCT_IMPORT_UPLOAD: CsvUploadLimits = {
  field: PRODUCT_IMPORT_FILE_FIELD,
  maxBytes: PRODUCT_IMPORT_MAX_BYTES,
  maxRecords: PRODUCT_IMPORT_MAX_ROWS,
  messages: {
    required: 'product_import.file_required',
    oneFile: 'product_import.one_file',
    tooLarge: 'product_import.file_too_large',
    tooManyRecords: 'product_import.too_many_rows',
    empty: 'product_import.empty',
    notText: 'product_import.not_csv',
    invalid: 'product_import.csv_invalid',
  },
};

/** Arbitrary namespace of the transaction lock that lets one import apply at a time. */
const IMPORT_LOCK_NAMESPACE = 7_310_443;
/** Rows read or locked per statement. */
const CHUNK = 1000;

export interface ProductImportDeps {
  events: DomainEvents;
  /** Where the product pictures are stored (an image dropped by the file is deleted after the commit). */
  files: FileStorage;
  onFileCleanupError?: (error: unknown, filename: string) => void;
  /** The shop's public base URL: the file's image URLs are absolute on it. */
  publicUrl: string;
}

interface RowError {
  column: ProductExportColumn | null;
  message: ApiMessageKey;
  params?: Record<string, string | number>;
}

/** One product row of the file: its cells by column, as written. */
interface FileRow {
  row: number;
  cells: Partial<Record<ProductExportColumn, string>>;
  errors: RowError[];
}

/** A product as the import reads and writes it: the file's view of it and its category's id. */
interface ProductState extends ProductCellsSource {
  category_id: number | null;
  status: ProductStatus;
}

interface PlannedRow {
  row: number;
  action: ProductImportAction;
  productId: number | null;
  changes: ProductImportRow['changes'];
  errors: RowError[];
  next: ProductState;
  imagesChanged: boolean;
}

interface Plan {
  rows: PlannedRow[];
  /** The locked products, by id (apply), or as read (dry run). */
  before: Map<number, { row: ImportedProduct; images: ImageRow[] }>;
}

/** A product as the import reads it: its id and audited columns (not the search's generated ones). */
type ImportedProduct = AuditedProduct & { id: number };
type AuditedColumn = (typeof AUDITED_PRODUCT_COLUMNS)[number];

/** Each audited column's SQL type, for the rows of a multi-row update's values list. */
const COLUMN_TYPES: Record<AuditedColumn, string> = {
  name: 'text',
  name_en: 'text',
  description: 'text',
  description_en: 'text',
  short_description: 'text',
  short_description_en: 'text',
  price: 'integer',
  sale_price: 'integer',
  stock_quantity: 'integer',
  category_id: 'integer',
  sku: 'text',
  featured: 'boolean',
  status: 'product_status',
  seo_title_ar: 'text',
  seo_title_en: 'text',
  seo_description_ar: 'text',
  seo_description_en: 'text',
};

/** The columns the import reads and an update answers. */
const importedColumns = {
  id: products.id,
  ...Object.fromEntries(AUDITED_PRODUCT_COLUMNS.map((column) => [column, products[column]])),
} as { id: typeof products.id } & { [C in (typeof AUDITED_PRODUCT_COLUMNS)[number]]: (typeof products)[C] };

const columnSet = new Set<string>(PRODUCT_EXPORT_COLUMNS);
const isColumn = (name: string): name is ProductExportColumn => columnSet.has(name);

/** The file's rows by column; a header naming unknown or repeated columns refuses the file. */
function fileRows(upload: CsvUpload): FileRow[] {
  const header = upload.header.map((cell) => cell.trim().toLowerCase());
  const unknown = header.filter((name) => !isColumn(name));
  if (unknown.length > 0) {
    const params = { columns: unknown.map((name) => name || '""').join(', ') };
    throw new AppError(
      'VALIDATION_ERROR',
      'product_import.unknown_columns',
      [{ field: 'file', message: 'product_import.unknown_columns', params }],
      params,
    );
  }
  const repeated = header.find((name, index) => header.indexOf(name) !== index);
  if (repeated !== undefined) {
    const params = { column: repeated };
    throw new AppError(
      'VALIDATION_ERROR',
      'product_import.repeated_column',
      [{ field: 'file', message: 'product_import.repeated_column', params }],
      params,
    );
  }
  const columns = header as ProductExportColumn[];
  const rows: FileRow[] = [];
  upload.records.forEach((record, index) => {
    // A spreadsheet's empty row (often left at the end) is no product; it still has its number.
    if (record.every((cell) => cell.trim() === '')) return;
    const cells: FileRow['cells'] = {};
    columns.forEach((column, position) => {
      cells[column] = record[position] ?? '';
    });
    const errors: RowError[] =
      record.length === columns.length
        ? []
        : [
            {
              column: null,
              message: 'product_import.cell_count',
              params: { count: record.length, expected: columns.length },
            },
          ];
    rows.push({ row: importRowNumber(index), cells, errors });
  });
  if (rows.length === 0) {
    throw new AppError('VALIDATION_ERROR', 'product_import.no_rows', [
      { field: 'file', message: 'product_import.no_rows' },
    ]);
  }
  return rows;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** A new product before its cells: the form's defaults (draft, not featured, no images). */
function newProduct(): ProductState {
  return {
    id: 0,
    sku: null,
    name: '',
    name_en: null,
    short_description: null,
    short_description_en: null,
    description: null,
    description_en: null,
    price: 0,
    sale_price: null,
    stock_quantity: 0,
    status: 'draft',
    featured: false,
    category_id: null,
    category_slug: null,
    seo_title_ar: null,
    seo_title_en: null,
    seo_description_ar: null,
    seo_description_en: null,
    images: [],
  };
}

/** The nullable text columns: the file's column and the product's field. */
const OPTIONAL_TEXTS = {
  sku: 'sku',
  name_en: 'name_en',
  short_description_ar: 'short_description',
  short_description_en: 'short_description_en',
  description_ar: 'description',
  description_en: 'description_en',
  seo_title_ar: 'seo_title_ar',
  seo_title_en: 'seo_title_en',
  seo_description_ar: 'seo_description_ar',
  seo_description_en: 'seo_description_en',
} as const satisfies Partial<Record<ImportedColumn, keyof ProductState>>;

/** What a new product's row must give (the product form's required fields). */
const REQUIRED_ON_CREATE: ReadonlyArray<[ImportedColumn, ApiMessageKey]> = [
  ['name_ar', 'product.name_required'],
  ['price', 'product.price_required'],
  ['stock_quantity', 'product.stock_required'],
  ['category_slug', 'product.category_required'],
];

export function createProductImport(db: Database, deps: ProductImportDeps) {
  const { events } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const imagePrefix = `${publicUrl}${uploadUrl('products', '')}`;

  /** The file name of one of the shop's product image URLs; undefined for any other URL. */
  function imageFilename(url: string): string | undefined {
    if (!url.startsWith(imagePrefix)) return undefined;
    let filename: string;
    try {
      filename = decodeURIComponent(url.slice(imagePrefix.length));
    } catch {
      return undefined;
    }
    return filename === '' || /[/\\]/.test(filename) ? undefined : filename;
  }

  async function loadProducts(
    executor: Executor,
    ids: readonly number[],
    lock: boolean,
  ): Promise<Plan['before']> {
    const found: Plan['before'] = new Map();
    // Locked in id order, as every writer of several products does, so two never wait on each other.
    for (const chunk of chunks([...ids].sort((a, b) => a - b))) {
      const query = executor
        .select(importedColumns)
        .from(products)
        .where(inArray(products.id, chunk))
        .orderBy(asc(products.id));
      const rows = lock ? await query.for('update') : await query;
      for (const row of rows) found.set(row.id, { row, images: [] });
      const images = await executor
        .select({
          id: productImages.id,
          product_id: productImages.product_id,
          filename: productImages.filename,
          sort_order: productImages.sort_order,
        })
        .from(productImages)
        .where(inArray(productImages.product_id, chunk))
        .orderBy(asc(productImages.product_id), asc(productImages.sort_order), asc(productImages.id));
      for (const image of images) found.get(image.product_id)?.images.push(image);
    }
    return found;
  }

  /** The products holding these SKUs (any letter case), by the lower-cased SKU. */
  async function skuOwners(executor: Executor, skus: readonly string[]): Promise<Map<string, number>> {
    const owners = new Map<string, number>();
    for (const chunk of chunks([...new Set(skus.map((sku) => sku.toLowerCase()))])) {
      const rows = await executor
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(sql`lower(${products.sku}) in (${sql.join(chunk.map((sku) => sql`${sku}`), sql`, `)})`);
      for (const row of rows) if (row.sku !== null) owners.set(row.sku.toLowerCase(), row.id);
    }
    return owners;
  }

  /** Every row's outcome against the catalogue as `executor` sees it (locked when `lock`). */
  async function plan(executor: Executor, rows: readonly FileRow[], lock: boolean): Promise<Plan> {
    const ids = rows.map((row) => idRule(row.cells.id ?? ''));
    const skuReadings = rows.map((row) => CELL_RULES.sku(row.cells.sku ?? ''));
    const fileSkus = skuReadings.flatMap((reading) =>
      reading.kind === 'set' && reading.value !== null ? [reading.value] : [],
    );
    const owners = await skuOwners(executor, fileSkus);
    const targets = rows.map((_row, index): number | null => {
      const id = ids[index]!;
      if (id.kind === 'set') return id.value;
      const sku = skuReadings[index]!;
      return sku.kind === 'set' && sku.value !== null ? (owners.get(sku.value.toLowerCase()) ?? null) : null;
    });
    const before = await loadProducts(
      executor,
      [...new Set(targets.filter((id): id is number => id !== null))],
      lock,
    );
    const categoryRows = await executor.select({ id: categories.id, slug: categories.slug }).from(categories);
    const categoryBySlug = new Map(categoryRows.map((category) => [category.slug.toLowerCase(), category]));
    const slugOf = new Map(categoryRows.map((category) => [category.id, category.slug]));

    const rowOfProduct = new Map<number, number>();
    const rowOfSku = new Map<string, number>();
    const planned = rows.map((fileRow, index): PlannedRow => {
      const errors = [...fileRow.errors];
      const id = ids[index]!;
      if (id.kind === 'error') errors.push({ column: 'id', message: id.message });
      let productId: number | null = targets[index]!;
      const existing = productId === null ? undefined : before.get(productId);
      if (productId !== null && !existing) {
        errors.push({ column: 'id', message: 'product_import.id_not_found' });
        productId = null;
      }
      if (productId !== null) {
        const earlier = rowOfProduct.get(productId);
        if (earlier !== undefined) {
          errors.push({
            column: id.kind === 'set' ? 'id' : 'sku',
            message: 'product_import.same_product',
            params: { row: earlier },
          });
        } else rowOfProduct.set(productId, fileRow.row);
      }
      const current: ProductState | null = existing
        ? {
            ...existing.row,
            category_slug:
              existing.row.category_id === null ? null : (slugOf.get(existing.row.category_id) ?? null),
            images: existing.images.map((image) => image.filename),
          }
        : null;
      const next: ProductState = current ? { ...current } : newProduct();
      const creating = current === null && id.kind === 'keep';

      for (const column of Object.keys(CELL_RULES) as ImportedColumn[]) {
        const raw = fileRow.cells[column];
        if (raw === undefined) continue;
        const reading = CELL_RULES[column](raw) as CellReading<unknown>;
        if (reading.kind === 'keep') continue;
        if (reading.kind === 'error') {
          errors.push({ column, message: reading.message, params: reading.params });
          continue;
        }
        const value = reading.kind === 'set' ? reading.value : null;
        const cellError = applyCell(next, column, value, current);
        if (cellError) errors.push({ column, ...cellError });
      }

      if (creating) {
        for (const [column, message] of REQUIRED_ON_CREATE) {
          const reading = CELL_RULES[column](fileRow.cells[column] ?? '');
          if (reading.kind === 'keep') errors.push({ column, message });
        }
      }
      if (next.sale_price !== null && next.sale_price > next.price) {
        errors.push({
          column: fileRow.cells.sale_price?.trim() ? 'sale_price' : 'price',
          message: 'product.sale_price_above_price',
        });
      }
      if (next.sku !== null && next.sku !== current?.sku) {
        const key = next.sku.toLowerCase();
        const earlier = rowOfSku.get(key);
        const owner = owners.get(key);
        if (earlier !== undefined) {
          errors.push({ column: 'sku', message: 'product_import.sku_repeated', params: { row: earlier } });
        } else if (owner !== undefined && owner !== productId) {
          errors.push({ column: 'sku', message: 'product.sku_taken' });
        }
      }
      if (next.sku !== null) rowOfSku.set(next.sku.toLowerCase(), rowOfSku.get(next.sku.toLowerCase()) ?? fileRow.row);

      const changes: PlannedRow['changes'] = {};
      const after = productCells(next, publicUrl);
      const was = current ? productCells(current, publicUrl) : null;
      for (const column of PRODUCT_EXPORT_COLUMNS) {
        if (column === 'id') continue;
        if (was === null ? after[column] !== '' : after[column] !== was[column]) {
          changes[column] = { from: was === null ? null : was[column], to: after[column] };
        }
      }
      // A row naming an id that is not there meant an update (it is refused).
      const action: ProductImportAction =
        current === null
          ? id.kind === 'keep'
            ? 'create'
            : 'update'
          : Object.keys(changes).length > 0
            ? 'update'
            : 'unchanged';
      return {
        row: fileRow.row,
        action,
        productId,
        changes,
        errors,
        next,
        imagesChanged: 'image_urls' in changes,
      };

      /** Sets one cell's value on the product; a refusal that needs the catalogue. */
      function applyCell(
        product: ProductState,
        column: ImportedColumn,
        value: unknown,
        was: ProductState | null,
      ): Omit<RowError, 'column'> | undefined {
        switch (column) {
          case 'name_ar':
            product.name = value as string;
            return undefined;
          case 'price':
            product.price = value as number;
            return undefined;
          case 'sale_price':
            product.sale_price = value as number | null;
            return undefined;
          case 'stock_quantity':
            product.stock_quantity = value as number;
            return undefined;
          case 'status':
            product.status = value as ProductStatus;
            return undefined;
          case 'featured':
            product.featured = value as boolean;
            return undefined;
          case 'category_slug': {
            const category = categoryBySlug.get((value as string).toLowerCase());
            if (!category) return { message: 'product_import.category_not_found', params: { slug: value as string } };
            product.category_id = category.id;
            product.category_slug = category.slug;
            return undefined;
          }
          case 'image_urls': {
            const filenames: string[] = [];
            for (const url of (value as string[] | null) ?? []) {
              const filename = imageFilename(url);
              if (filename === undefined) return { message: 'product_import.image_foreign' };
              if (!was?.images.includes(filename)) return { message: 'product_import.image_not_of_product' };
              if (filenames.includes(filename)) return { message: 'product_import.image_repeated' };
              filenames.push(filename);
            }
            product.images = filenames;
            return undefined;
          }
          default:
            product[OPTIONAL_TEXTS[column]] = value as string | null;
            return undefined;
        }
      }
    });
    return { rows: planned, before };
  }

  /** The product's columns for an insert or an update. */
  function productValues(next: ProductState) {
    return {
      name: next.name,
      name_en: next.name_en,
      description: next.description,
      description_en: next.description_en,
      short_description: next.short_description,
      short_description_en: next.short_description_en,
      price: next.price,
      sale_price: next.sale_price,
      stock_quantity: next.stock_quantity,
      category_id: next.category_id,
      sku: next.sku,
      featured: next.featured,
      status: next.status,
      seo_title_ar: next.seo_title_ar,
      seo_title_en: next.seo_title_en,
      seo_description_ar: next.seo_description_ar,
      seo_description_en: next.seo_description_en,
    };
  }

  /**
   * Re-checks, under their locks, the SKUs the plan gives to products: a writer that took one
   * since the plan read the catalogue makes that row's error.
   */
  async function lockNewSkus(tx: Executor, planned: Plan): Promise<void> {
    const claims = planned.rows.filter(
      (row) => row.next.sku !== null && (row.productId === null || planned.before.get(row.productId)?.row.sku !== row.next.sku),
    );
    const skus = [...new Set(claims.map((row) => row.next.sku!.toLowerCase()))].sort();
    for (const sku of skus) await lockSku(tx, sku);
    const owners = await skuOwners(tx, skus);
    for (const row of claims) {
      const owner = owners.get(row.next.sku!.toLowerCase());
      if (owner !== undefined && owner !== row.productId && !row.errors.some((error) => error.column === 'sku')) {
        row.errors.push({ column: 'sku', message: 'product.sku_taken' });
      }
    }
  }

  /**
   * Updates the rows' products, each with the columns that change only (the triggers on a column,
   * published counts, the category's search text, the search index's version, then run only when
   * it does): rows changing the same columns share one statement. Answers the products as saved.
   */
  async function updateProducts(
    tx: Executor,
    rows: readonly PlannedRow[],
    plan: Plan,
  ): Promise<Map<number, ImportedProduct>> {
    const groups = new Map<string, Array<{ id: number; values: ReturnType<typeof productValues> }>>();
    for (const row of rows) {
      const before = plan.before.get(row.productId!)!.row;
      const values = productValues(row.next);
      const changed = AUDITED_PRODUCT_COLUMNS.filter((column) => before[column] !== values[column]);
      const key = changed.join(',');
      const group = groups.get(key);
      if (group) group.push({ id: row.productId!, values });
      else groups.set(key, [{ id: row.productId!, values }]);
    }
    const saved = new Map<number, ImportedProduct>();
    const returned = sql.join(
      [sql`${products.id}`, ...AUDITED_PRODUCT_COLUMNS.map((column) => sql`${products[column]}`)],
      sql`, `,
    );
    for (const [key, group] of groups) {
      const columns = (key === '' ? [] : key.split(',')) as AuditedColumn[];
      const sets = sql.join(
        [
          ...columns.map((column) => sql`${sql.identifier(column)} = changed.${sql.identifier(column)}`),
          sql`updated_at = now()`,
        ],
        sql`, `,
      );
      const names = sql.join([sql`id`, ...columns.map((column) => sql.identifier(column))], sql`, `);
      const list = sql.join(
        group.map(
          ({ id, values }) =>
            sql`(${sql.join(
              [
                sql`${id}::integer`,
                ...columns.map((column) => sql`${values[column]}::${sql.raw(COLUMN_TYPES[column])}`),
              ],
              sql`, `,
            )})`,
        ),
        sql`, `,
      );
      const rowsSaved = await queryRows<ImportedProduct>(
        tx,
        sql`update ${products} set ${sets} from (values ${list}) as changed(${names})
          where ${products.id} = changed.id returning ${returned}`,
      );
      for (const product of rowsSaved) saved.set(product.id, product);
    }
    return saved;
  }

  /**
   * Writes one batch of planned rows in the import's transaction, then tells of them all at once
   * (publishAll: ProductChanged, ActivityRecorded, StockChanged; their subscribers write a few
   * statements for the batch). Answers the image files the rows let go.
   */
  async function writeRows(
    tx: Executor,
    rows: readonly PlannedRow[],
    plan: Plan,
    actor: Actor,
    importId: number,
  ): Promise<string[]> {
    const told: DomainEvent[] = [];
    const released: string[] = [];
    type Activity = Omit<ActivityRecorded, 'type' | 'actor' | 'entity' | 'entityId'>;
    const tell = (
      productId: number,
      change: 'created' | 'updated',
      activity: Activity,
      stock: { from: number; to: number },
    ) => {
      told.push({ type: 'ProductChanged', productId, change });
      told.push({ type: 'ActivityRecorded', actor, entity: 'products', entityId: productId, ...activity });
      const move = stockSetEvent({ actor, productId, ...stock, reason: 'import', importId });
      if (move) told.push(move);
    };
    for (const row of rows) {
      if (row.action !== 'create') continue;
      const [created] = await tx.insert(products).values(productValues(row.next)).returning(importedColumns);
      const product = created!;
      // The answer names the new product.
      row.productId = product.id;
      tell(
        product.id,
        'created',
        { action: 'create', after: { ...auditFields(product), images: [], import_id: importId } },
        { from: 0, to: product.stock_quantity },
      );
    }
    const updates = rows.filter((row) => row.action === 'update');
    const saved = await updateProducts(tx, updates, plan);
    for (const row of updates) {
      const id = row.productId!;
      const { row: before, images } = plan.before.get(id)!;
      const after = saved.get(id)!;
      if (row.imagesChanged) {
        const idOf = new Map(images.map((image) => [image.filename, image.id]));
        const gallery = row.next.images.map((filename): GallerySlot => ({ kind: 'kept', id: idOf.get(filename)! }));
        released.push(...(await writeGallery(tx, id, images, gallery, [])).released);
      }
      tell(
        id,
        'updated',
        {
          action: 'update',
          before: { ...auditFields(before), images: images.map((image) => image.filename) },
          after: { ...auditFields(after), images: row.next.images, import_id: importId },
        },
        { from: before.stock_quantity, to: after.stock_quantity },
      );
    }
    await events.publishAll(tx, told);
    return released;
  }

  function answerRows(planned: Plan, lang: Language) {
    const rows: ProductImportRow[] = planned.rows.map((row) => ({
      row: row.row,
      action: row.action,
      product_id: row.productId,
      changes: row.changes,
      errors: row.errors.map((error) => ({
        column: error.column,
        message: apiMessage(error.message, lang, error.params),
      })),
    }));
    const count = (action: ProductImportAction) => planned.rows.filter((row) => row.action === action).length;
    return {
      rows,
      summary: {
        rows: rows.length,
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        errors: planned.rows.filter((row) => row.errors.length > 0).length,
      },
    };
  }

  class ImportRefused extends Error {
    constructor(readonly plan: Plan) {
      super('import refused');
    }
  }

  async function removeFiles(filenames: readonly string[]): Promise<void> {
    await Promise.all(
      filenames.map((filename) =>
        removeImage(filename, 'products', deps.files).catch((error: unknown) =>
          deps.onFileCleanupError?.(error, filename),
        ),
      ),
    );
  }

  return {
    /**
     * Reads the file and, unless `dryRun`, applies it: all of it in one transaction, or nothing
     * (then the answer is `success: false` with the rows and their errors).
     */
    async importProducts(
      upload: CsvUpload,
      options: { dryRun: boolean; actor: Actor; lang: Language },
    ): Promise<ProductImportResponse | ProductImportRefused> {
      const rows = fileRows(upload);
      if (options.dryRun) {
        const dry = await plan(db, rows, false);
        return { success: true, dry_run: true, import_id: null, ...answerRows(dry, options.lang) };
      }
      try {
        const { importId, applied, released } = await events.transaction(db, async (tx) => {
          // One import at a time: two files touching the same products never interleave.
          await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, 0)`);
          const applied = await plan(tx, rows, true);
          await lockNewSkus(tx, applied);
          if (applied.rows.some((row) => row.errors.length > 0)) throw new ImportRefused(applied);
          const summary = answerRows(applied, options.lang).summary;
          const [record] = await tx
            .insert(productImports)
            .values({
              actor_id: options.actor.id,
              actor_email: options.actor.email,
              filename: upload.filename,
              row_count: summary.rows,
              created_count: summary.create,
              updated_count: summary.update,
              unchanged_count: summary.unchanged,
            })
            .returning({ id: productImports.id });
          const released: string[] = [];
          for (const batch of chunks(applied.rows.filter((row) => row.action !== 'unchanged'))) {
            released.push(...(await writeRows(tx, batch, applied, options.actor, record!.id)));
          }
          return { importId: record!.id, applied, released };
        });
        await removeFiles(released);
        return { success: true, dry_run: false, import_id: importId, ...answerRows(applied, options.lang) };
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        return {
          success: false,
          code: 'UNPROCESSABLE',
          message: apiMessage('product_import.refused', options.lang),
          ...answerRows(error.plan, options.lang),
        };
      }
    },
  };
}

export type ProductImport = ReturnType<typeof createProductImport>;
