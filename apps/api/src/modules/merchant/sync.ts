import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { inStockSql } from '../../db/sql-rules.js';
import {
  merchantProducts,
  merchantSettings,
  merchantSyncQueue,
  type StoredNotice,
} from '../../db/schema/merchant.js';
import type { MerchantCatalogue } from './catalogue.js';
import type { MerchantPusher, PushOutcome, StoreDefaults } from './push.js';
import type { MerchantRecords } from './records.js';

/**
 * Keeping Google current: when Merchant is configured and the owner turned
 * automatic sync on, a product's change, its stock reaching zero and its deletion are queued in
 * merchant_sync_queue (one row per product: the latest change wins) in the same transaction as
 * the change, and a worker in every server process pushes them. Rows are claimed with FOR UPDATE
 * SKIP LOCKED and a lease, so two processes never push one product at once, and a claim whose
 * process died expires. A failure is retried after growing delays, then kept as 'failed' for the
 * tab to show.
 */

export type SyncAction = 'upsert' | 'delete';

export interface MerchantSyncDeps {
  db: Database;
  pusher: MerchantPusher;
  catalogue: Pick<MerchantCatalogue, 'get'>;
  records: Pick<MerchantRecords, 'of' | 'recordPushes'>;
  storeDefaults: () => Promise<StoreDefaults>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long after an enqueue the worker looks (default 100 ms: the change has committed). */
  wakeDelayMs?: number;
  /** How often the worker looks anyway, for retries and changes it was not told of (default 15 s). */
  pollIntervalMs?: number;
  /** How long a claim holds before another process may take the row (default 2 min). */
  claimMs?: number;
  /** The waits before the 2nd, 3rd, … attempt; after the last, the row is kept as failed. */
  retryDelaysMs?: readonly number[];
  /** Rows claimed at once, and pushed at the same time. */
  batchSize?: number;
  concurrency?: number;
}

/** 1 minute, 5 minutes, 30 minutes, then given up. */
export const SYNC_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000] as const;

/** The queue as the tab's status shows it. */
export interface SyncQueueSummary {
  pending: number;
  failed: number;
  last_error: StoredNotice | null;
  last_pushed_at: Date | null;
}

interface ClaimedRow {
  product_id: number;
  action: SyncAction;
  version: number;
  attempts: number;
}

/** Whether automatic sync is on, as one SQL condition (so an enqueue is one statement). */
const autoSyncOn = sql`exists (select 1 from ${merchantSettings} where ${merchantSettings.id} = 1 and ${merchantSettings.auto_sync})`;

/** Adds or replaces the product's queued change: the newest change, tried afresh. */
const coalesce = sql`on conflict (product_id) do update set
  action = excluded.action,
  version = ${merchantSyncQueue}.version + 1,
  status = 'pending',
  attempts = 0,
  next_attempt_at = now(),
  last_error = null,
  updated_at = now()`;

/** Whether the owner turned automatic sync on (off until the tab's switch is first used). */
export async function autoSyncEnabled(executor: Executor): Promise<boolean> {
  const [row] = await executor
    .select({ on: merchantSettings.auto_sync })
    .from(merchantSettings)
    .where(eq(merchantSettings.id, 1));
  return row?.on ?? false;
}

export function createMerchantSync(deps: MerchantSyncDeps) {
  const { db, pusher } = deps;
  const wakeDelayMs = deps.wakeDelayMs ?? 100;
  const pollIntervalMs = deps.pollIntervalMs ?? 15_000;
  const claimMs = deps.claimMs ?? 120_000;
  const retryDelaysMs = deps.retryDelaysMs ?? SYNC_RETRY_DELAYS_MS;
  const batchSize = deps.batchSize ?? 20;
  const concurrency = deps.concurrency ?? 2;

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  /** Claims due rows for this process until its lease ends. */
  async function claim(): Promise<ClaimedRow[]> {
    const leaseSeconds = claimMs / 1000;
    return queryRows<ClaimedRow>(
      db,
      sql`update ${merchantSyncQueue} as queued
        set claimed_until = now() + make_interval(secs => ${leaseSeconds})
        from (
          select product_id from ${merchantSyncQueue}
          where status = 'pending' and next_attempt_at <= now()
            and (claimed_until is null or claimed_until < now())
          order by next_attempt_at, product_id
          limit ${batchSize}
          for update skip locked
        ) as due
        where queued.product_id = due.product_id
        returning queued.product_id, queued.action, queued.version, queued.attempts`,
    );
  }

  /** Pushes the product's current state: published → its offer; withdrawn or gone → delete. */
  async function process(row: ClaimedRow, store: StoreDefaults): Promise<PushOutcome | 'nothing'> {
    const product =
      row.action === 'upsert' ? await deps.catalogue.get(row.product_id, pusher.lang) : null;
    const saved = (await deps.records.of([row.product_id])).get(row.product_id);
    if (product && product.status === 'published') {
      return pusher.pushProduct(product, saved, store);
    }
    // Only what Google may have: a product never sent (a draft being edited) costs no call.
    const mayBeThere = saved?.last_push_result === 'updated' || saved?.last_push_result === 'failed';
    if (!mayBeThere) return 'nothing';
    const outcome = await pusher.remove(row.product_id);
    // Already gone is what was wanted.
    return !outcome.ok && outcome.notFound ? { ok: true, result: 'deleted' } : outcome;
  }

  /** Ends a claim: done (the row goes, unless a newer change came meanwhile) or failed. */
  async function settle(row: ClaimedRow, outcome: PushOutcome | 'nothing'): Promise<void> {
    const same = and(
      eq(merchantSyncQueue.product_id, row.product_id),
      eq(merchantSyncQueue.version, row.version),
    );
    if (outcome !== 'nothing') {
      await deps.records.recordPushes([
        {
          productId: row.product_id,
          result: outcome.ok ? outcome.result : 'failed',
          source: 'auto',
          notice: outcome.ok ? null : outcome.notice,
        },
      ]);
    }
    let settled: Array<{ product_id: number }>;
    if (outcome === 'nothing' || outcome.ok) {
      settled = await db.delete(merchantSyncQueue).where(same).returning({ product_id: merchantSyncQueue.product_id });
    } else {
      const attempts = row.attempts + 1;
      const delay = outcome.retryable ? retryDelaysMs[attempts - 1] : undefined;
      settled = await db
        .update(merchantSyncQueue)
        .set({
          attempts,
          status: delay === undefined ? 'failed' : 'pending',
          next_attempt_at: new Date(Date.now() + (delay ?? 0)),
          claimed_until: null,
          last_error: outcome.notice,
          updated_at: new Date(),
        })
        .where(same)
        .returning({ product_id: merchantSyncQueue.product_id });
    }
    if (settled.length === 0) {
      // A newer change arrived while this one was pushed: free the row for it at once.
      await db
        .update(merchantSyncQueue)
        .set({ claimed_until: null })
        .where(eq(merchantSyncQueue.product_id, row.product_id));
      again = true;
    }
  }

  /** One pass: claims due rows and pushes them; how many it handled. */
  async function runOnce(): Promise<number> {
    if (!(await autoSyncEnabled(db))) return 0;
    const rows = await claim();
    if (rows.length === 0) return 0;
    const store = await deps.storeDefaults();
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next]!;
        next += 1;
        try {
          await settle(row, await process(row, store));
        } catch (error) {
          // The claim expires and the row is tried again.
          deps.log.warn({ err: error, productId: row.product_id }, 'Google Merchant sync of a product failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    return rows.length;
  }

  function schedule(delayMs: number): void {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function wake(): void {
    schedule(wakeDelayMs);
  }

  function tick(): void {
    timer = undefined;
    again = false;
    running = (async () => {
      // Full batches follow each other at once; then the worker rests until woken or polled.
      while (started && (await runOnce()) >= batchSize) {
        /* next batch */
      }
    })()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'Google Merchant sync pass failed'))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : pollIntervalMs);
      });
  }

  return {
    /**
     * Queues a product's change inside the caller's transaction, when automatic sync is on
     * (a no-op otherwise). Call wake() after the commit.
     */
    async enqueue(executor: Executor, productId: number, action: SyncAction): Promise<void> {
      await executor.execute(sql`insert into ${merchantSyncQueue} (product_id, action)
        select ${productId}::integer, ${action}::text where ${autoSyncOn} ${coalesce}`);
    },

    /**
     * enqueue for many products at once (an import's burst), 1,000 a statement; a product named
     * twice keeps its last change (one statement may not touch a queued row twice).
     */
    async enqueueAll(
      executor: Executor,
      changes: ReadonlyArray<{ productId: number; action: SyncAction }>,
    ): Promise<void> {
      const last = [...new Map(changes.map((change) => [change.productId, change.action])).entries()];
      for (let start = 0; start < last.length; start += 1000) {
        const values = sql.join(
          last.slice(start, start + 1000).map(([id, action]) => sql`(${id}::integer, ${action}::text)`),
          sql`, `,
        );
        await executor.execute(sql`insert into ${merchantSyncQueue} (product_id, action)
          select queued.id, queued.action from (values ${values}) as queued(id, action)
          where ${autoSyncOn} ${coalesce}`);
      }
    },

    /**
     * A category is renamed, moved or deleted (in the caller's transaction, before the write):
     * the published products in it and in every category below it are pushed again, since their
     * product type (the category path) changes.
     */
    async enqueueCategory(executor: Executor, categoryId: number): Promise<void> {
      await executor.execute(sql`insert into ${merchantSyncQueue} (product_id, action)
        select ${products.id}, 'upsert' from ${products}
        where ${products.status} = 'published' and ${autoSyncOn} and ${products.category_id} in (
          with recursive below(id) as (
            select ${categoryId}::integer
            union
            select child.id from ${categories} child join below on child.parent_id = below.id
          )
          select id from below)
        ${coalesce}`);
    },

    /** After an order: the products whose stock it took to zero are pushed as out of stock. */
    async stockTaken(productIds: readonly number[]): Promise<void> {
      if (productIds.length === 0) return;
      await db.execute(sql`insert into ${merchantSyncQueue} (product_id, action)
        select ${products.id}, 'upsert' from ${products}
        where ${inArray(products.id, [...productIds])} and not ${inStockSql(products)}
          and ${products.status} = 'published' and ${autoSyncOn}
        ${coalesce}`);
      wake();
    },

    /** An order gave its units back: products that were sold out are pushed as in stock again. */
    async stockReturned(productIds: readonly number[]): Promise<void> {
      if (productIds.length === 0) return;
      await db.execute(sql`insert into ${merchantSyncQueue} (product_id, action)
        select ${products.id}, 'upsert' from ${products}
        where ${inArray(products.id, [...productIds])} and ${products.stock_quantity} > 0
          and ${products.status} = 'published' and ${autoSyncOn}
        ${coalesce}`);
      wake();
    },

    /** Looks at the queue shortly (a change has committed, here or in another process). */
    wake,

    /** Turning automatic sync off forgets what was waiting (update all sends everything anew). */
    async clear(executor: Executor): Promise<void> {
      await executor.delete(merchantSyncQueue);
    },

    async summary(): Promise<SyncQueueSummary> {
      const [counts] = await queryRows<{ pending: number | string; failed: number | string }>(
        db,
        sql`select count(*) filter (where status = 'pending') as pending,
                   count(*) filter (where status = 'failed') as failed
            from ${merchantSyncQueue}`,
      );
      const [latestError] = await db
        .select({ error: merchantSyncQueue.last_error })
        .from(merchantSyncQueue)
        .where(sql`${merchantSyncQueue.last_error} is not null`)
        .orderBy(desc(merchantSyncQueue.updated_at))
        .limit(1);
      const [pushed] = await db
        .select({ at: merchantProducts.last_push_at })
        .from(merchantProducts)
        .where(and(eq(merchantProducts.last_push_source, 'auto'), sql`${merchantProducts.last_push_result} <> 'failed'`))
        .orderBy(sql`${merchantProducts.last_push_at} desc nulls last`)
        .limit(1);
      return {
        pending: Number(counts?.pending ?? 0),
        failed: Number(counts?.failed ?? 0),
        last_error: latestError?.error ?? null,
        last_pushed_at: pushed?.at ?? null,
      };
    },

    /** One pass now (tests; the worker calls it by itself). */
    runOnce,

    /** Starts the worker: a first look now, then on wake() and every pollIntervalMs. */
    start(): void {
      if (started) return;
      started = true;
      schedule(0);
    },

    /** Stops the worker and waits for the pass under way. */
    async stop(): Promise<void> {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type MerchantSync = ReturnType<typeof createMerchantSync>;
