import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  fromThousandths,
  inLanguage,
  MERCHANT_REQUIRED_VARIABLES,
  normalizeArabic,
  uploadUrl,
  type Language,
  type MerchantBulkRun,
  type MerchantLastPush,
  type MerchantPickerProduct,
  type MerchantProductForm,
  type MerchantProductPayload,
  type MerchantProductsQuery,
  type MerchantStatusResponse,
  type Pagination,
  type StoreSettings,
} from '@shop/shared';
import { queryRows, type Database } from '../../db/client.js';
import { productImages, products } from '../../db/schema/index.js';
import { merchantBulkRuns, merchantSettings } from '../../db/schema/merchant.js';
import { AppError } from '../../errors.js';
import type { GoogleMerchantClient } from '../../integrations/google-merchant/types.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { createBulkRunner, presentRun, type BulkRunnerDeps } from './bulk.js';
import type { MerchantCatalogue } from './catalogue.js';
import { FEED_PATH, storeBrand } from './feed.js';
import { merchantFailed, noticeOfError, renderNotice, type MerchantContext } from './notices.js';
import {
  formOf,
  merchantCurrencyOf,
  offerFromCatalogue,
  offerFromPayload,
  offerProblems,
} from './payload.js';
import { catalogueLanguageOf, createMerchantPusher, type StoreDefaults } from './push.js';
import { createMerchantRecords, presentLastPush } from './records.js';
import { autoSyncEnabled, createMerchantSync, type MerchantSyncDeps } from './sync.js';

/** Google Merchant as configured: where products go and whose key sends them. */
export interface MerchantSetup extends MerchantContext {
  contentLanguage: string;
  feedLabel: string;
}

export interface MerchantServiceDeps {
  db: Database;
  /** undefined: the GOOGLE_MERCHANT_* variables are not set; every call but status() is refused. */
  setup: MerchantSetup | undefined;
  client: GoogleMerchantClient | undefined;
  /** The content language and feed label the feed uses even when pushes are not configured. */
  defaults: { contentLanguage: string; feedLabel: string };
  publicUrl: string;
  catalogue: MerchantCatalogue;
  getSettings: () => Promise<StoreSettings>;
  /** Where each write records itself for the activity trail (ActivityRecorded), in its transaction. */
  events: DomainEvents;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Tuning of update all and of the background sync (tests make them quick). */
  bulkOptions?: Pick<BulkRunnerDeps, 'concurrency' | 'pageSize' | 'progressEvery' | 'heartbeatMs' | 'staleAfterMs'>;
  syncOptions?: Pick<
    MerchantSyncDeps,
    'wakeDelayMs' | 'pollIntervalMs' | 'claimMs' | 'retryDelaysMs' | 'batchSize' | 'concurrency'
  >;
}

/** A LIKE pattern that finds the text anywhere, with its wildcards taken literally. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** The picker's search: every word in the name (Arabic or English, normalised) or the SKU. */
function pickerCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const words = [...new Set(normalizeArabic(search).split(' ').filter(Boolean))];
  const inName = words.map((word) => sql`${products.name_search} like ${likePattern(word)} escape '\\'`);
  return or(
    inName.length > 0 ? and(...inName) : undefined,
    sql`lower(${products.sku}) like ${likePattern(search.toLowerCase())} escape '\\'`,
  );
}

const notConfigured = () => new AppError('MERCHANT_NOT_CONFIGURED', 'merchant.not_configured');

/**
 * The back office's Google Merchant tab (docs/decisions/024): status, automatic sync on or off,
 * test connection, the product picker and its prefilled form, update one, update all, delete.
 */
export function createMerchantService(deps: MerchantServiceDeps) {
  const { db, setup, client, catalogue } = deps;
  const records = createMerchantRecords(db);
  const target = setup ?? deps.defaults;

  const pusher =
    setup && client ? createMerchantPusher({ client, target: setup, context: setup }) : undefined;

  /** The brand and currency of an offer in the content language the pushes use. */
  async function storeDefaults(): Promise<StoreDefaults> {
    const settings = await deps.getSettings();
    return {
      brand: storeBrand(settings, catalogueLanguageOf(target.contentLanguage)),
      currency: merchantCurrencyOf(settings.currency),
    };
  }
  const bulk = pusher
    ? createBulkRunner({ db, pusher, catalogue, records, storeDefaults, log: deps.log, ...deps.bulkOptions })
    : undefined;
  const sync = pusher
    ? createMerchantSync({ db, pusher, catalogue, records, storeDefaults, log: deps.log, ...deps.syncOptions })
    : undefined;

  function configured() {
    if (!setup || !client || !pusher || !bulk || !sync) throw notConfigured();
    return { setup, client, pusher, bulk, sync };
  }

  async function latestRun(lang: Language): Promise<MerchantBulkRun | null> {
    if (bulk) {
      const row = await bulk.latest();
      return row ? presentRun(row, lang) : null;
    }
    const [row] = await db.select().from(merchantBulkRuns).orderBy(desc(merchantBulkRuns.id)).limit(1);
    return row ? presentRun(row, lang) : null;
  }

  async function lastPushOf(productId: number, lang: Language): Promise<MerchantLastPush> {
    return presentLastPush((await records.of([productId])).get(productId), lang)!;
  }

  const feedUrl = `${deps.publicUrl.replace(/\/+$/, '')}${FEED_PATH}`;

  return {
    /** Whether the GOOGLE_MERCHANT_* variables are set (every call but status() needs them). */
    isConfigured: pusher !== undefined,

    /** The tab's first read: configured or not, the queue, the latest update all. */
    async status(lang: Language): Promise<MerchantStatusResponse> {
      const summary = sync
        ? await sync.summary()
        : { pending: 0, failed: 0, last_error: null, last_pushed_at: null };
      return {
        success: true,
        configured: setup !== undefined,
        missing_variables: setup ? [] : [...MERCHANT_REQUIRED_VARIABLES],
        account_id: setup?.accountId ?? null,
        data_source: setup?.dataSource ?? null,
        content_language: target.contentLanguage,
        feed_label: target.feedLabel,
        feed_urls: { ar: feedUrl, en: `${feedUrl}?lang=en` },
        auto_sync: await autoSyncEnabled(db),
        sync_queue: {
          pending: summary.pending,
          failed: summary.failed,
          last_error: summary.last_error ? renderNotice(summary.last_error, lang) : null,
          last_pushed_at: summary.last_pushed_at?.toISOString() ?? null,
        },
        bulk_run: await latestRun(lang),
      };
    },

    /** Turns the background sync on or off (audited); off forgets what was waiting. */
    async setAutoSync(actor: Actor, enabled: boolean): Promise<void> {
      const { sync: worker } = configured();
      await deps.events.transaction(db, async (tx) => {
        // The single row is created on first use; the lock orders concurrent switches.
        await tx.insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
        const [before] = await tx
          .select({ auto_sync: merchantSettings.auto_sync })
          .from(merchantSettings)
          .where(eq(merchantSettings.id, 1))
          .for('update');
        if (before?.auto_sync === enabled) return;
        await tx
          .update(merchantSettings)
          .set({ auto_sync: enabled, updated_at: new Date() })
          .where(eq(merchantSettings.id, 1));
        if (!enabled) await worker.clear(tx);
        await deps.events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'merchant_settings',
          entityId: 1,
          action: 'update',
          before: { auto_sync: before?.auto_sync ?? false },
          after: { auto_sync: enabled },
        });
      });
    },

    /** Asks Google for the account: proves the key, the registration and the account id. */
    async testConnection() {
      const ready = configured();
      try {
        return await ready.client.getAccount();
      } catch (error) {
        throw merchantFailed(noticeOfError(error, ready.setup));
      }
    },

    /** The picker: products of every status, newest first, by name (either language) or SKU. */
    async listProducts(
      query: MerchantProductsQuery,
      lang: Language,
    ): Promise<{ products: MerchantPickerProduct[]; pagination: Pagination }> {
      configured();
      const rows = await queryRows<{
        id: number;
        name: string;
        name_en: string | null;
        sku: string | null;
        price: number;
        stock_quantity: number;
        status: string;
        image: string | null;
        total: number | string;
      }>(
        db,
        sql`select ${products.id} as id, ${products.name} as name, ${products.name_en} as name_en,
              ${products.sku} as sku, ${products.price} as price,
              ${products.stock_quantity} as stock_quantity, ${products.status} as status,
              (select image.filename from ${productImages} image
                where image.product_id = ${products.id}
                order by image.sort_order, image.id limit 1) as image,
              count(*) over () as total
            from ${products}
            where ${pickerCondition(query.search) ?? sql`true`}
            order by ${products.id} desc
            limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
      );
      const pushed = await records.of(rows.map((row) => row.id));
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.page > 1) {
        const [counted] = await queryRows<{ total: number | string }>(
          db,
          sql`select count(*) as total from ${products} where ${pickerCondition(query.search) ?? sql`true`}`,
        );
        total = Number(counted?.total ?? 0);
      }
      return {
        products: rows.map((row) => ({
          id: row.id,
          name: inLanguage(lang, row.name, row.name_en),
          sku: row.sku,
          price: fromThousandths(row.price),
          stock_quantity: row.stock_quantity,
          status: row.status,
          featured_image: row.image ? uploadUrl('products', row.image) : null,
          last_push: presentLastPush(pushed.get(row.id), lang),
        })),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          pages: Math.ceil(total / query.limit),
        },
      };
    },

    /** The form prefilled from a product (404 when there is none) and its latest push. */
    async productForm(
      productId: number,
      lang: Language,
    ): Promise<{ payload: MerchantProductForm; last_push: MerchantLastPush | null }> {
      const ready = configured();
      const product = await catalogue.get(productId, ready.pusher.lang);
      if (!product) throw AppError.notFound('error.product_not_found');
      const saved = (await records.of([productId])).get(productId);
      const offer = offerFromCatalogue(product, saved, await storeDefaults());
      return { payload: formOf(offer), last_push: presentLastPush(saved, lang) };
    },

    /**
     * Sends the owner's payload for one product: checked, its merchant fields saved for later
     * pushes, the push recorded whatever Google answers (a refusal is a 502 with the reason).
     */
    async updateProduct(
      payload: MerchantProductPayload & { productId: number; title: string; price: string },
      lang: Language,
    ): Promise<MerchantLastPush> {
      const ready = configured();
      const product = await catalogue.get(payload.productId, ready.pusher.lang);
      if (!product) throw AppError.notFound('error.product_not_found');
      const offer = offerFromPayload(payload, product.additionalImageLinks);
      const problems = offerProblems(offer);
      if (problems.length > 0) throw AppError.validation(problems);
      const store = await storeDefaults();
      await records.saveFields(db, product.id, {
        // The store's own name is not saved: a renamed store renames every product's brand.
        brand: offer.brand === '' || offer.brand === store.brand ? null : offer.brand,
        gtin: offer.gtin || null,
        mpn: offer.mpn || null,
        google_product_category: offer.googleProductCategory || null,
      });
      const outcome = await ready.pusher.pushOffer(offer);
      await records.recordPushes([
        {
          productId: product.id,
          result: outcome.ok ? 'updated' : 'failed',
          source: 'manual',
          notice: outcome.ok ? null : outcome.notice,
        },
      ]);
      if (!outcome.ok) throw merchantFailed(outcome.notice);
      return lastPushOf(product.id, lang);
    },

    /**
     * Removes a product from Merchant Center (also one already deleted from the shop);
     * 404 when Google does not have it.
     */
    async deleteProduct(productId: number): Promise<void> {
      const ready = configured();
      const outcome = await ready.pusher.remove(productId);
      if (!outcome.ok && outcome.notFound) throw AppError.notFound('merchant.not_in_merchant_center');
      await records.recordPushes([
        {
          productId,
          result: outcome.ok ? 'deleted' : 'failed',
          source: 'manual',
          notice: outcome.ok ? null : outcome.notice,
        },
      ]);
      if (!outcome.ok) throw merchantFailed(outcome.notice);
    },

    /** Starts update all by `actor` and resolves with the finished run (409 while one runs). */
    async bulkUpdate(actor: Actor) {
      const { done } = await configured().bulk.start(actor.id);
      return done;
    },

    /** The latest update all, for the progress bar after a reload. */
    async latestBulkRun(lang: Language): Promise<MerchantBulkRun | null> {
      configured();
      return latestRun(lang);
    },

    /** Queues a product's change in the caller's transaction (nothing when not configured or off). */
    enqueue: sync ? sync.enqueue : async () => undefined,

    /** Queues many products' changes at once (caller's transaction; a no-op without Merchant). */
    enqueueAll: sync ? sync.enqueueAll : async () => undefined,

    /** A category's path changes: its products and those below it are queued (caller's transaction). */
    enqueueCategory: sync ? sync.enqueueCategory : async () => undefined,

    /** An order took stock: products now at zero are queued as out of stock. */
    stockTaken(productIds: readonly number[]): Promise<void> {
      return sync ? sync.stockTaken(productIds) : Promise.resolve();
    },

    /** An order gave its units back: products that were sold out are queued as in stock. */
    stockReturned(productIds: readonly number[]): Promise<void> {
      return sync ? sync.stockReturned(productIds) : Promise.resolve();
    },

    /** A change committed (here or in another process): the worker looks at the queue. */
    wake(): void {
      sync?.wake();
    },

    /** Starts the background worker (only when Merchant is configured). */
    start(): void {
      sync?.start();
    },

    /** Stops the background worker only (another process leads now); update all runs on. */
    async stopSync(): Promise<void> {
      await sync?.stop();
    },

    /** Stops the worker and update all (which ends as interrupted). */
    async stop(): Promise<void> {
      await Promise.all([sync?.stop(), bulk?.stop()]);
    },

    /** The background sync's one pass (tests). */
    syncOnce: () => sync?.runOnce() ?? Promise.resolve(0),
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;

