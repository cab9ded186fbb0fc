import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../src/db/client.js';
import { createScratchDatabase } from './test-app.js';

interface Journal {
  entries: Array<{ tag: string }>;
}

/**
 * A copy of the migrations folder that ends with the migration `lastTag` (its journal cut
 * there): migrating with it leaves a database as it was before the later migrations.
 */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (end < 0) throw new Error(`No migration ${lastTag}`);
  const entries = journal.entries.slice(0, end + 1);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/**
 * A fresh database migrated step by step, for a test of a migration on the rows an earlier
 * version wrote: a new PostgreSQL database when DATABASE_URL is set, else in-memory PGlite.
 */
export interface MigratingDatabase {
  kind: 'embedded' | 'postgres';
  /** Applies the migrations not applied yet, up to `lastTag` included (all of them without it). */
  migrateTo(lastTag?: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openMigratingDatabase(): Promise<MigratingDatabase> {
  const folderFor = async (lastTag: string | undefined) =>
    lastTag === undefined ? { folder: migrationsFolder, temporary: false } : { folder: await migrationsUpTo(lastTag), temporary: true };
  const withFolder = async (lastTag: string | undefined, run: (folder: string) => Promise<void>) => {
    const { folder, temporary } = await folderFor(lastTag);
    try {
      await run(folder);
    } finally {
      if (temporary) await fs.rm(folder, { recursive: true, force: true });
    }
  };

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    return {
      kind: 'embedded',
      migrateTo: (lastTag) => withFolder(lastTag, (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder })),
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      close: () => client.close(),
    };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    kind: 'postgres',
    migrateTo: (lastTag) => withFolder(lastTag, (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder })),
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    async close() {
      await client.end().catch(() => undefined);
      await scratch.drop();
    },
  };
}
