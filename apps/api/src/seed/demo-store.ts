import os from 'node:os';
import type { ImageFolder } from '@shop/shared';
import type { Database } from '../db/client.js';
import type { FileStorage } from '../lib/file-storage/index.js';
import { removeImage, storeBitmap } from '../modules/media/index.js';
import {
  demoAttributes,
  demoCategories,
  demoProducts,
  demoSettings,
  demoSlides,
  descriptionOf,
  productSurcharges,
  shortDescriptionOf,
  type DemoAttribute,
  type DemoProduct,
} from './demo-data.js';
import {
  demoAttributesEnglish,
  demoCategoriesEnglish,
  demoSettingsEnglish,
  demoSlidesEnglish,
  descriptionEnglishOf,
  nameEnglishOf,
  shortDescriptionEnglishOf,
} from './demo-data-en.js';
import {
  bannerPicture,
  categoryPicture,
  createPictureRenderer,
  logoPicture,
  productPictures,
  type Picture,
} from './demo-images.js';
import { seedDemoLocations } from './demo-locations.js';
import {
  addProductImages,
  createAttribute,
  createCategories,
  createProducts,
  createSlides,
  linkVariations,
  openStockLedger,
  saveStoreSettings,
} from './factories.js';

export interface SeedLogger {
  info: (message: string) => void;
}

export interface SeedOptions {
  db: Database;
  /** Where the drawn pictures are stored (the configured file storage). */
  files: FileStorage;
  log: SeedLogger;
}

const HOUR_MS = 60 * 60 * 1000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
// Fixed dates keep "newest first" lists the same on every seed.
const CATEGORIES_CREATED = Date.UTC(2025, 11, 1);
const PRODUCTS_CREATED = Date.UTC(2026, 0, 1);
const SLIDES_CREATED = Date.UTC(2025, 11, 15);
// Bulk encoding: see StoreImageOptions.
const SEED_WEBP_EFFORT = 2;

/**
 * Products in the order they were "added": one from each category in turn, so the newest
 * products on the home page show the whole range rather than one category.
 */
function demoProductsInCreationOrder(): DemoProduct[] {
  const queues = demoCategories.map((category) =>
    demoProducts.filter((product) => product.category === category.slug),
  );
  const ordered: DemoProduct[] = [];
  for (let round = 0; ordered.length < demoProducts.length; round += 1) {
    for (const queue of queues) {
      const product = queue[round];
      if (product) ordered.push(product);
    }
  }
  return ordered;
}

interface StoredDemoImages {
  logo: string;
  categories: Map<string, string>;
  products: Map<string, string[]>;
  slides: string[];
}

/** Draws every demo picture and stores it through the media pipeline, a few at a time. */
async function storeDemoImages(
  products: readonly DemoProduct[],
  files: FileStorage,
  written: Array<[ImageFolder, string]>,
): Promise<StoredDemoImages> {
  const renderer = createPictureRenderer();
  const result: StoredDemoImages = {
    logo: '',
    categories: new Map(),
    products: new Map(),
    slides: [],
  };
  const jobs: Array<{
    folder: ImageFolder;
    draw: () => Picture;
    keep: (filename: string) => void;
  }> = [];

  jobs.push({
    folder: 'settings',
    draw: logoPicture,
    keep: (filename) => (result.logo = filename),
  });
  demoSlides.forEach((slide, index) => {
    jobs.push({
      folder: 'slider',
      draw: () => bannerPicture(slide.look, 200 + index, index),
      keep: (filename) => (result.slides[index] = filename),
    });
  });
  demoCategories.forEach((category, index) => {
    jobs.push({
      folder: 'categories',
      draw: () => categoryPicture({ ...category.look, beadCount: 33 }, 100 + index),
      keep: (filename) => result.categories.set(category.slug, filename),
    });
  });
  products.forEach((product, index) => {
    const filenames: string[] = [];
    result.products.set(product.sku, filenames);
    const look = {
      material: product.material,
      beadCount: product.beads,
      tassel: product.tassel,
      metal: product.metal,
    };
    const pictures = productPictures(look, 1 + index, product.featured ? 3 : 2);
    pictures.forEach((picture, position) => {
      jobs.push({
        folder: 'products',
        draw: () => picture,
        keep: (filename) => (filenames[position] = filename),
      });
    });
  });

  // sharp runs on libuv's thread pool: one picture in flight per core keeps every core busy
  // without holding many full-size bitmaps in memory at once.
  const workers = Math.max(2, os.availableParallelism());
  let next = 0;
  let failure: { error: unknown } | undefined;
  const work = async () => {
    // After a failure the other workers stop at their next job, so cleanup sees every file.
    while (next < jobs.length && !failure) {
      const job = jobs[next++]!;
      try {
        const bitmap = await renderer.render(job.draw());
        const filename = await storeBitmap(bitmap, job.folder, files, {
          effort: SEED_WEBP_EFFORT,
        });
        written.push([job.folder, filename]);
        job.keep(filename);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, work));
  if (failure) throw failure.error;
  return result;
}

/** Fills an empty store with the deterministic demo shop: settings, catalogue, slides, images. */
export async function seedDemoStore({ db, files, log }: SeedOptions): Promise<void> {
  const started = performance.now();
  const products = demoProductsInCreationOrder();
  const written: Array<[ImageFolder, string]> = [];
  let imagesDone: number;
  let locations: Awaited<ReturnType<typeof seedDemoLocations>>;

  try {
    const images = await storeDemoImages(products, files, written);
    imagesDone = performance.now();
    locations = await db.transaction(async (tx) => {
      await saveStoreSettings(tx, { ...demoSettings, ...demoSettingsEnglish, logo: images.logo });

      const categoryIds = new Map<string, number>();
      const categoryRow = (index: number) => {
        const category = demoCategories[index]!;
        const created_at = new Date(CATEGORIES_CREATED + index * HOUR_MS);
        const english = demoCategoriesEnglish[category.slug];
        return {
          name: category.name,
          name_en: english?.name ?? null,
          slug: category.slug,
          description: category.description,
          description_en: english?.description ?? null,
          image: images.categories.get(category.slug) ?? null,
          parent_id: category.parent ? categoryIds.get(category.parent)! : null,
          sort_order: category.sort_order,
          created_at,
          updated_at: created_at,
        };
      };
      // Parents first, so children can point at them.
      const topLevel = demoCategories.flatMap((category, index) =>
        category.parent ? [] : [index],
      );
      const nested = demoCategories.flatMap((category, index) => (category.parent ? [index] : []));
      for (const level of [topLevel, nested]) {
        const rows = await createCategories(tx, level.map(categoryRow));
        for (const row of rows) categoryIds.set(row.slug, row.id);
      }

      const productRows = await createProducts(
        tx,
        products.map((product, index) => {
          const created_at = new Date(PRODUCTS_CREATED + index * HOUR_MS);
          return {
            name: product.name,
            name_en: nameEnglishOf(product),
            short_description: shortDescriptionOf(product),
            short_description_en: shortDescriptionEnglishOf(product),
            description: descriptionOf(product, index),
            description_en: descriptionEnglishOf(product, index),
            price: product.price,
            sale_price: product.sale_price ?? null,
            stock_quantity: product.stock,
            manage_stock: true,
            category_id: categoryIds.get(product.category)!,
            sku: product.sku,
            featured: product.featured ?? false,
            status: product.draft ? ('draft' as const) : ('published' as const),
            created_at,
            updated_at: created_at,
          };
        }),
      );
      const productIds = new Map(productRows.map((row) => [row.sku!, row.id]));
      await openStockLedger(tx, productRows);

      await addProductImages(
        tx,
        products.flatMap((product) =>
          images.products.get(product.sku)!.map((filename, sort_order) => ({
            product_id: productIds.get(product.sku)!,
            filename,
            sort_order,
          })),
        ),
      );

      const variationIds = new Map<DemoAttribute, Map<string, number>>();
      for (const key of Object.keys(demoAttributes) as DemoAttribute[]) {
        const { name, variations } = demoAttributes[key];
        const created = await createAttribute(tx, name, variations, demoAttributesEnglish[key]);
        variationIds.set(
          key,
          new Map(created.variations.map((variation) => [variation.title, variation.id])),
        );
      }
      await linkVariations(
        tx,
        products.flatMap((product) => {
          let sort_order = 0;
          return (product.attributes ?? []).flatMap((attribute) =>
            productSurcharges(product, attribute).map(({ title, price }) => ({
              product_id: productIds.get(product.sku)!,
              variation_id: variationIds.get(attribute)!.get(title)!,
              price,
              is_required: true,
              sort_order: sort_order++,
            })),
          );
        }),
      );

      await createSlides(
        tx,
        demoSlides.map((slide, index) => {
          const created_at = new Date(SLIDES_CREATED + index * HOUR_MS);
          return {
            title: slide.title,
            description: slide.description,
            title_en: demoSlidesEnglish[index]?.title ?? null,
            description_en: demoSlidesEnglish[index]?.description ?? null,
            image: images.slides[index]!,
            link_url: slide.link_url,
            sort_order: index + 1,
            is_active: slide.is_active,
            created_at,
            updated_at: created_at,
          };
        }),
      );

      return seedDemoLocations(tx);
    });
  } catch (error) {
    // Leave no orphaned pictures behind a failed seed.
    await Promise.all(
      written.map(([folder, filename]) => removeImage(filename, folder, files)),
    );
    throw error;
  }

  const drafts = products.filter((product) => product.draft).length;
  log.info(
    `demo store seeded: ${products.length} products (${drafts} drafts), ${demoCategories.length} categories, ` +
      `${Object.keys(demoAttributes).length} attributes, ${demoSlides.length} slides, ${written.length} images, ` +
      `${locations.cities} cities, ${locations.promoCodes} promo codes ` +
      `in ${seconds(performance.now() - started)} (images ${seconds(imagesDone - started)})`,
  );
}
