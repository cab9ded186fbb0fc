import { randomBytes } from 'node:crypto';
import {
  IMAGE_WIDTHS,
  imageVariantName,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_UPLOAD_BYTES,
  type ImageFolder,
} from '@shop/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../errors.js';
import { fileKey, type FileStorage } from '../../lib/file-storage/index.js';
import { ACCEPTED_IMAGE_FORMATS, imagePixels } from '../../lib/image-header.js';

/** Largest upload accepted, in bytes. */
export const MAX_IMAGE_BYTES = MAX_IMAGE_UPLOAD_BYTES;
/** Longest side accepted, in pixels: larger is a mistake or a decompression bomb. */
export { MAX_IMAGE_DIMENSION };
/** Formats accepted from uploads, and an upload's pixel count read from its header. */
export { ACCEPTED_IMAGE_FORMATS, imagePixels };

const WEBP_QUALITY = 82;

export interface StoreImageOptions {
  /**
   * WebP encoder effort, 0-6 (default 4). Bulk work such as the demo seed uses less: measured
   * on drawn pictures, effort 2 encodes 2.5 times faster for files about 5% larger.
   */
  effort?: number;
}
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;
const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);

function invalidImage(): AppError {
  return new AppError('VALIDATION_ERROR', 'error.image_invalid', [
    { field: 'image', message: 'error.image_invalid' },
  ]);
}

function imageTooLarge(): AppError {
  return new AppError('VALIDATION_ERROR', 'error.image_too_large', [
    { field: 'image', message: 'error.image_too_large' },
  ]);
}

/**
 * Verifies that the bytes are a picture, then stores it as WebP without metadata, upright, at
 * every width of IMAGE_WIDTHS. The largest width is the canonical file `<random>.webp`; the
 * others sit beside it under imageVariantName(). A width above the source's is written at the
 * source's size (never enlarged) so every srcset entry exists. Returns the canonical file name.
 */
export async function storeImage(
  input: Buffer,
  folder: ImageFolder,
  files: FileStorage,
  options: StoreImageOptions = {},
): Promise<string> {
  if (input.length === 0) throw invalidImage();
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge();

  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
  if (!ACCEPTED_IMAGE_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw invalidImage();
  }
  if (metadata.width > MAX_IMAGE_DIMENSION || metadata.height > MAX_IMAGE_DIMENSION) {
    throw imageTooLarge();
  }

  // Decode once, upright and no wider than the largest width; smaller widths come from this bitmap.
  let base: Bitmap;
  try {
    base = await toBitmap(
      sharp(input, { failOn: 'error' })
        .autoOrient()
        .resize({ width: LARGEST_WIDTH, withoutEnlargement: true }),
    );
  } catch {
    throw invalidImage();
  }
  return writeVariants(base, folder, files, options);
}

/** Uncompressed pixels, as sharp reads and writes them raw. */
export interface Bitmap {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Stores pixels this process drew itself (the demo pictures) exactly as storeImage stores an
 * upload, without the detour through an encoded file that only storeImage's checks need.
 */
export async function storeBitmap(
  bitmap: Bitmap,
  folder: ImageFolder,
  files: FileStorage,
  options: StoreImageOptions = {},
): Promise<string> {
  const base =
    bitmap.info.width > LARGEST_WIDTH
      ? await toBitmap(sharp(bitmap.data, { raw: bitmap.info }).resize({ width: LARGEST_WIDTH }))
      : bitmap;
  return writeVariants(base, folder, files, options);
}

/** Runs a sharp pipeline into a bitmap. */
export async function toBitmap(pipeline: Sharp): Promise<Bitmap> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** Writes every width of a bitmap no wider than LARGEST_WIDTH under a new random name. */
async function writeVariants(
  base: Bitmap,
  folder: ImageFolder,
  files: FileStorage,
  options: StoreImageOptions,
): Promise<string> {
  const filename = `${randomBytes(16).toString('hex')}.webp`;

  const encoded = new Map<number, Promise<Buffer>>();
  const encodeAt = (width: number): Promise<Buffer> => {
    const target = Math.min(width, base.info.width);
    let result = encoded.get(target);
    if (!result) {
      const pipeline = sharp(base.data, { raw: base.info });
      if (target < base.info.width) pipeline.resize({ width: target });
      result = pipeline.webp({ quality: WEBP_QUALITY, effort: options.effort ?? 4 }).toBuffer();
      encoded.set(target, result);
    }
    return result;
  };

  const written: string[] = [];
  try {
    const names = storedImageFiles(filename);
    const buffers = await Promise.all(IMAGE_WIDTHS.map(encodeAt));
    // IMAGE_WIDTHS ascends, so the canonical file comes last: its presence means all variants exist.
    for (const [index, name] of names.entries()) {
      const key = fileKey(folder, name);
      await files.put(key, buffers[index]!, 'image/webp');
      written.push(key);
    }
  } catch (error) {
    // Best effort: the write's own error is the one to report.
    await Promise.all(written.map((key) => files.delete(key).catch(() => undefined)));
    throw error;
  }
  return filename;
}

/**
 * Copies a stored image, every width, under a new random name, so the copy's files never go
 * with the original's (removeImage deletes by name). A name this module did not make is returned
 * as it is: removeImage never deletes such a file, so sharing it is safe. Undefined when one of
 * the original's files is missing (nothing of the copy is left behind).
 */
export async function copyImage(
  filename: string,
  folder: ImageFolder,
  files: FileStorage,
): Promise<string | undefined> {
  if (!STORED_NAME.test(filename)) return filename;
  const copy = `${randomBytes(16).toString('hex')}.webp`;
  const sources = storedImageFiles(filename);
  const targets = storedImageFiles(copy);
  const written: string[] = [];
  try {
    // In IMAGE_WIDTHS order, so the canonical file (whose presence means all exist) comes last.
    for (const [index, name] of sources.entries()) {
      const body = await files.read(fileKey(folder, name));
      if (!body) {
        await Promise.all(written.map((key) => files.delete(key).catch(() => undefined)));
        return undefined;
      }
      const key = fileKey(folder, targets[index]!);
      await files.put(key, body, 'image/webp');
      written.push(key);
    }
  } catch (error) {
    await Promise.all(written.map((key) => files.delete(key).catch(() => undefined)));
    throw error;
  }
  return copy;
}

/** Deletes a stored image and its width variants; names this module did not make are ignored. */
export async function removeImage(
  filename: string,
  folder: ImageFolder,
  files: FileStorage,
): Promise<void> {
  if (!STORED_NAME.test(filename)) return;
  await Promise.all(storedImageFiles(filename).map((name) => files.delete(fileKey(folder, name))));
}

/** The files that hold one stored image, in IMAGE_WIDTHS order: width variants, then the canonical name. */
export function storedImageFiles(filename: string): string[] {
  return IMAGE_WIDTHS.map((width) =>
    width === LARGEST_WIDTH ? filename : imageVariantName(filename, width),
  );
}
