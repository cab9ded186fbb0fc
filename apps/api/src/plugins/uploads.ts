import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IMMUTABLE_CACHE_CONTROL,
  isFileKey,
  type FileStorage,
  type StoredFileInfo,
} from '../lib/file-storage/index.js';
import { sendError } from './errors.js';

const PREFIX = '/uploads/';
/**
 * How long browsers may keep the redirect to S3_PUBLIC_URL: the file behind it never changes,
 * but the public address might (a new CDN), and that should reach visitors within a day.
 */
const REDIRECT_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The storage key of an /uploads/ URL, or undefined for anything that is not exactly
 * `/uploads/<folder>/<name>` with a plain name: `..`, encoded separators, dotfiles and NUL bytes
 * are refused here, before the storage is asked.
 */
export function uploadKeyOf(url: string): string | undefined {
  const pathname = url.split('?', 1)[0]!;
  if (!pathname.startsWith(PREFIX)) return undefined;
  const segments = pathname.slice(PREFIX.length).split('/');
  if (segments.length !== 2) return undefined;
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const key = decoded.join('/');
  return isFileKey(key) ? key : undefined;
}

/** RFC 9110 §13.1.2 and §13.1.3: If-None-Match (weak comparison) wins over If-Modified-Since. */
function notModified(request: FastifyRequest, info: StoredFileInfo): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    const wanted = opaque(info.etag);
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

function describe(reply: FastifyReply, info: StoredFileInfo): FastifyReply {
  return reply
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('cache-control', IMMUTABLE_CACHE_CONTROL);
}

/**
 * Serves stored images at /uploads/{products,categories,slider,settings}/<name> from the file
 * storage (decision 025): streamed from the disk or the bucket with ETag and Last-Modified, or,
 * with S3_PUBLIC_URL, a redirect to the CDN. Names are random and never reused, so replies are
 * cacheable for a year. A missing file, or a path that is not a stored file's, is a 404.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { storage: FileStorage }): Promise<void> {
  const { storage } = options;

  // This plugin is its own encapsulated context, so the handler covers only /uploads: a client's
  // malformed request is the same 404 as a missing file, logged at info level; the storage being
  // down is a 503 (FileStorageError's statusCode), logged as an error by the shop's handler.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) throw error;
    request.log.info({ err: error, url: request.url }, 'upload path refused');
    return sendError(reply, 'NOT_FOUND', 'error.not_found');
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${PREFIX}*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = uploadKeyOf(request.url);
      if (key === undefined) {
        request.log.info({ url: request.url }, 'upload path refused');
        return sendError(reply, 'NOT_FOUND', 'error.not_found');
      }
      reply.header('x-content-type-options', 'nosniff');

      const publicUrl = storage.publicUrl(key);
      if (publicUrl !== undefined) {
        return reply
          .header('cache-control', `public, max-age=${REDIRECT_MAX_AGE_SECONDS}`)
          .redirect(publicUrl, 302);
      }

      // A revalidation or a HEAD needs only the details; the bytes are fetched when they are sent.
      const conditional =
        request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;
      if (request.method === 'HEAD' || conditional) {
        const info = await storage.stat(key);
        if (!info) return sendError(reply, 'NOT_FOUND', 'error.not_found');
        if (notModified(request, info)) return describe(reply, info).code(304).send();
        if (request.method === 'HEAD') {
          return describe(reply, info).type(info.contentType).header('content-length', info.size).send();
        }
      }
      const file = await storage.open(key);
      if (!file) return sendError(reply, 'NOT_FOUND', 'error.not_found');
      return describe(reply, file).type(file.contentType).header('content-length', file.size).send(file.body);
    },
  });
}
