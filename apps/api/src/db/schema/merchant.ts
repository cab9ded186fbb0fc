import { sql } from 'drizzle-orm';
import type { MessageParam } from '@shop/shared';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A text of the API catalogue with its placeholders' values (e.g. Google's refusal of a field),
 * kept as such so it is shown in the language of whoever reads it later.
 */
export interface StoredNotice {
  key: string;
  params?: Record<string, MessageParam>;
}

/** One product update all could not send, and why. */
export interface StoredBulkFailure {
  product_id: number;
  product_name: string;
  reason: StoredNotice;
}

/** Google Merchant's settings of the shop: a single row with id 1. */
export const merchantSettings = pgTable(
  'merchant_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Push product changes, stock reaching zero and deletions in the background. */
    auto_sync: boolean('auto_sync').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('merchant_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * What the shop knows of each product in Google Merchant: the fields the shop's products do not
 * have (saved from the owner's last push of the product, so update all and the background sync
 * send them too) and the latest push. Not tied to the products table: the record of a push
 * outlives a product deleted from the shop.
 */
export const merchantProducts = pgTable(
  'merchant_products',
  {
    product_id: integer('product_id').primaryKey(),
    /** The owner's brand for this product; null: the store's name. */
    brand: text('brand'),
    gtin: text('gtin'),
    mpn: text('mpn'),
    google_product_category: text('google_product_category'),
    last_push_at: timestamp('last_push_at', { withTimezone: true }),
    last_push_result: text('last_push_result').$type<'updated' | 'deleted' | 'failed'>(),
    last_push_source: text('last_push_source').$type<'manual' | 'bulk' | 'auto'>(),
    /** Why the latest push failed (null when it succeeded). */
    last_push_notice: jsonb('last_push_notice').$type<StoredNotice>(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'merchant_products_last_push_result',
      sql`${table.last_push_result} is null or ${table.last_push_result} in ('updated', 'deleted', 'failed')`,
    ),
    check(
      'merchant_products_last_push_source',
      sql`${table.last_push_source} is null or ${table.last_push_source} in ('manual', 'bulk', 'auto')`,
    ),
    index('merchant_products_last_push_idx').on(table.last_push_source, table.last_push_at),
  ],
);

/**
 * Update-all runs: progress written as the run goes (so a reloaded page sees it), the failures
 * with their reasons. At most one runs at a time, whichever process started it (the partial
 * unique index). `heartbeat_at` moves while the run's process lives; a run whose heartbeat
 * stopped is marked failed by the next reader.
 */
export const merchantBulkRuns = pgTable(
  'merchant_bulk_runs',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<'running' | 'finished' | 'failed'>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    successful: integer('successful').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    failures: jsonb('failures').$type<StoredBulkFailure[]>().notNull().default([]),
    /** Why the whole run stopped (e.g. the credentials were refused). */
    error: jsonb('error').$type<StoredNotice>(),
    started_by: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('merchant_bulk_runs_status', sql`${table.status} in ('running', 'finished', 'failed')`),
    uniqueIndex('merchant_bulk_runs_one_running')
      .on(table.status)
      .where(sql`${table.status} = 'running'`),
  ],
);

/**
 * Products waiting to be pushed by the background sync, one row per product (a newer change
 * replaces the older one: `version` counts them). A worker claims due rows (`claimed_until`)
 * with FOR UPDATE SKIP LOCKED, so no two processes push one product at once; a claim whose
 * process died expires. Failures are retried with a growing delay, then kept as 'failed'.
 */
export const merchantSyncQueue = pgTable(
  'merchant_sync_queue',
  {
    product_id: integer('product_id').primaryKey(),
    action: text('action').$type<'upsert' | 'delete'>().notNull(),
    version: integer('version').notNull().default(1),
    status: text('status').$type<'pending' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    last_error: jsonb('last_error').$type<StoredNotice>(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('merchant_sync_queue_action', sql`${table.action} in ('upsert', 'delete')`),
    check('merchant_sync_queue_status', sql`${table.status} in ('pending', 'failed')`),
    index('merchant_sync_queue_due_idx').on(table.status, table.next_attempt_at),
  ],
);
