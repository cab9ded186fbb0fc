import { IMAGE_WIDTHS, type ImageFolder } from './constants.js';

/** URL path of a stored image, e.g. /uploads/products/abc.webp */
export function uploadUrl(folder: ImageFolder, filename: string): string {
  return `/uploads/${folder}/${encodeURIComponent(filename)}`;
}

/** The file name of one stored width of an image ("abc.webp" at 320 -> "abc-320.webp"). */
export function imageVariantName(filename: string, width: number): string {
  const dot = filename.lastIndexOf('.');
  const base = dot === -1 ? filename : filename.slice(0, dot);
  const extension = dot === -1 ? '' : filename.slice(dot);
  return `${base}-${width}${extension}`;
}

/**
 * A srcset for an image URL path produced by uploadUrl. The largest width is the file itself;
 * smaller widths are stored beside it by the media module.
 */
export function imageSrcSet(url: string): string {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return IMAGE_WIDTHS.map((width) =>
    width === largest ? `${url} ${width}w` : `${imageVariantName(url, width)} ${width}w`,
  ).join(', ');
}
