import type { Readable } from 'node:stream';
import { IMAGE_FOLDERS, type ImageFolder } from '@shop/shared';
import { AppError } from '../../errors.js';

/**
 * Where the shop's uploaded and generated files live (docs/decisions/025): the local disk under
 * DATA_DIR, or an S3-compatible bucket. Keys are `<folder>/<name>` with a folder of
 * IMAGE_FOLDERS, the same path the file has under /uploads/.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a key (a new, random name: nothing is ever overwritten on purpose). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The whole file, or undefined when nothing is stored under the key. */
  read(key: string): Promise<Buffer | undefined>;
  /** What a reply needs to know about a file without its bytes, or undefined when missing. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** The file as a stream, with its details, or undefined when missing. */
  open(key: string): Promise<OpenedFile | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Cheap proof that the storage can be used now (the bucket answers, or the directory is
   * writable), for readiness checks; throws a FileStorageError saying what is wrong. `signal`
   * abandons it early (the caller's own timeout).
   */
  check(signal?: AbortSignal): Promise<void>;
  /** An absolute address where browsers may fetch the file directly (S3_PUBLIC_URL), if any. */
  publicUrl(key: string): string | undefined;
  /** Releases connections (the app is closing). */
  close(): void;
}

export interface StoredFileInfo {
  contentType: string;
  size: number;
  /** A quoted entity tag, as sent in the ETag header. */
  etag: string;
  lastModified: Date;
}

export interface OpenedFile extends StoredFileInfo {
  body: Readable;
}

/**
 * The storage could not be reached or refused the operation: the shop's 503 SERVICE_UNAVAILABLE
 * for the client, while the message (for logs and readiness) names the operation and the key,
 * never a credential.
 */
export class FileStorageError extends AppError {
  override name = 'FileStorageError';

  constructor(description: string, options?: { cause?: unknown }) {
    super('SERVICE_UNAVAILABLE', 'error.service_unavailable');
    this.message = description;
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/**
 * Stored files are never changed in place (every write is a new random name), so browsers and
 * CDNs may keep them for a year without asking again.
 */
export const IMMUTABLE_CACHE_CONTROL = `public, max-age=${365 * 24 * 60 * 60}, immutable`;

/** Letters, digits, `_`, `-` and inner dots: no separators, no dotfiles, no `..`. */
const FILE_NAME = /^[A-Za-z0-9_-](?:[A-Za-z0-9_.-]{0,198}[A-Za-z0-9_-])?$/;

/** Whether a string is a key this storage accepts: `<image folder>/<plain file name>`. */
export function isFileKey(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash === -1) return false;
  const folder = key.slice(0, slash);
  const name = key.slice(slash + 1);
  return (
    (IMAGE_FOLDERS as readonly string[]).includes(folder) && FILE_NAME.test(name) && !name.includes('..')
  );
}

/** The key of a file in an image folder; throws on a name that could leave the folder. */
export function fileKey(folder: ImageFolder, name: string): string {
  return checkedKey(`${folder}/${name}`);
}

/** The key itself when valid; every implementation checks before touching its store. */
export function checkedKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 120))}`);
  return key;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The Content-Type of a stored file by its extension (octet-stream for anything else). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
