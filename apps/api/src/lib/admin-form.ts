import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '@shop/shared';
import type { z } from 'zod';
import { requireUser } from '../plugins/auth.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';
import { parseForm, readFormBody, type UploadedFile } from './form-body.js';

/** Who is making a back-office write, for the audit trail (the route's permission hook has run). */
export function actorOf(request: FastifyRequest): Actor {
  const { user } = requireUser(request);
  return { id: user.id, email: user.email };
}

/**
 * The bytes of the one file sent in a form's file field, or undefined when none was; a second
 * file in the same field is refused on that field with `tooManyKey`.
 */
export function singleFile(
  files: readonly UploadedFile[],
  field: string,
  tooManyKey: string,
): Buffer | undefined {
  const sent = files.filter((file) => file.field === field);
  if (sent.length > 1) throw AppError.validation([{ field, message: tooManyKey }]);
  return sent[0]?.data;
}

/**
 * A back-office form with one file field (multipart or JSON): its fields parsed by `schema`, then
 * the bytes of the file sent in `fileField` (undefined when none was; a second one is refused
 * with `tooManyKey`).
 */
export async function readSingleFileForm<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
  fileField: string,
  tooManyKey: string,
): Promise<{ input: z.output<T>; file: Buffer | undefined }> {
  const form = await readFormBody(request, [fileField]);
  const input = parseForm(schema, form.fields);
  return { input, file: singleFile(form.files, fileField, tooManyKey) };
}

/** The refusals every back-office route documents: no session, no permission, the generic 500. */
export const ADMIN_ROUTE_FAILURES = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  500: errorResponseSchema,
};

/** A back-office read with a query: ADMIN_ROUTE_FAILURES and a bad query (400). */
export const QUERY_ROUTE_FAILURES = { ...ADMIN_ROUTE_FAILURES, 400: errorResponseSchema };

/** A back-office route on one row: a bad id (400), no such row (404), and ADMIN_ROUTE_FAILURES. */
export const ID_ROUTE_FAILURES = { ...QUERY_ROUTE_FAILURES, 404: errorResponseSchema };

/**
 * What every write answers to a body it cannot read, even one that takes none (a duplicate): too
 * large (413) or of another content type (415).
 */
export const BODY_FAILURES = { 413: errorResponseSchema, 415: errorResponseSchema };

/**
 * The refusals a back-office JSON write documents: ID_ROUTE_FAILURES (400 is also a bad field), a
 * conflict such as a taken name or code (409), a body too large (413) or of another content type
 * (415).
 */
export const JSON_WRITE_ROUTE_FAILURES = {
  ...ID_ROUTE_FAILURES,
  409: errorResponseSchema,
  ...BODY_FAILURES,
};

/**
 * The refusals a back-office form route documents: bad fields, no session, no permission, no
 * such row, a body too large or of another content type, and the generic 500.
 */
export const FORM_ROUTE_FAILURES = {
  ...ID_ROUTE_FAILURES,
  ...BODY_FAILURES,
};
