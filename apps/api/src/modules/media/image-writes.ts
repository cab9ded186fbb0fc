import type { ImageFolder } from '@shop/shared';
import type { FileStorage } from '../../lib/file-storage/index.js';
import { removeImage, storeImage } from './service.js';

/**
 * The picture side of a back-office write in one uploads folder: a new picture is stored before
 * the write and removed again if the write fails; a file no longer used once a write committed is
 * removed, and a failure there is reported to `onCleanupError`, not thrown (the write succeeded).
 */
export function imageWrites(
  folder: ImageFolder,
  files: FileStorage,
  onCleanupError?: (error: unknown) => void,
) {
  /** Removes a stored picture's files; nothing when there is none. */
  async function discard(filename: string | null | undefined): Promise<void> {
    if (!filename) return;
    try {
      await removeImage(filename, folder, files);
    } catch (error) {
      onCleanupError?.(error);
    }
  }

  /** Stores the new picture, runs the write, and removes the picture again if the write failed. */
  async function withNewImage<T>(
    image: Buffer | undefined,
    write: (filename: string | null) => Promise<T>,
  ): Promise<T> {
    const filename = image ? await storeImage(image, folder, files) : null;
    try {
      return await write(filename);
    } catch (error) {
      await discard(filename);
      throw error;
    }
  }

  return { discard, withNewImage };
}
