import { IMAGE_ORDER_ENTRY, MAX_PRODUCT_IMAGES, type KeptImage } from '@shop/shared';
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

