import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Setup } from '../../config.js';
import {
  checkedKey,
  contentTypeOf,
  FileStorageError,
  IMMUTABLE_CACHE_CONTROL,
  type FileStorage,
  type OpenedFile,
  type StoredFileInfo,
} from './file-storage.js';

/** A bucket that does not answer a connection within this is treated as down. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Longest one call may take, streaming a large image to a slow phone included. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Readiness probes are frequent: a slow bucket counts as not ready rather than holding the probe. */
const CHECK_TIMEOUT_MS = 3_000;
/**
 * Open connections to the bucket per process. A streamed image holds one until the visitor has
 * it, so this is above the SDK's default of 50 that a page of slow phones could exhaust.
 */
const MAX_SOCKETS = 200;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

export interface S3StorageOptions {
  /** Told of every failed call once, where it happened (the error then travels up as a 503). */
  log?: { warn: (details: object, message: string) => void };
}

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, ...). */
export function createS3FileStorage(setup: S3Setup, options: S3StorageOptions = {}): FileStorage {
  const client = new S3Client({
    endpoint: setup.endpoint,
    region: setup.region,
    forcePathStyle: setup.forcePathStyle,
    credentials: { accessKeyId: setup.accessKeyId, secretAccessKey: setup.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // default headers, and MD5/ETag already guard what is stored.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
  const Bucket = setup.bucket;

  /** The SDK's error, with what was attempted; S3 messages never contain the credentials. */
  function failure(operation: string, key: string | undefined, error: unknown): FileStorageError {
    const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : '';
    const what = key === undefined ? `bucket ${Bucket}` : `${key} in bucket ${Bucket}`;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const wrapped = new FileStorageError(`object storage ${operation} of ${what} failed${status}: ${reason}`, { cause: error });
    options.log?.warn({ reason: wrapped.message }, 'object storage unavailable');
    return wrapped;
  }

  function infoOf(
    key: string,
    response: { ContentLength?: number | undefined; ETag?: string | undefined; LastModified?: Date | undefined },
  ): StoredFileInfo {
    return {
      // By the name, never by what the bucket says: only image types leave this origin.
      contentType: contentTypeOf(key),
      size: response.ContentLength ?? 0,
      etag: response.ETag ?? `"${key}"`,
      lastModified: response.LastModified ?? new Date(0),
    };
  }

  async function stat(key: string): Promise<StoredFileInfo | undefined> {
    const Key = checkedKey(key);
    try {
      return infoOf(key, await client.send(new HeadObjectCommand({ Bucket, Key })));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw failure('lookup', key, error);
    }
  }

  async function open(key: string): Promise<OpenedFile | undefined> {
    const Key = checkedKey(key);
    let response;
    try {
      response = await client.send(new GetObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw failure('read', key, error);
    }
    // On Node.js the SDK's body is the HTTP response itself.
    if (!(response.Body instanceof Readable)) throw failure('read', key, new Error('the response has no readable body'));
    return { ...infoOf(key, response), body: response.Body };
  }

  return {
    kind: 's3',

    async put(key, body, contentType) {
      const Key = checkedKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
            // For a CDN that serves the bucket directly (S3_PUBLIC_URL).
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw failure('write', key, error);
      }
    },

    async read(key) {
      const opened = await open(key);
      if (!opened) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of opened.body) chunks.push(chunk as Buffer);
      } catch (error) {
        throw failure('read', key, error);
      }
      return Buffer.concat(chunks);
    },

    stat,
    open,

    async exists(key) {
      return (await stat(key)) !== undefined;
    },

    async delete(key) {
      const Key = checkedKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw failure('delete', key, error);
      }
    },

    async check(signal) {
      const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw failure('check', undefined, error);
      }
    },

    publicUrl(key) {
      return setup.publicUrl === undefined ? undefined : `${setup.publicUrl}/${checkedKey(key)}`;
    },

    close() {
      client.destroy();
    },
  };
}
