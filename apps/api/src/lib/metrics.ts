import cluster from 'node:cluster';
import { errorCodes, type PaymentMethod } from '@shop/shared';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The shop's Prometheus metrics: one registry per process, served at /metrics by
 * plugins/metrics.ts. Services count business facts here (orders placed, payments settled,
 * cache lookups); the plugin counts HTTP requests and reads the database pool.
 */
export const metricsRegistry = new Registry();

/** Route label of a request no route matched (404s): the raw URL would make unbounded series. */
export const UNMATCHED_ROUTE = 'unmatched';

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Request latency per route pattern, method and status class; its `_count` is the request count. */
const httpRequestDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status class, and their duration in seconds',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const errorResponses = new Counter({
  name: 'shop_http_error_responses_total',
  help: 'Error replies by the code of their envelope (VALIDATION_ERROR, NOT_FOUND, INTERNAL, ...)',
  labelNames: ['code'] as const,
  registers: [metricsRegistry],
});

const cacheLookups = new Counter({
  name: 'shop_cache_lookups_total',
  help: 'Lookups in the in-memory caches, by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

/** Where a storefront search or list was answered (docs/decisions/034). */
export type SearchSource = 'index' | 'database';

const searches = new Counter({
  name: 'shop_searches_total',
  help: "Storefront searches, by where they were answered: this process's search index, or the database (sorted searches, and while the index is built at the catalogue's current version)",
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

const productLists = new Counter({
  name: 'shop_product_lists_total',
  help: "Storefront product lists without a search, by where their page was chosen: this process's search index (newest first), or the database (other orders, and while the index is built at the catalogue's current version)",
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders committed, by payment method',
  labelNames: ['payment_method'] as const,
  registers: [metricsRegistry],
});

/** How an online payment ended: the fact committed to the order. */
export type PaymentOutcome =
  | 'paid'
  | 'failed'
  | 'charge_failed'
  | 'abandoned'
  | 'refunded'
  // Captured after its order was cancelled: reopened, refunded, or left for staff to refund.
  | 'late_reinstated'
  | 'late_refunded'
  | 'late_refund_failed';

const payments = new Counter({
  name: 'shop_payments_total',
  help: 'Online payments settled, by outcome (paid, failed, charge_failed, abandoned, refunded)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** One HTTP request answered. `route` is the route's pattern (`/api/products/:id`), never the URL. */
export function observeHttpRequest(route: string | undefined, method: string, status: number, seconds: number): void {
  httpRequestDuration.observe(
    {
      route: route ?? UNMATCHED_ROUTE,
      method: HTTP_METHODS.has(method) ? method : 'other',
      status_class: `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`,
    },
    seconds,
  );
}

const knownErrorCodes: ReadonlySet<string> = new Set(errorCodes);

/** One error reply, by its envelope's code (anything outside the contract's codes counts as `other`). */
export function countErrorResponse(code: string): void {
  errorResponses.inc({ code: knownErrorCodes.has(code) ? code : 'other' });
}

export function countCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

const pagesAbandoned = new Counter({
  name: 'shop_pages_abandoned_total',
  help: 'Pages not rendered because the visitor left first (while the page read its data or waited for its turn)',
  registers: [metricsRegistry],
});

/** A page whose visitor left before it was rendered: nothing was rendered. */
export function countPageAbandoned(): void {
  pagesAbandoned.inc();
}

const sharedReadRuns = new Counter({
  name: 'shop_shared_read_runs_total',
  help: 'Statements run for reads that the requests in flight share (lib/shared-runs.ts), by read',
  labelNames: ['read'] as const,
  registers: [metricsRegistry],
});

const sharedReadCallers = new Counter({
  name: 'shop_shared_read_callers_total',
  help: 'Requests answered by those statements, by read: callers over runs is how many shared each',
  labelNames: ['read'] as const,
  registers: [metricsRegistry],
});

/** One statement run for `callers` requests of the shared read `read`. */
export function countSharedRead(read: string, callers: number): void {
  sharedReadRuns.inc({ read });
  sharedReadCallers.inc({ read }, callers);
}

export function countSearch(source: SearchSource): void {
  searches.inc({ source });
}

export function countProductList(source: SearchSource): void {
  productLists.inc({ source });
}

export function countOrderPlaced(paymentMethod: PaymentMethod): void {
  ordersPlaced.inc({ payment_method: paymentMethod });
}

export function countPayment(outcome: PaymentOutcome): void {
  payments.inc({ outcome });
}

/** What a node-postgres pool reports about its connections. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolCounts>();
let poolGauges = false;

/**
 * Reports a PostgreSQL pool in the pool gauges until the returned function is called. The gauges
 * exist only once a pool is watched: the embedded database has one connection and no pool.
 */
export function watchDatabasePool(pool: PoolCounts): () => void {
  if (!poolGauges) {
    poolGauges = true;
    const sum = (read: (pool: PoolCounts) => number) => [...pools].reduce((total, each) => total + read(each), 0);
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total open, idle)',
      labelNames: ['state'] as const,
      registers: [metricsRegistry],
      collect() {
        this.set({ state: 'total' }, sum((pool) => pool.totalCount));
        this.set({ state: 'idle' }, sum((pool) => pool.idleCount));
      },
    });
    new Gauge({
      name: 'shop_db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      registers: [metricsRegistry],
      collect() {
        this.set(sum((pool) => pool.waitingCount));
      },
    });
  }
  pools.add(pool);
  return () => {
    pools.delete(pool);
  };
}

let defaultMetrics = false;

/** The process metrics of prom-client (CPU, memory, event loop lag, GC, handles), once. */
export function collectProcessMetrics(): void {
  if (defaultMetrics) return;
  defaultMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

if (cluster.isWorker) {
  // A worker answers the supervisor's requests for its metrics (prom-client's cluster protocol);
  // constructing an AggregatorRegistry installs that listener. Done at load, so a new worker
  // answers as early as possible and a scrape during its start does not time out.
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry();
}
