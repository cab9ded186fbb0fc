import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { WORD_SIMILARITY_THRESHOLD } from './word-similarity-threshold.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction of it: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface ListenOptions {
  /**
   * The listening connection was lost and is back: notifications sent meanwhile were missed,
   * so the listener should assume everything changed.
   */
  onReconnect?: () => void;
  /** The listening connection failed or could not be opened; it is retried with a back-off. */
  onError?: (error: unknown) => void;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for fixed-shape reads whose generic plan is as good as any (the
   * storefront's product list): its prepared statements always run their generic plan instead of
   * being planned again on every execution (docs/decisions/031). On the embedded database, `db`.
   */
  genericPlanDb: Database;
  kind: 'embedded' | 'postgres';
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Runs onMessage with the payload of every NOTIFY on the channel, from any process using the
   * same database. Never throws: a connection that cannot be opened or is lost is reported to
   * options.onError and retried. Resolves once the first attempt to listen has ended; the
   * returned function stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /** NOTIFY channel, payload (delivered when the current transaction, if any, commits). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Connections of the generic-plan pool at the least (it has half the main pool's otherwise). */
const GENERIC_POOL_MIN = 2;
// An arbitrary constant key so that concurrent starts do not run migrations twice.
const MIGRATION_LOCK_KEY = 8_415_273;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; undefined opens the embedded database. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory. */
  embeddedDir?: string | undefined;
  /** An embedded database's files to start from (a dump of another one), for tests. */
  embeddedFrom?: Blob | undefined;
  poolSize?: number;
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else embedded under DATA_DIR/db. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
}): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'db'),
    poolSize: config.dbPoolSize,
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openEmbedded(options.embeddedDir, options.embeddedFrom);
}

async function openEmbedded(directory: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  if (directory) await fs.mkdir(path.dirname(directory), { recursive: true });
  const client = await PGlite.create({
    ...(directory ? { dataDir: directory } : {}),
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // One connection, one session: nothing to gain from a second one.
  const genericPlanDb = db;
  const configureSession = () =>
    client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  return {
    db,
    genericPlanDb,
    kind: 'embedded',
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await configureSession();
    },
    async listen(channel, onMessage, options = {}) {
      // One embedded database belongs to one process: there is no connection to lose.
      try {
        const unlisten = await client.listen(channel, onMessage);
        return async () => {
          await unlisten().catch(() => undefined);
        };
      } catch (error) {
        options.onError?.(error);
        return async () => undefined;
      }
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  // Session settings travel in the startup packet, so every pooled connection has them.
  const sessionOptions = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;
  const openPool = (max: number, options: string) => {
    const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000, options });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return pool;
  };
  const pool = openPool(poolSize, sessionOptions);
  // A LIMIT or OFFSET sent as a parameter makes PostgreSQL price a generic plan as if a tenth of
  // the rows were wanted, so with the default plan_cache_mode a page query is planned again on
  // every execution, which costs more than running it (docs/decisions/031).
  const genericPool = openPool(
    Math.max(GENERIC_POOL_MIN, Math.ceil(poolSize / 2)),
    `${sessionOptions} -c plan_cache_mode=force_generic_plan`,
  );
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const genericPlanDb = drizzlePg(genericPool, { schema }) as unknown as Database;
  const listener = createNotificationListener(connectionString);
  return {
    db,
    genericPlanDb,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(connection), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    listen: (channel, onMessage, options) => listener.listen(channel, onMessage, options),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener.close();
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

/** First wait before reconnecting a lost listening connection; doubled per failure up to the max. */
const LISTEN_RETRY_FIRST_MS = 100;
const LISTEN_RETRY_MAX_MS = 10_000;

interface Subscription {
  channel: string;
  onMessage: (payload: string) => void;
  options: ListenOptions;
}

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to other queries and lose
 * its LISTEN). When the connection drops it is reopened with a growing, jittered back-off, the
 * channels are listened to again and every subscriber hears onReconnect. Errors never escape:
 * they go to the subscribers' onError.
 */
function createNotificationListener(connectionString: string) {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | null = null;
  /** Channels the current client is LISTENing to. */
  let listening = new Set<string>();
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let connectedBefore = false;
  let closed = false;

  const active = () => !closed && subscriptions.size > 0;
  const wantedChannels = () => [...new Set([...subscriptions].map((entry) => entry.channel))];
  const listenSql = (channel: string) => `LISTEN ${pg.escapeIdentifier(channel)}`;

  function report(error: unknown): void {
    for (const entry of subscriptions) {
      try {
        entry.options.onError?.(error);
      } catch {
        // A failing reporter must not stop the others.
      }
    }
  }

  function dispatch(channel: string, payload: string): void {
    for (const entry of subscriptions) {
      if (entry.channel !== channel) continue;
      try {
        entry.onMessage(payload);
      } catch (error) {
        entry.options.onError?.(error);
      }
    }
  }

  function scheduleReconnect(): void {
    if (!active() || retryTimer || connecting || client) return;
    const ceiling = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_FIRST_MS * 2 ** failures);
    failures += 1;
    // Jitter, so processes cut off together do not all come back in the same instant.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void ensureConnected();
    }, delay);
    retryTimer.unref();
  }

  /** The connection `lost` belonged to is gone: forget it and come back later. */
  function lost(which: pg.Client, error: unknown): void {
    if (which !== client) return;
    client = null;
    listening = new Set();
    which.end().catch(() => undefined);
    if (!active()) return;
    report(error);
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5000 });
    // Registered before connecting: an unhandled 'error' event would end the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the listening connection ended')));
    next.on('notification', (message) => {
      // Also while the LISTENs of a new connection are under way: a repeat is harmless.
      if (message.payload !== undefined) dispatch(message.channel, message.payload);
    });
    try {
      await next.connect();
      const channels = wantedChannels();
      for (const channel of channels) await next.query(listenSql(channel));
      if (!active()) {
        await next.end();
        return;
      }
      client = next;
      listening = new Set(channels);
    } catch (error) {
      next.removeAllListeners('end');
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    failures = 0;
    const reconnected = connectedBefore;
    connectedBefore = true;
    if (reconnected) {
      for (const entry of subscriptions) {
        try {
          entry.options.onReconnect?.();
        } catch (error) {
          entry.options.onError?.(error);
        }
      }
    }
  }

  function ensureConnected(): Promise<void> {
    if (client || !active()) return Promise.resolve();
    connecting ??= connect()
      .catch((error: unknown) => {
        if (active()) report(error);
      })
      .finally(() => {
        connecting = null;
        scheduleReconnect();
      });
    return connecting;
  }

  async function ensureListening(channel: string): Promise<void> {
    const current = client;
    if (!current || listening.has(channel)) return;
    listening.add(channel);
    try {
      await current.query(listenSql(channel));
    } catch (error) {
      lost(current, error);
    }
  }

  return {
    async listen(
      channel: string,
      onMessage: (payload: string) => void,
      options: ListenOptions = {},
    ): Promise<() => Promise<void>> {
      const entry: Subscription = { channel, onMessage, options };
      subscriptions.add(entry);
      await ensureConnected();
      await ensureListening(channel);
      return async () => {
        subscriptions.delete(entry);
        const current = client;
        if (!current) return;
        if (subscriptions.size === 0) {
          client = null;
          listening = new Set();
          await current.end().catch(() => undefined);
        } else if (!wantedChannels().includes(channel) && listening.delete(channel)) {
          await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

/** True when the store has no products and no categories yet (a brand-new database). */
export async function isEmptyStore(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${schema.products}) and not exists (select 1 from ${schema.categories}) as empty`,
  );
  return Boolean(row?.empty);
}

/**
 * Runs raw SQL and returns its rows. Both drivers return `{ rows }`; Drizzle's shared type
 * cannot say so, hence the one narrowing cast here instead of one per call site.
 */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
