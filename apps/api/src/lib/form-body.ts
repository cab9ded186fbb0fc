import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { MAX_IMAGE_UPLOAD_BYTES as MAX_IMAGE_BYTES, MAX_UPLOAD_PIXELS } from '@shop/shared';
import { imagePixels } from './image-header.js';

/** One uploaded file, read whole into memory (images only, at most MAX_IMAGE_BYTES each). */
export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

/** A back-office form: its text fields (a repeated name keeps its last value) and its files. */
export interface FormBody {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

/** Most files one form may carry (a product's new images). */
export const MAX_FORM_FILES = 10;
const MAX_FORM_FIELDS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Registers multipart parsing for the back office's forms. Parts are read by readFormBody, so a
 * route that does not read them costs nothing.
 */
export const formBodyPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_FORM_FILES,
        fields: MAX_FORM_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FORM_FILES + MAX_FORM_FIELDS,
      },
    });
  },
  { name: 'form-body' },
);

/** The pixel budget of one request, in the messages' unit. */
const MAX_UPLOAD_MEGAPIXELS = Math.round(MAX_UPLOAD_PIXELS / 1_000_000);

function tooManyPixels(field: string): AppError {
  const params = { max: MAX_UPLOAD_MEGAPIXELS };
  return new AppError(
    'VALIDATION_ERROR',
    'error.images_too_many_pixels',
    [{ field, message: 'error.images_too_many_pixels', params }],
    params,
  );
}

function tooManyFiles(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'error.too_many_files', undefined, {
    max: MAX_FORM_FILES,
  });
}

/** Maps what busboy and @fastify/multipart throw to the API's own errors. */
function formError(error: unknown, currentFile: string | undefined): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const params = { max: Math.round(MAX_IMAGE_BYTES / (1024 * 1024)) };
      return new AppError(
        'VALIDATION_ERROR',
        'error.image_file_too_large',
        [{ field: currentFile ?? 'image', message: 'error.image_file_too_large', params }],
        params,
      );
    }
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'error.payload_too_large');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'error.multipart_required');
    default:
      // A body cut short, a broken boundary or any other malformed stream.
      return new AppError('VALIDATION_ERROR', 'error.form_incomplete');
  }
}

/**
 * Reads a back-office form sent as multipart/form-data or as JSON (no files then). `fileFields`
 * names the fields that may carry files; a file anywhere else is refused, and so is anything
 * past the limits, among them MAX_UPLOAD_PIXELS: the images' sizes are read from their headers
 * as they arrive, and once they add up to more the rest of the form is read and dropped and the
 * form refused, before any image is decoded or stored. Field values stay strings (multipart) or JSON values; the route's zod schema
 * turns them into typed values.
 */
export async function readFormBody(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<FormBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, files: [] };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'error.multipart_required');
    }
    return { fields: { ...(body as Record<string, unknown>) }, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let currentFile: string | undefined;
  let pixels = 0;
  let overBudget: AppError | undefined;
  try {
    for await (const part of request.parts()) {
      if (overBudget) {
        // Read to the end and dropped: a browser reads the answer only once it has sent the body.
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      currentFile = part.fieldname;
      if (!fileFields.includes(part.fieldname)) {
        // Drain it so the stream ends cleanly, then refuse.
        part.file.resume();
        throw new AppError(
          'VALIDATION_ERROR',
          'error.unexpected_file',
          [
            {
              field: part.fieldname,
              message: 'error.unexpected_file',
              params: { field: part.fieldname },
            },
          ],
          { field: part.fieldname },
        );
      }
      const data = await part.toBuffer();
      // An empty file input ("no file chosen") is sent as a nameless, empty part.
      if (data.length === 0 && !part.filename) continue;
      pixels += await imagePixels(data);
      currentFile = undefined;
      if (pixels > MAX_UPLOAD_PIXELS) {
        overBudget = tooManyPixels(part.fieldname);
        files.length = 0;
        continue;
      }
      files.push({ field: part.fieldname, filename: part.filename, data });
    }
    if (overBudget) throw overBudget;
  } catch (error) {
    // Past the budget, a later part's own fault (a file over its size) is not the news.
    throw overBudget ?? formError(error, currentFile);
  }
  return { fields, files };
}

/**
 * Parses a form's fields with its contract schema; a refusal becomes VALIDATION_ERROR with one
 * detail per field (the schema's messages are catalogue keys, translated by the error handler).
 */
export function parseForm<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.output<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw AppError.validation(
    result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || 'body',
      message: issue.message,
    })),
  );
}
