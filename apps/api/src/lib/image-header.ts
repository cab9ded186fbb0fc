import sharp, { type Metadata } from 'sharp';

/** Formats accepted from uploads. SVG is not one: it is a document, not a picture. */
// AVIF files report the format "heif".
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'heif',
]);

/**
 * The pixels an upload would be decoded into (width × height of its first frame, which is all
 * the media service's storeImage decodes), read from the file's header only: nothing is decoded.
 * 0 for bytes that are not a picture in an accepted format (storeImage refuses those on their
 * own, before decoding).
 */
export async function imagePixels(input: Buffer): Promise<number> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return 0;
  }
  if (!ACCEPTED_IMAGE_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) return 0;
  return metadata.width * (metadata.pageHeight ?? metadata.height);
}
