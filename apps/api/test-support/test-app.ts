import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../src/db/client.js';

export interface TestDatabase extends DatabaseHandle {
  /** The PostgreSQL database's address, for other processes (undefined: embedded). */
  url: string | undefined;
  /** Drops the database (PostgreSQL) or closes it (embedded). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when DATABASE_URL is
 * set (CI), otherwise an in-memory embedded one. `poolSize`: this process's connections to it
 * (a test that starts server processes leaves the connections to them).
 */
export async function createTestDatabase({ poolSize = 20 }: { poolSize?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ embeddedDir: undefined, embeddedFrom: await migratedEmbeddedFiles() });
    await handle.migrate();
    return { ...handle, url: undefined, destroy: () => handle.close().catch(() => undefined) };
  }
  const scratch = await createScratchDatabase(serverUrl, { migrated: true });
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize });
  // Nothing left to apply on a copy of the migrated template: one read of drizzle's journal.
  await handle.migrate();
  return {
    ...handle,
    url: scratch.url,
    async destroy() {
      // A test may already have closed the pool to simulate an outage.
      await handle.close().catch(() => undefined);
      await scratch.drop();
    },
  };
}

/**
 * A new PostgreSQL database on the server of `serverUrl`: its address, and how to drop it.
 * `migrated`: a copy of a template database that the migrations of this checkout built once
 * (migrating a new database took 2.5-3.5 s, once per test file; a copy takes a fraction of it).
 */
export async function createScratchDatabase(
  serverUrl: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? await migratedTemplate(serverUrl) : undefined;
  await withServer(serverUrl, (admin) =>
    admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      await withServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(serverUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** Any constant: the template is built by one test process at a time, across every worker. */
const TEMPLATE_LOCK_KEY = 7_340_211;
const TEMPLATE_PREFIX = 'shop_test_template_';
/** Templates of other checkouts' migrations are dropped once this old (they are never reused). */
const STALE_TEMPLATE_HOURS = 24;

/**
 * The name of a database migrated with this checkout's migrations, built on first use. Named by a
 * hash of the migration files, so a checkout with other migrations (another branch, a new
 * migration) gets its own; built under another name and renamed, so no process ever copies a
 * half-migrated one.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationsHash()}`;
  return withServer(serverUrl, async (admin) => {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), poolSize: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
      await dropStaleTemplates(admin, name);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS built FROM pg_database
      WHERE datname LIKE $1 AND datname <> $2`,
    [`${TEMPLATE_PREFIX}%`, current],
  );
  const staleBefore = Date.now() - STALE_TEMPLATE_HOURS * 3_600_000;
  for (const { datname, built } of rows) {
    const builtAt = built ? Date.parse(built) : Number.NaN;
    if (Number.isNaN(builtAt) || builtAt < staleBefore) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
}

/**
 * The files of an embedded database migrated with this checkout's migrations, kept in the
 * temporary directory under a hash of them: starting from them took 2-3 s where migrating took
 * 8-15 s, once per test file.
 */
async function migratedEmbeddedFiles(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `shop-test-pglite-${await migrationsHash()}.tar`);
  const kept = await fs.readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const files = await client.dumpDataDir('none');
    // Written aside and renamed: a test file starting meanwhile never reads half of it.
    const partial = `${file}.${randomBytes(6).toString('hex')}`;
    await fs.writeFile(partial, Buffer.from(await files.arrayBuffer()));
    await fs.rename(partial, file);
    return files;
  } finally {
    await client.close();
  }
}

/** A short hash of every migration file (SQL and journal) of this checkout. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await fs.readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!(await fs.stat(full)).isFile()) continue;
    hash.update(file).update(await fs.readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The address of a PostgreSQL test database, for the server processes a test starts. */
export function serverDatabaseUrl(database: TestDatabase): string {
  if (!database.url) throw new Error('This test starts server processes: it needs DATABASE_URL (PostgreSQL).');
  return database.url;
}

export interface TestContext {
  app: App;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** Builds the real application on a fresh database, with uploads in a temporary directory. */
export async function createTestApp(
  overrides: NodeJS.ProcessEnv = {},
  /** Adds test-only routes before the app is sealed (e.g. to exercise the error handler). */
  configure?: (app: App) => void | Promise<void>,
  /** Where the log goes (JSON lines, at LOG_LEVEL); by default nowhere. */
  logTo?: Writable,
): Promise<TestContext> {
  const database = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `shop-test-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Tests change data between reads; the cache has its own test.
    CATALOG_CACHE_SECONDS: '0',
    PAGE_CACHE_SECONDS: '0',
    ...overrides,
  });
  const app = await buildApp({ config, database, logger: logTo ?? false });
  await configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
