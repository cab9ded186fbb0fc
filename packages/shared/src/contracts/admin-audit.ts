import { z } from 'zod';
import {
  blankAsUndefined,
  pageQueryFields,
  paginationSchema,
  plainText,
  strictId,
  successShape,
} from './common.js';

/**
 * The back office's activity view: the audit trail of every back-office write.
 *
 * - `GET /api/admin/audit-log` (`audit.read`: administrators): one page of entries, newest first
 *   (created_at desc, id desc), filtered by `actor_id` and `entity`; `pagination.total` counts
 *   every matching entry; `actors` and `entities` are everyone and everything the whole trail
 *   names (for the two filters), whatever the filters.
 */

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE_MAX = 100;
/** Longest entity name accepted as a filter (the trail's names are short table names). */
export const AUDIT_ENTITY_MAX = 64;

export const auditLogQuerySchema = z.object({
  /** Changes made by this account; absent or empty: by anyone. */
  actor_id: z.preprocess(blankAsUndefined, strictId('audit.actor_invalid').optional()),
  /** Changes to this kind of thing (products, categories, orders, …); absent or empty: any. */
  entity: z.preprocess(
    blankAsUndefined,
    plainText('audit.entity_invalid')
      .trim()
      .max(AUDIT_ENTITY_MAX, 'audit.entity_invalid')
      .regex(/^[a-z_-]+$/, 'audit.entity_invalid')
      .optional(),
  ),
  ...pageQueryFields({ defaultLimit: AUDIT_PAGE_SIZE, maxLimit: AUDIT_PAGE_SIZE_MAX }),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** One changed field: its value before and after (null when it did not exist). */
export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null once the account that made the change is deleted (actor_email stays). */
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  /** The account's current name; null when it no longer exists. */
  actor_name: z.string().nullable(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  /** create, update, delete, or a named action such as status_change. */
  action: z.string(),
  /** Changed fields: money in thousandths (fils), as the database keeps it. */
  changes: z.record(z.string(), auditChangeSchema).nullable(),
  created_at: z.string(),
  /**
   * The record's name in the request's language (a product's or category's name, an order's
   * number, a promo code, a city…): its current one while it exists, else the one the entry
   * kept. Null when the record has no name (the store settings) or the entry kept none.
   */
  record_name: z.string().nullable(),
  /** True when the entry's record no longer exists (named from its snapshot, not linked). */
  record_deleted: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Names of the records a page's changes point to: kind → id → name (existing records only). */
export const auditNamesSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type AuditNames = z.infer<typeof auditNamesSchema>;

/** Someone whose changes are in the trail, with the account's current e-mail and name. */
export const auditActorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditLogResponseSchema = successShape({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
  actors: z.array(auditActorSchema),
  entities: z.array(z.string()),
  names: auditNamesSchema,
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
