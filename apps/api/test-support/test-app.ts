import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';

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
    const handle = await openDatabase({ embeddedDir: undefined });
    await handle.migrate();
    return { ...handle, url: undefined, destroy: () => handle.close().catch(() => undefined) };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize });
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

/** A new, empty PostgreSQL database on the server of `serverUrl`: its address, and how to drop it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
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
