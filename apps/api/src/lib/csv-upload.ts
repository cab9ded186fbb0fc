import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { FastifyRequest } from 'fastify';
import type { ApiMessageKey } from '@shop/shared';
import { AppError } from '../errors.js';

/**
 * Reading a CSV file uploaded to the back office (the products import, docs/decisions/056): the
 * multipart file is parsed by csv-parse as it arrives, never held whole, with its limits checked
 * while it is read. The file is UTF-8, with or without a byte order mark, CRLF or LF; quoted cells
 * may hold commas, quotes and line breaks.
 */

export interface CsvUploadLimits {
  /** The multipart field that carries the file. */
  field: string;
  /** Largest file, in bytes. */
  maxBytes: number;
  /** Most records after the header row. */
  maxRecords: number;
  /** Refusals, each a message key of the caller's area. */
  messages: {
    required: ApiMessageKey;
    oneFile: ApiMessageKey;
    tooLarge: ApiMessageKey;
    tooManyRecords: ApiMessageKey;
    empty: ApiMessageKey;
    notText: ApiMessageKey;
    invalid: ApiMessageKey;
  };
}

export interface CsvUpload {
  /** The file's name as the browser gave it. */
  filename: string;
  /** The header row's cells as written. */
  header: string[];
  /** Every record after the header, its cells as written (a record may have more or fewer cells). */
  records: string[][];
}

function fileError(key: ApiMessageKey, params?: Record<string, string | number>): AppError {
  return new AppError('VALIDATION_ERROR', key, [{ field: 'file', message: key, params }], params);
}

/**
 * Decodes the bytes as UTF-8 (a byte order mark dropped), refusing what is not text: bytes that
 * are not UTF-8, or a NUL character (a spreadsheet's binary file, an image, a zip).
 */
function utf8Text(notText: () => AppError): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decoded = (text: string, done: (error?: Error | null, data?: string) => void) =>
    text.includes('\u0000') ? done(notText()) : done(null, text);
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, done) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        done(notText());
        return;
      }
      decoded(text, done);
    },
    flush(done) {
      let text: string;
      try {
        text = decoder.decode();
      } catch {
        done(notText());
        return;
      }
      decoded(text, done);
    },
  });
}

/** Parses one CSV byte stream into its header and records, within the limits. */
async function parseCsv(
  file: Readable & { truncated?: boolean },
  limits: CsvUploadLimits,
): Promise<{ header: string[]; records: string[][] }> {
  const { messages } = limits;
  let header: string[] | undefined;
  const records: string[][] = [];
  const sink = new Writable({
    objectMode: true,
    write(record: string[], _encoding, done) {
      if (header === undefined) header = record;
      else if (records.length >= limits.maxRecords) {
        done(fileError(messages.tooManyRecords, { max: limits.maxRecords }));
        return;
      } else records.push(record);
      done();
    },
  });
  try {
    await pipeline(
      file,
      utf8Text(() => fileError(messages.notText)),
      // Ragged rows are the caller's to report on their row, not a refusal of the whole file.
      parse({ bom: true, relax_column_count: true }),
      sink,
    );
  } catch (error) {
    // Past the size limit busboy ends the file early: whatever else broke is the cut's doing.
    if (file.truncated) throw tooLarge(limits);
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw fileError(messages.invalid, { line });
    }
    throw error;
  }
  if (file.truncated) throw tooLarge(limits);
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    throw fileError(messages.empty);
  }
  return { header, records };
}

function tooLarge(limits: CsvUploadLimits): AppError {
  const params = { max: Math.round(limits.maxBytes / (1024 * 1024)) };
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    limits.messages.tooLarge,
    [{ field: 'file', message: limits.messages.tooLarge, params }],
    params,
  );
}

/**
 * Reads the one CSV file of a multipart request's `limits.field` as it arrives: other text fields
 * are ignored; a second file, a file in another field, no file, a file over `maxBytes` or with more
 * than `maxRecords` records, bytes that are not UTF-8 text and a file that is not CSV are refused
 * with the caller's messages.
 */
export async function readCsvUpload(
  request: FastifyRequest,
  limits: CsvUploadLimits,
): Promise<CsvUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'error.multipart_required');
  let upload: CsvUpload | undefined;
  let refusal: AppError | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: 1 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== limits.field || refusal) {
        part.file.resume();
        refusal ??= fileError(limits.messages.oneFile);
        continue;
      }
      try {
        const parsed = await parseCsv(part.file, limits);
        upload = { filename: part.filename || 'import.csv', ...parsed };
      } catch (error) {
        // The rest of the request is read and dropped: a browser reads the answer once it has sent it all.
        part.file.resume();
        if (!(error instanceof AppError)) throw error;
        refusal = error;
      }
    }
  } catch (error) {
    if (refusal) throw refusal;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw fileError(limits.messages.oneFile);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limits);
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_ERROR', 'error.form_incomplete');
  }
  if (refusal) throw refusal;
  if (!upload) throw fileError(limits.messages.required);
  return upload;
}
