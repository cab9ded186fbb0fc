import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  fromThousandths,
  type AdminProduct,
  type AdminProductVariation,
  type ProductAttribute,
  type ProductAttributesBody,
  type Language,
  type ProductForm,
  type StockMovementsQuery,
  withSeoTexts,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  categories,
  productAttributeVariations,
  productImages,
  products,
} from '../../db/schema/index.js';
import { AppError, type AppErrorDetail } from '../../errors.js';
import type { FileStorage } from '../../lib/file-storage/index.js';
import type { UploadedFile } from '../../lib/form-body.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { copyImage, removeImage, storeImage } from '../media/index.js';
import { copyName } from './product-copy.js';
import {
  auditLinks,
  auditView,
  isSkuViolation,
  lockSku,
  publishStockSet,
  skuTaken,
  type ProductRow,
  type StaffStockReason,
} from './product-writes.js';
import { planGallery, writeGallery, type ImageRow } from './product-gallery.js';
import { createProductImport } from './product-import.js';
import { createProductsBulkEdit } from './products-bulk-edit.js';
import { productsCsv } from './products-export.js';
import { readStockMovements, type AccountNames } from './stock-ledger.js';
import type { CatalogService } from './service.js';

export interface AdminProductsDeps {
  /** Where each write tells of itself (ProductChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
  /** Reads the saved product back (drafts included) for the reply. */
  catalog: CatalogService;
  /** Where the product pictures are stored. */
  files: FileStorage;
  /** Told when an image file of a committed change could not be removed (the change stands). */
  onFileCleanupError?: (error: unknown, filename: string) => void;
  /** The shop's public base URL (config.publicUrl): the export's image URLs are absolute on it. */
  publicUrl: string;
  /** The current names of staff accounts, for the stock ledger's "who" (the accounts module's). */
  accountNames: AccountNames;
}

/** A product's variation link as stored: the surcharge in thousandths. */
interface LinkRow {
  attribute_id: number;
  attribute_name: string;
  variation_id: number;
  variation_title: string;
  price: number;
  is_required: boolean;
  sort_order: number;
}

interface VariationLinkInput {
  variation_id: number;
  /** Surcharge in thousandths. */
  price: number;
  is_required: boolean;
  sort_order: number;
  /** The attribute the form says the variation belongs to, when it says one. */
  attribute_id?: number;
  /** Where a refusal about this link is reported. */
  field: string;
}

/**
 * The back office's product writes. Every write
 * is one transaction with its audit entry; image files are stored before it and removed again if
 * it fails, and files of removed images are deleted only once it has committed.
 */
export function createAdminProductsService(db: Database, deps: AdminProductsDeps) {
  const { events, catalog, files: storage } = deps;
  const productImport = createProductImport(db, deps);

  async function imagesOf(executor: Executor, productId: number): Promise<ImageRow[]> {
    return executor
      .select({
        id: productImages.id,
        filename: productImages.filename,
        sort_order: productImages.sort_order,
      })
      .from(productImages)
      .where(eq(productImages.product_id, productId))
      .orderBy(asc(productImages.sort_order), asc(productImages.id));
  }

  async function linksOf(executor: Executor, productId: number): Promise<LinkRow[]> {
    return executor
      .select({
        attribute_id: attributes.id,
        attribute_name: attributes.name,
        variation_id: attributeVariations.id,
        variation_title: attributeVariations.title,
        price: productAttributeVariations.price,
        is_required: productAttributeVariations.is_required,
        sort_order: productAttributeVariations.sort_order,
      })
      .from(productAttributeVariations)
      .innerJoin(
        attributeVariations,
        eq(attributeVariations.id, productAttributeVariations.variation_id),
      )
      .innerJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
      .where(eq(productAttributeVariations.product_id, productId))
      .orderBy(asc(productAttributeVariations.sort_order), asc(attributeVariations.id));
  }

  /** Tells the stock ledger that staff set a product's stock (product-writes.ts). */
  function stockSet(
    tx: Executor,
    actor: Actor,
    productId: number,
    from: number,
    to: number,
    reason: StaffStockReason,
  ): Promise<void> {
    return publishStockSet(events, tx, { actor, productId, from, to, reason });
  }

  /**
   * Tells of a new product (a create or a duplicate), inside its transaction: ProductChanged, and
   * the activity trail's create entry with the product as recorded.
   */
  async function announceCreated(
    tx: Executor,
    actor: Actor,
    productId: number,
    after: Readonly<Record<string, unknown>>,
  ): Promise<void> {
    await events.publish(tx, { type: 'ProductChanged', productId, change: 'created' });
    await events.publish(tx, {
      type: 'ActivityRecorded',
      actor,
      entity: 'products',
      entityId: productId,
      action: 'create',
      after,
    });
  }

  async function lockProduct(executor: Executor, id: number): Promise<ProductRow> {
    const [row] = await executor.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw AppError.notFound('error.product_not_found');
    return row;
  }

  /**
   * Refusals that need the database, all reported at once: the category must exist, the SKU
   * must be free (any letter case), each variation must exist, belong to the attribute named
   * and appear once.
   */
  async function checkReferences(
    tx: Executor,
    values: { category_id: number | null; sku: string | null },
    productId: number | null,
    links: readonly VariationLinkInput[] | undefined,
  ): Promise<void> {
    const details: AppErrorDetail[] = [];
    if (values.category_id !== null) {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, values.category_id));
      if (!category) details.push({ field: 'category_id', message: 'product.category_not_found' });
    }
    if (values.sku !== null) {
      await lockSku(tx, values.sku);
      const [taken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            sql`lower(${products.sku}) = lower(${values.sku})`,
            productId === null ? undefined : ne(products.id, productId),
          ),
        )
        .limit(1);
      if (taken) details.push({ field: 'sku', message: 'product.sku_taken' });
    }
    if (links && links.length > 0) {
      const ids = [...new Set(links.map((link) => link.variation_id))];
      const found = await tx
        .select({ id: attributeVariations.id, attribute_id: attributeVariations.attribute_id })
        .from(attributeVariations)
        .where(inArray(attributeVariations.id, ids));
      const attributeOf = new Map(found.map((row) => [row.id, row.attribute_id]));
      const seen = new Set<number>();
      for (const link of links) {
        const owner = attributeOf.get(link.variation_id);
        if (owner === undefined) {
          details.push({ field: link.field, message: 'product.variation_not_found' });
        } else if (link.attribute_id !== undefined && owner !== link.attribute_id) {
          details.push({ field: link.field, message: 'product.variation_not_of_attribute' });
        } else if (seen.has(link.variation_id)) {
          details.push({ field: link.field, message: 'product.variation_duplicate' });
        }
        seen.add(link.variation_id);
      }
    }
    if (details.length > 0) throw AppError.validation(details);
  }

  async function replaceLinks(
    tx: Executor,
    productId: number,
    links: readonly VariationLinkInput[],
  ): Promise<void> {
    await tx
      .delete(productAttributeVariations)
      .where(eq(productAttributeVariations.product_id, productId));
    if (links.length === 0) return;
    await tx.insert(productAttributeVariations).values(
      links.map((link) => ({
        product_id: productId,
        variation_id: link.variation_id,
        price: link.price,
        is_required: link.is_required,
        sort_order: link.sort_order,
      })),
    );
  }

  /** Stores the uploads (verified, re-encoded); on a refusal, the ones stored so far are removed. */
  async function storeUploads(files: readonly UploadedFile[]): Promise<string[]> {
    const stored: string[] = [];
    try {
      for (const file of files) stored.push(await storeImage(file.data, 'products', storage));
    } catch (error) {
      await removeFiles(stored);
      if (error instanceof AppError && error.details) {
        // The media service names its own field; the form's field is `images`.
        throw new AppError(
          error.code,
          error.messageKey,
          error.details.map((detail) => ({ ...detail, field: 'images' })),
          error.params,
        );
      }
      throw error;
    }
    return stored;
  }

  async function removeFiles(filenames: readonly string[]): Promise<void> {
    await Promise.all(
      filenames.map((filename) =>
        removeImage(filename, 'products', storage).catch((error: unknown) =>
          deps.onFileCleanupError?.(error, filename),
        ),
      ),
    );
  }

  /**
   * Runs a write whose new files are already stored: their names go away again if it fails;
   * once it committed (and its events were told), the files it let go are removed.
   */
  async function commitWithFiles<T>(
    stored: readonly string[],
    write: () => Promise<{ result: T; released: string[] }>,
  ): Promise<T> {
    let outcome: { result: T; released: string[] };
    try {
      outcome = await write();
    } catch (error) {
      await removeFiles(stored);
      if (isSkuViolation(error)) throw skuTaken();
      throw error;
    }
    await removeFiles(outcome.released);
    return outcome.result;
  }

  function formLinks(form: ProductForm): VariationLinkInput[] | undefined {
    return form.attribute_variations?.map((link, index) => ({
      variation_id: link.variation_id,
      attribute_id: link.attribute_id,
      price: link.price,
      is_required: false,
      sort_order: index,
      field: `attribute_variations.${index}.variation_id`,
    }));
  }

  /** The product as the edit form shows it, drafts included; NOT_FOUND when it does not exist. */
  async function getAdminProduct(id: number): Promise<AdminProduct> {
    const [product, links] = await Promise.all([
      catalog.getProduct(id, { includeDrafts: true }),
      linksOf(db, id),
    ]);
    return {
      ...product,
      attribute_variations: links.map((link): AdminProductVariation => ({
        ...link,
        price: fromThousandths(link.price),
      })),
    };
  }

  const bulk = createProductsBulkEdit(db, { events, catalog });

  return {
    getAdminProduct,

    /** Previews or applies one change to many products (products-bulk-edit.ts, decision 057). */
    bulkEdit: bulk.bulkEdit,

    /** Every product, drafts included, as a streamed CSV file (products-export.ts). */
    exportCsv: () => productsCsv(db, deps.publicUrl),

    /** Reads a products CSV (the export's columns) and applies it unless it is a dry run (product-import.ts). */
    importProducts: productImport.importProducts,

    /** One page of a product's stock ledger, newest first (NOT_FOUND when it does not exist). */
    stockMovements: (id: number, query: StockMovementsQuery, lang: Language) =>
      readStockMovements(db, deps.accountNames, id, query, lang),

    /** Creates a product from the form and its uploaded images (the first is the featured one). */
    async createProduct(
      form: ProductForm,
      files: readonly UploadedFile[],
      actor: Actor,
    ): Promise<AdminProduct> {
      // Refusals that need no database come before any image is processed.
      const gallery = planGallery([], form.existingImages, files.length, form.image_order);
      const links = formLinks(form);
      const stored = await storeUploads(files);
      const id = await commitWithFiles(stored, () =>
        events.transaction(db, async (tx) => {
          const values = {
            name: form.name,
            name_en: form.name_en ?? null,
            description: form.description ?? null,
            description_en: form.description_en ?? null,
            short_description: form.short_description ?? null,
            short_description_en: form.short_description_en ?? null,
            price: form.price,
            sale_price: form.sale_price ?? null,
            stock_quantity: form.stock_quantity,
            category_id: form.category_id,
            sku: form.sku ?? null,
            featured: form.featured ?? false,
            status: form.status ?? 'draft',
            seo_title_ar: form.seo_title_ar ?? null,
            seo_title_en: form.seo_title_en ?? null,
            seo_description_ar: form.seo_description_ar ?? null,
            seo_description_en: form.seo_description_en ?? null,
          };
          await checkReferences(tx, values, null, links);
          const [row] = await tx.insert(products).values(values).returning();
          const product = row!;
          const { filenames } = await writeGallery(tx, product.id, [], gallery, stored);
          if (links) await replaceLinks(tx, product.id, links);
          await announceCreated(tx, actor, product.id, auditView(product, filenames, links ?? []));
          // The ledger's first row: the stock it starts with (a product created with none has none).
          await stockSet(tx, actor, product.id, 0, product.stock_quantity, 'created');
          return { result: product.id, released: [] };
        }),
      );
      return getAdminProduct(id);
    },

    /**
     * Makes a draft copy of a product (decision 052): names marked as a copy, texts, prices, SEO
     * fields, category, variation surcharges and images (copied files under new names, so
     * deleting either product never takes the other's pictures). It starts with stock 0, not
     * featured and without SKU (SKUs are unique). NOT_FOUND when the original does not exist.
     */
    async duplicateProduct(sourceId: number, actor: Actor): Promise<AdminProduct> {
      // The files are copied before the transaction, as uploads are stored before a create.
      const [exists] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, sourceId));
      if (!exists) throw AppError.notFound('error.product_not_found');
      const stored: string[] = [];
      try {
        for (const image of await imagesOf(db, sourceId)) {
          const copy = await copyImage(image.filename, 'products', storage);
          if (copy !== undefined) stored.push(copy);
        }
      } catch (error) {
        // removeImage skips the names copyImage kept (files it never made), so this is safe.
        await removeFiles(stored);
        throw error;
      }
      const id = await commitWithFiles(stored, () =>
        events.transaction(db, async (tx) => {
          const source = await lockProduct(tx, sourceId);
          const links = await linksOf(tx, sourceId);
          const [row] = await tx
            .insert(products)
            .values({
              name: copyName(source.name, 'ar'),
              name_en: source.name_en === null ? null : copyName(source.name_en, 'en'),
              description: source.description,
              description_en: source.description_en,
              short_description: source.short_description,
              short_description_en: source.short_description_en,
              price: source.price,
              sale_price: source.sale_price,
              stock_quantity: 0,
              manage_stock: source.manage_stock,
              category_id: source.category_id,
              sku: null,
              featured: false,
              status: 'draft',
              seo_title_ar: source.seo_title_ar,
              seo_title_en: source.seo_title_en,
              seo_description_ar: source.seo_description_ar,
              seo_description_en: source.seo_description_en,
            })
            .returning();
          const product = row!;
          if (stored.length > 0) {
            await tx.insert(productImages).values(
              stored.map((filename, position) => ({
                product_id: product.id,
                filename,
                sort_order: position,
              })),
            );
          }
          const copiedLinks = links.map((link, index) => ({
            variation_id: link.variation_id,
            price: link.price,
            is_required: link.is_required,
            sort_order: link.sort_order,
            field: `attribute_variations.${index}.variation_id`,
          }));
          await replaceLinks(tx, product.id, copiedLinks);
          await announceCreated(tx, actor, product.id, {
            ...auditView(product, stored, copiedLinks),
            duplicated_from: sourceId,
          });
          return { result: product.id, released: [] };
        }),
      );
      return getAdminProduct(id);
    },

    /**
     * Saves the form over a product. Fields the form leaves out keep their value; images not in
     * existingImages are removed (absent: all kept); attribute_variations, when sent, replaces
     * the product's set.
     */
    async updateProduct(
      id: number,
      form: ProductForm,
      files: readonly UploadedFile[],
      actor: Actor,
    ): Promise<AdminProduct> {
      // A first look outside the transaction refuses a missing product or a bad gallery before
      // images are processed; the transaction checks again against the locked product.
      const [exists] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, id));
      if (!exists) throw AppError.notFound('error.product_not_found');
      planGallery(await imagesOf(db, id), form.existingImages, files.length, form.image_order);
      const links = formLinks(form);
      const stored = await storeUploads(files);
      await commitWithFiles(stored, () =>
        events.transaction(db, async (tx) => {
          const before = await lockProduct(tx, id);
          const current = await imagesOf(tx, id);
          const currentLinks = await linksOf(tx, id);
          const gallery = planGallery(current, form.existingImages, files.length, form.image_order);
          const values = {
            name: form.name,
            name_en: form.name_en === undefined ? before.name_en : form.name_en,
            description: form.description === undefined ? before.description : form.description,
            description_en:
              form.description_en === undefined ? before.description_en : form.description_en,
            short_description:
              form.short_description === undefined
                ? before.short_description
                : form.short_description,
            short_description_en:
              form.short_description_en === undefined
                ? before.short_description_en
                : form.short_description_en,
            price: form.price,
            sale_price: form.sale_price === undefined ? before.sale_price : form.sale_price,
            stock_quantity: form.stock_quantity,
            category_id: form.category_id,
            sku: form.sku === undefined ? before.sku : form.sku,
            featured: form.featured ?? before.featured,
            status: form.status ?? before.status,
            ...withSeoTexts(before, form),
            updated_at: new Date(),
          };
          // A kept sale price must still fit under a new price.
          if (values.sale_price !== null && values.sale_price > values.price) {
            throw AppError.validation([
              { field: 'sale_price', message: 'product.sale_price_above_price' },
            ]);
          }
          await checkReferences(tx, values, id, links);
          const [row] = await tx
            .update(products)
            .set(values)
            .where(eq(products.id, id))
            .returning();
          const { filenames, released } = await writeGallery(tx, id, current, gallery, stored);
          if (links) await replaceLinks(tx, id, links);
          await events.publish(tx, { type: 'ProductChanged', productId: id, change: 'updated' });
          await stockSet(tx, actor, id, before.stock_quantity, row!.stock_quantity, 'edit');
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'products',
            entityId: id,
            action: 'update',
            before: auditView(
              before,
              current.map((image) => image.filename),
              currentLinks,
            ),
            after: auditView(row!, filenames, links ?? currentLinks),
          });
          return { result: id, released };
        }),
      );
      return getAdminProduct(id);
    },

    /**
     * Deletes a product with its images (files too) and variation links; cart lines holding it
     * go with it, order items keep their snapshot (their product_id becomes null).
     */
    async deleteProduct(id: number, actor: Actor): Promise<void> {
      await commitWithFiles([], () =>
        events.transaction(db, async (tx) => {
          const before = await lockProduct(tx, id);
          const images = await imagesOf(tx, id);
          const links = await linksOf(tx, id);
          await tx.delete(products).where(eq(products.id, id));
          await events.publish(tx, { type: 'ProductChanged', productId: id, change: 'deleted' });
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'products',
            entityId: id,
            action: 'delete',
            before: auditView(
              before,
              images.map((image) => image.filename),
              links,
            ),
          });
          return { result: undefined, released: images.map((image) => image.filename) };
        }),
      );
    },

    /** Removes one image of a product and its files; NOT_FOUND unless it is that product's. */
    async deleteProductImage(id: number, imageId: number, actor: Actor): Promise<AdminProduct> {
      await commitWithFiles([], () =>
        events.transaction(db, async (tx) => {
          await lockProduct(tx, id);
          const images = await imagesOf(tx, id);
          const image = images.find((candidate) => candidate.id === imageId);
          if (!image) throw AppError.notFound('product.image_not_found');
          await tx.delete(productImages).where(eq(productImages.id, imageId));
          await tx.update(products).set({ updated_at: new Date() }).where(eq(products.id, id));
          await events.publish(tx, { type: 'ProductChanged', productId: id, change: 'updated' });
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'products',
            entityId: id,
            action: 'update',
            before: { images: images.map((row) => row.filename) },
            after: {
              images: images.filter((row) => row.id !== imageId).map((row) => row.filename),
            },
          });
          return { result: undefined, released: [image.filename] };
        }),
      );
      return getAdminProduct(id);
    },

    /** Replaces the variations a product offers (POST /products/:id/attributes). */
    async replaceProductAttributes(
      id: number,
      body: ProductAttributesBody,
      actor: Actor,
    ): Promise<ProductAttribute[]> {
      const links = body.attributes.map((link, index) => ({
        variation_id: link.attribute_variation_id,
        price: link.price,
        is_required: link.is_required,
        sort_order: link.sort_order,
        field: `attributes.${index}.attribute_variation_id`,
      }));
      await commitWithFiles([], () =>
        events.transaction(db, async (tx) => {
          await lockProduct(tx, id);
          const before = await linksOf(tx, id);
          await checkReferences(tx, { category_id: null, sku: null }, id, links);
          await replaceLinks(tx, id, links);
          await tx.update(products).set({ updated_at: new Date() }).where(eq(products.id, id));
          await events.publish(tx, {
            type: 'ProductChanged',
            productId: id,
            change: 'variations_replaced',
          });
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'products',
            entityId: id,
            action: 'update',
            before: { attribute_variations: auditLinks(before) },
            after: { attribute_variations: auditLinks(links) },
          });
          return { result: undefined, released: [] };
        }),
      );
      return catalog.listProductAttributes(id, { includeDrafts: true });
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
