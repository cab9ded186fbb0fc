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

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction of it: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Threshold for the `<%` operator: low enough to forgive a typo in a short Arabic word. */
const WORD_SIMILARITY_THRESHOLD = 0.45;
// An arbitrary constant key so that concurrent starts do not run migrations twice.
const MIGRATION_LOCK_KEY = 8_415_273;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; undefined opens the embedded database. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory. */
  embeddedDir?: string | undefined;
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
    : openEmbedded(options.embeddedDir);
}

async function openEmbedded(directory: string | undefined): Promise<DatabaseHandle> {
  if (directory) await fs.mkdir(path.dirname(directory), { recursive: true });
  const client = await PGlite.create({
    ...(directory ? { dataDir: directory } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const configureSession = () =>
    client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  return {
    db,
    kind: 'embedded',
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await configureSession();
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    // Session settings travel in the startup packet, so every pooled connection has them.
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
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
    async close() {
      await pool.end();
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
