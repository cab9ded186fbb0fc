import { constants, mkdirSync, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_FOLDERS } from '@shop/shared';
import {
  checkedKey,
  contentTypeOf,
  FileStorageError,
  type FileStorage,
  type OpenedFile,
  type StoredFileInfo,
} from './file-storage.js';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Weak, like the static file servers': size and modification time (the names are never reused). */
function infoOf(key: string, stats: Stats): StoredFileInfo {
  return {
    contentType: contentTypeOf(key),
    size: stats.size,
    etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime,
  };
}

/** Files under a directory on this machine (`DATA_DIR/uploads`), one sub-directory per image folder. */
export function createLocalFileStorage(directory: string): FileStorage {
  // Made now, so a read-only or missing disk fails start-up rather than the first upload.
  for (const folder of IMAGE_FOLDERS) mkdirSync(path.join(directory, folder), { recursive: true });
  const pathOf = (key: string) => path.join(directory, checkedKey(key));

  async function statFile(key: string): Promise<Stats | undefined> {
    try {
      const stats = await fs.stat(pathOf(key));
      return stats.isFile() ? stats : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    kind: 'local',

    async put(key, body) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
    },

    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async stat(key) {
      const stats = await statFile(key);
      return stats && infoOf(key, stats);
    },

    async open(key): Promise<OpenedFile | undefined> {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      // Details and bytes from the same open file, even if it is replaced meanwhile.
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return undefined;
        }
        return { ...infoOf(key, stats), body: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async exists(key) {
      return (await statFile(key)) !== undefined;
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async check() {
      try {
        await fs.access(directory, constants.W_OK);
      } catch (error) {
        throw new FileStorageError(`uploads directory ${directory} is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
      }
    },

    publicUrl() {
      return undefined;
    },

    close() {},
  };
}
