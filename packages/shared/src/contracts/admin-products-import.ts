import { z } from 'zod';
import { PRODUCT_IMPORT_ACTIONS } from '../products-export.js';
import { booleanQuery, errorCodes } from './common.js';

/**
 * POST /api/admin/products/import (docs/decisions/056): a CSV file in the export's columns
 * (multipart field `file`), read whole and checked cell by cell; `?dry_run=true` only tells what
 * each row would do. Applied, it is all or nothing: any row in error refuses the file (422) with
 * the same rows.
 */

export const productImportQuerySchema = z.object({
  /** true: change nothing, answer what each row would do. */
  dry_run: booleanQuery.optional(),
});
export type ProductImportQuery = z.output<typeof productImportQuerySchema>;

/** A cell's value before and after, as the export writes it ("" for none; `from` null: a new product). */
export const productImportChangeSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
});

/** A refusal of one cell (`column`) or of the whole row (`column` null), in the request's language. */
export const productImportErrorSchema = z.object({
  column: z.string().nullable(),
  message: z.string(),
});

export const productImportRowSchema = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  action: z.enum(PRODUCT_IMPORT_ACTIONS),
  /** The product it updates (or leaves unchanged); null for a new one, or when not found. */
  product_id: z.number().int().nullable(),
  /** The cells that change, by column. */
  changes: z.record(z.string(), productImportChangeSchema),
  errors: z.array(productImportErrorSchema),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const productImportSummarySchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with at least one error. */
  errors: z.number().int(),
});
export type ProductImportSummary = z.infer<typeof productImportSummarySchema>;

const outcomeShape = {
  rows: z.array(productImportRowSchema),
  summary: productImportSummarySchema,
};

/** 200: the dry run's outcome (nothing changed, `import_id` null), or the applied import's. */
export const productImportResponseSchema = z.object({
  success: z.literal(true),
  dry_run: z.boolean(),
  /** The applied import (product_imports.id), which the stock ledger and activity trail name. */
  import_id: z.number().int().nullable(),
  ...outcomeShape,
});
export type ProductImportResponse = z.infer<typeof productImportResponseSchema>;

/** 422: applying was refused because rows have errors; nothing changed. */
export const productImportRefusedSchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes),
  message: z.string(),
  ...outcomeShape,
});
export type ProductImportRefused = z.infer<typeof productImportRefusedSchema>;
