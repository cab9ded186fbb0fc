import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, MerchantBulkRun } from '@shop/shared';
import type { Database } from '../../db/client.js';
import {
  merchantBulkRuns,
  type StoredBulkFailure,
  type StoredNotice,
} from '../../db/schema/merchant.js';
import { AppError } from '../../errors.js';
import type { MerchantCatalogue } from './catalogue.js';
import { renderNotice } from './notices.js';
import type { MerchantPusher, StoreDefaults } from './push.js';
import type { MerchantRecords, PushRecord } from './records.js';

/**
 * Update all: every published product sent to Google with a
 * few calls at a time, the run's progress kept in merchant_bulk_runs as it goes, so the tab's
 * progress bar survives a reload and a second run (from any process) is refused while one runs.
 */

export interface BulkRunnerDeps {
  db: Database;
  pusher: MerchantPusher;
  catalogue: Pick<MerchantCatalogue, 'published' | 'publishedCount'>;
  records: Pick<MerchantRecords, 'of' | 'recordPushes'>;
  storeDefaults: () => Promise<StoreDefaults>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Calls to Google at the same time (default 4). */
  concurrency?: number;
  /** Products read per page (default 100). */
  pageSize?: number;
  /** Progress is written after this many products or this long, whichever comes first. */
  progressEvery?: { products: number; ms: number };
  /** How often a live run says so; a run silent for staleAfterMs is taken as dead. */
  heartbeatMs?: number;
  staleAfterMs?: number;
}

type BulkRunRow = typeof merchantBulkRuns.$inferSelect;

/** The run as the tab shows it, its reasons in the reader's language. */
export function presentRun(row: BulkRunRow, lang: Language): MerchantBulkRun {
  return {
    id: row.id,
    status: row.status,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    total: row.total,
    processed: row.processed,
    successful: row.successful,
    failed: row.failed,
    failures: row.failures.map((failure) => ({
      product_id: failure.product_id,
      product_name: failure.product_name,
      reason: renderNotice(failure.reason, lang),
    })),
    error: row.error ? renderNotice(row.error, lang) : null,
  };
}

/** Runs `work` over the items with at most `limit` running at once. */
async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function createBulkRunner(deps: BulkRunnerDeps) {
  const { db, pusher, catalogue, records } = deps;
  const concurrency = deps.concurrency ?? 4;
  const pageSize = deps.pageSize ?? 100;
  const progressEvery = deps.progressEvery ?? { products: 10, ms: 500 };
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  const staleAfterMs = deps.staleAfterMs ?? 120_000;
  /** Runs of this process, awaited when it stops. */
  const active = new Set<Promise<BulkRunRow>>();
  let stopping = false;

  /** A running run whose process stopped saying it is alive is failed, not left running. */
  async function expireStale(): Promise<void> {
    const stale: StoredNotice = { key: 'merchant.bulk_stale' };
    await db
      .update(merchantBulkRuns)
      .set({ status: 'failed', error: stale, finished_at: new Date() })
      .where(
        and(
          eq(merchantBulkRuns.status, 'running'),
          lt(merchantBulkRuns.heartbeat_at, new Date(Date.now() - staleAfterMs)),
        ),
      );
  }

  async function execute(runId: number): Promise<BulkRunRow> {
    const state = {
      total: 0,
      processed: 0,
      successful: 0,
      failed: 0,
      failures: [] as StoredBulkFailure[],
      error: null as StoredNotice | null,
    };
    const running = and(eq(merchantBulkRuns.id, runId), eq(merchantBulkRuns.status, 'running'));
    let written = { at: Date.now(), processed: 0, failures: 0 };
    let writing: Promise<void> = Promise.resolve();

    const writeProgress = (force: boolean): Promise<void> => {
      const due =
        force ||
        state.processed - written.processed >= progressEvery.products ||
        Date.now() - written.at >= progressEvery.ms;
      if (!due) return writing;
      const failuresChanged = state.failures.length !== written.failures;
      written = { at: Date.now(), processed: state.processed, failures: state.failures.length };
      const values = {
        total: state.total,
        processed: state.processed,
        successful: state.successful,
        failed: state.failed,
        heartbeat_at: new Date(),
        ...(failuresChanged ? { failures: [...state.failures] } : {}),
      };
      // One write at a time, in order: a later count never lands before an earlier one.
      writing = writing.then(async () => {
        await db.update(merchantBulkRuns).set(values).where(running);
      });
      return writing;
    };

    const heartbeat = setInterval(() => {
      writing = writing.then(async () => {
        await db.update(merchantBulkRuns).set({ heartbeat_at: new Date() }).where(running);
      }).catch(() => undefined);
    }, heartbeatMs);
    heartbeat.unref();

    try {
      state.total = await catalogue.publishedCount();
      await writeProgress(true);
      const store = await deps.storeDefaults();
      let afterId = 0;
      while (!stopping && !state.error) {
        const page = await catalogue.published({ lang: pusher.lang, afterId, limit: pageSize });
        if (page.length === 0) break;
        afterId = page[page.length - 1]!.id;
        const saved = await records.of(page.map((product) => product.id));
        const pushes: PushRecord[] = [];
        await forEachConcurrently(page, concurrency, async (product) => {
          if (stopping || state.error) return;
          const outcome = await pusher.pushProduct(product, saved.get(product.id), store);
          if (!outcome.ok && outcome.accountWide) {
            // Not this product's fault, and every other call would meet it: the run stops.
            state.error ??= outcome.notice;
            return;
          }
          state.processed += 1;
          if (outcome.ok) {
            state.successful += 1;
            pushes.push({ productId: product.id, result: 'updated', source: 'bulk', notice: null });
          } else {
            state.failed += 1;
            state.failures.push({ product_id: product.id, product_name: product.name, reason: outcome.notice });
            pushes.push({ productId: product.id, result: 'failed', source: 'bulk', notice: outcome.notice });
          }
          await writeProgress(false);
        });
        await records.recordPushes(pushes);
      }
      if (stopping && !state.error) state.error = { key: 'merchant.bulk_interrupted' };
    } catch (error) {
      deps.log.error({ err: error, runId }, 'Google Merchant update all failed');
      state.error ??= { key: 'merchant.error.unexpected' };
    } finally {
      clearInterval(heartbeat);
    }
    await writing.catch(() => undefined);
    // A finished run's total is what it went through (products published or withdrawn meanwhile
    // change the count it started with).
    const [row] = await db
      .update(merchantBulkRuns)
      .set({
        status: state.error ? 'failed' : 'finished',
        total: state.error ? Math.max(state.total, state.processed) : state.processed,
        processed: state.processed,
        successful: state.successful,
        failed: state.failed,
        failures: state.failures,
        error: state.error,
        heartbeat_at: new Date(),
        finished_at: new Date(),
      })
      .where(eq(merchantBulkRuns.id, runId))
      .returning();
    return row!;
  }

  return {
    /** The latest run, running or not; undefined before the first. */
    async latest(): Promise<BulkRunRow | undefined> {
      await expireStale();
      const [row] = await db.select().from(merchantBulkRuns).orderBy(desc(merchantBulkRuns.id)).limit(1);
      return row;
    },

    /**
     * Starts a run by `startedBy` (409 CONFLICT while another runs). `done` resolves with the
     * finished run; the run goes on whether or not anyone waits for it.
     */
    async start(startedBy: number): Promise<{ run: BulkRunRow; done: Promise<BulkRunRow> }> {
      if (stopping) throw new AppError('SERVICE_UNAVAILABLE', 'error.service_unavailable');
      await expireStale();
      const [run] = await db
        .insert(merchantBulkRuns)
        .values({ started_by: startedBy })
        .onConflictDoNothing()
        .returning();
      if (!run) throw new AppError('CONFLICT', 'merchant.bulk_running');
      const done = execute(run.id);
      active.add(done);
      const forget = () => active.delete(done);
      done.then(forget, forget);
      return { run, done };
    },

    /** Stops taking products (the runs end as interrupted) and waits for the calls under way. */
    async stop(): Promise<void> {
      stopping = true;
      await Promise.allSettled([...active]);
    },
  };
}

export type BulkRunner = ReturnType<typeof createBulkRunner>;
