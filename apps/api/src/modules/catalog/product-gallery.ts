import { IMAGE_ORDER_ENTRY, MAX_PRODUCT_IMAGES, type KeptImage } from '@shop/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { productImages } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/** A product's image row, as the gallery's writes read it. */
export type ImageRow = { id: number; filename: string; sort_order: number };

/** One image of the product's final gallery: a kept row or the n-th new file of the request. */
export type GallerySlot = { kind: 'kept'; id: number } | { kind: 'new'; index: number };

function tooManyImages(): AppError {
  return AppError.validation([
    { field: 'images', message: 'product.images_too_many', params: { max: MAX_PRODUCT_IMAGES } },
  ]);
}

/**
 * The ids of the images the form keeps, in its order: each named by id, file name or both (which
 * must then be the same image). Refuses one the product does not have.
 */
function keptIds(current: readonly ImageRow[], keep: readonly KeptImage[]): number[] {
  return keep.map((reference) => {
    const image = current.find(
      (row) =>
        (reference.id === undefined || row.id === reference.id) &&
        (reference.filename === undefined || row.filename === reference.filename),
    );
    if (!image) throw AppError.validation([{ field: 'existingImages', message: 'product.image_unknown' }]);
    return image.id;
  });
}

/**
 * The final gallery from the images the product has, the images the form keeps (undefined: all,
 * in their order), how many new files came and the optional explicit order. Refuses unknown
 * images, repeats, more than MAX_PRODUCT_IMAGES and an order that does not name each image once.
 */
export function planGallery(
  current: readonly ImageRow[],
  keep: readonly KeptImage[] | undefined,
  newFiles: number,
  order: readonly string[] | undefined,
): GallerySlot[] {
  const kept = keep === undefined ? current.map((image) => image.id) : keptIds(current, keep);
  if (new Set(kept).size !== kept.length) {
    throw AppError.validation([
      { field: 'existingImages', message: 'product.existing_images_invalid' },
    ]);
  }
  if (kept.length + newFiles > MAX_PRODUCT_IMAGES) throw tooManyImages();

  const natural: GallerySlot[] = [
    ...kept.map((id): GallerySlot => ({ kind: 'kept', id })),
    ...Array.from({ length: newFiles }, (_, index): GallerySlot => ({ kind: 'new', index })),
  ];
  if (order === undefined) return natural;

  const expected = new Set(natural.map(slotKey));
  const named = new Set(order);
  const complete =
    order.length === expected.size &&
    named.size === order.length &&
    order.every((entry) => expected.has(entry));
  if (!complete) {
    throw AppError.validation([{ field: 'image_order', message: 'product.image_order_invalid' }]);
  }
  return order.map((entry): GallerySlot => {
    const [, kind, value] = IMAGE_ORDER_ENTRY.exec(entry)!;
    return kind === 'e'
      ? { kind: 'kept', id: Number(value) }
      : { kind: 'new', index: Number(value) };
  });
}

function slotKey(slot: GallerySlot): string {
  return slot.kind === 'kept' ? `e:${slot.id}` : `n:${slot.index}`;
}

/**
 * Writes a product's final gallery in `tx`: drops the images it no longer has, renumbers the kept
 * ones in one statement and adds the new files (`stored`, by the slots' indexes). Answers the file
 * names in display order and those it let go (to delete once the change has committed).
 */
export async function writeGallery(
  tx: Executor,
  productId: number,
  current: readonly ImageRow[],
  gallery: readonly GallerySlot[],
  stored: readonly string[],
): Promise<{ filenames: string[]; released: string[] }> {
  const keptIds = new Set(gallery.flatMap((slot) => (slot.kind === 'kept' ? [slot.id] : [])));
  const dropped = current.filter((image) => !keptIds.has(image.id));
  if (dropped.length > 0) {
    await tx.delete(productImages).where(
      inArray(
        productImages.id,
        dropped.map((image) => image.id),
      ),
    );
  }
  const filenameOf = new Map(current.map((image) => [image.id, image.filename]));
  const keptRows = gallery.flatMap((slot, position) =>
    slot.kind === 'kept' ? [{ id: slot.id, position }] : [],
  );
  if (keptRows.length > 0) {
    // One statement renumbers every kept image.
    await tx.execute(sql`update ${productImages} set sort_order = ordering.position
      from (values ${sql.join(
        keptRows.map((row) => sql`(${row.id}::integer, ${row.position}::integer)`),
        sql`, `,
      )}) as ordering(id, position)
      where ${productImages.id} = ordering.id`);
  }
  const newRows = gallery.flatMap((slot, position) =>
    slot.kind === 'new'
      ? [{ product_id: productId, filename: stored[slot.index]!, sort_order: position }]
      : [],
  );
  if (newRows.length > 0) await tx.insert(productImages).values(newRows);
  return {
    filenames: gallery.map((slot) =>
      slot.kind === 'kept' ? filenameOf.get(slot.id)! : stored[slot.index]!,
    ),
    released: dropped.map((image) => image.filename),
  };
}
