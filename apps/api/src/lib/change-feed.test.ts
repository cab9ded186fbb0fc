import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/shared';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app.js';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, queryRows, type DatabaseHandle, type ListenOptions } from '../db/client.js';
import { products } from '../db/schema/index.js';
import { createProduct, saveStoreSettings } from '../seed/factories.js';
import { CHANGE_TOPICS, createChangeFeed, type ChangeTopic } from './change-feed.js';
import { CHANGE_CHANNEL, connectChangeFeed } from './change-transport.js';
import { eventually } from '../../test-support/eventually.js';


function quietLog() {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

/** An in-memory stand-in for LISTEN/NOTIFY: every listener of a channel hears every notify. */
function fakeBus() {
  const listeners = new Set<{ channel: string; onMessage: (payload: string) => void; options: ListenOptions }>();
  let failNotify = false;
  const handle: Pick<DatabaseHandle, 'listen' | 'notify'> = {
    async listen(channel, onMessage, options = {}) {
      const entry = { channel, onMessage, options };
      listeners.add(entry);
      return async () => {
        listeners.delete(entry);
      };
    },
    async notify(channel, payload) {
      if (failNotify) throw new Error('database unreachable');
      for (const entry of listeners) if (entry.channel === channel) entry.onMessage(payload);
    },
  };
  return {
    handle,
    listeners,
    reconnectAll: () => {
      for (const entry of listeners) entry.options.onReconnect?.();
    },
    failNotifies: (value: boolean) => {
      failNotify = value;
    },
  };
}

describe('change feed in one process', () => {
  it('runs the subscribers of a topic at once, and only those, until they unsubscribe', () => {
    const feed = createChangeFeed();
    const heard: string[] = [];
    const stop = feed.subscribe('catalog', () => heard.push('catalog'));
    feed.subscribe('settings', () => heard.push('settings'));
    feed.publish('catalog');
    expect(heard).toEqual(['catalog']);
    stop();
    feed.publish('catalog');
    feed.publish('settings');
    expect(heard).toEqual(['catalog', 'settings']);
  });

  it('hands published topics to the transport and reports its failures instead of throwing', async () => {
    const failures: unknown[] = [];
    const feed = createChangeFeed((error) => failures.push(error));
    const sent: ChangeTopic[] = [];
    feed.connect({
      send: async (topic) => {
        sent.push(topic);
        if (topic === 'content') throw new Error('down');
      },
    });
    feed.publish('catalog');
    expect(() => feed.publish('content')).not.toThrow();
    await eventually(() => expect(failures).toHaveLength(1));
    expect(sent).toEqual(['catalog', 'content']);
    feed.connect(null);
    feed.publish('settings');
    expect(sent).toEqual(['catalog', 'content']);
  });

  it('receive() runs local subscribers for known topics and ignores anything else', () => {
    const feed = createChangeFeed();
    const heard: string[] = [];
    for (const topic of CHANGE_TOPICS) feed.subscribe(topic, () => heard.push(topic));
    feed.receive('settings');
    feed.receive('nonsense');
    feed.receive('__proto__');
    expect(heard).toEqual(['settings']);
  });
});

describe('change feed between processes (transport logic)', () => {
  it('delivers a topic to the other process once, and skips its own echo', async () => {
    const bus = fakeBus();
    const one = createChangeFeed();
    const two = createChangeFeed();
    const heardOne: string[] = [];
    const heardTwo: string[] = [];
    one.subscribe('catalog', () => heardOne.push('catalog'));
    two.subscribe('catalog', () => heardTwo.push('catalog'));
    const a = quietLog();
    await connectChangeFeed(one, bus.handle, a.logger);
    await connectChangeFeed(two, bus.handle, quietLog().logger);

    one.publish('catalog');
    await eventually(() => expect(heardTwo).toEqual(['catalog']));
    // Its own subscriber ran once, at publish time; the echo from the bus was ignored.
    expect(heardOne).toEqual(['catalog']);
    expect(a.log.warn).not.toHaveBeenCalled();
  });

  it('treats every topic as changed after a reconnect, ignores unreadable messages and logs failed sends', async () => {
    const bus = fakeBus();
    const feed = createChangeFeed();
    const heard: string[] = [];
    for (const topic of CHANGE_TOPICS) feed.subscribe(topic, () => heard.push(topic));
    const { log, logger } = quietLog();
    const disconnect = await connectChangeFeed(feed, bus.handle, logger);

    bus.reconnectAll();
    expect(heard.sort()).toEqual([...CHANGE_TOPICS].sort());

    heard.length = 0;
    for (const entry of bus.listeners) {
      entry.onMessage('not json');
      entry.onMessage(JSON.stringify({ topic: 'catalog' }));
    }
    expect(heard).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(2);

    const failed = createChangeFeed((error) => logger.warn({ err: error }, 'change notification not sent'));
    await connectChangeFeed(failed, bus.handle, logger);
    bus.failNotifies(true);
    expect(() => failed.publish('catalog')).not.toThrow();
    await eventually(() => expect(log.warn).toHaveBeenCalledTimes(3));

    await disconnect();
    expect(bus.listeners.size).toBe(1);
  });
});

describe('embedded database (PGlite)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ embeddedDir: undefined });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('carries a publish of one feed to a second feed on the same instance through pg_notify', async () => {
    const one = createChangeFeed();
    const two = createChangeFeed();
    const heard: string[] = [];
    two.subscribe('settings', () => heard.push('settings'));
    const stopOne = await connectChangeFeed(one, database, quietLog().logger);
    const stopTwo = await connectChangeFeed(two, database, quietLog().logger);
    one.publish('settings');
    await eventually(() => expect(heard).toEqual(['settings']));

    await stopTwo();
    one.publish('settings');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['settings']);
    await stopOne();
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let shared: TestDatabase;
  let second: DatabaseHandle;
  let app1: App;
  let app2: App;

  async function appOn(database: DatabaseHandle): Promise<App> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `shop-test-${randomBytes(6).toString('hex')}`),
      LOG_LEVEL: 'silent',
      // Only a notification can refresh a listing within the test.
      CATALOG_CACHE_SECONDS: '600',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return app;
  }

  async function listedNames(app: App): Promise<string[]> {
    const response = await app.inject({ method: 'GET', url: '/api/products?limit=50' });
    expect(response.statusCode).toBe(200);
    return (response.json().products as Product[]).map((product) => product.name);
  }

  /** The settings as every page reads them (through the process's settings cache). */
  async function storeName(app: App): Promise<string> {
    return (await app.services.settings.getSettings()).store_name;
  }

  /** How many times app2 has heard a topic; lets a test wait for a notification to land. */
  const heardByApp2: Record<ChangeTopic, number> = { catalog: 0, settings: 0, content: 0, shipping: 0, orders: 0 };

  /** Publishes in app1 and waits until app2 has heard it (then its caches are empty). */
  async function announce(topic: ChangeTopic): Promise<void> {
    const before = heardByApp2[topic];
    app1.services.changes.publish(topic);
    await eventually(() => expect(heardByApp2[topic]).toBe(before + 1));
  }

  /** Sessions of this database currently listening (their last statement was the LISTEN). */
  async function listeners(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      shared.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
    );
    return row!.n;
  }

  beforeAll(async () => {
    shared = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(shared.db, sql`select current_database() as name`);
    const url = new URL(serverUrl!);
    url.pathname = `/${row!.name}`;
    // Its own handle, pool and listening connection: as a second process would have.
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    app1 = await appOn(shared);
    app2 = await appOn(second);
    for (const topic of CHANGE_TOPICS) {
      app2.services.changes.subscribe(topic, () => {
        heardByApp2[topic] += 1;
      });
    }
  });

  afterAll(async () => {
    await app1?.close();
    await app2?.close();
    await second?.close();
    await shared?.destroy();
  });

  it('shows a product change made through one process in the other within a second', async () => {
    const product = await createProduct(shared.db, { name: 'سبحة قبل التعديل' });
    await announce('catalog');
    expect(await listedNames(app2)).toContain('سبحة قبل التعديل');

    await shared.db.update(products).set({ name: 'سبحة بعد التعديل' }).where(eq(products.id, product.id));
    // The listing is cached for ten minutes: without a notification the other process keeps it.
    expect(await listedNames(app2)).toContain('سبحة قبل التعديل');

    app1.services.changes.publish('catalog');
    const took = await eventually(async () => expect(await listedNames(app2)).toContain('سبحة بعد التعديل'));
    expect(took).toBeLessThan(1000);
  });

  it('shows a settings change made through one process in the other within a second', async () => {
    await saveStoreSettings(shared.db, { store_name: 'متجر السبح' });
    await announce('settings');
    expect(await storeName(app2)).toBe('متجر السبح');

    await saveStoreSettings(shared.db, { store_name: 'متجر المسابح' });
    expect(await storeName(app2)).toBe('متجر السبح');
    app1.services.changes.publish('settings');
    const took = await eventually(async () => expect(await storeName(app2)).toBe('متجر المسابح'));
    expect(took).toBeLessThan(1000);
  });

  it('reconnects a killed listening connection, drops its copies, and hears notifications again', async () => {
    expect(await listeners()).toBe(2);
    const product = await createProduct(shared.db, { name: 'سبحة قبل الانقطاع' });
    await announce('catalog');
    expect(await listedNames(app2)).toContain('سبحة قبل الانقطاع');

    await shared.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
    );
    // Changed while nobody listened, and never announced: the reconnect must drop the copy.
    await shared.db.update(products).set({ name: 'سبحة أثناء الانقطاع' }).where(eq(products.id, product.id));
    await eventually(async () => expect(await listeners()).toBe(2), 5000);
    await eventually(async () => expect(await listedNames(app2)).toContain('سبحة أثناء الانقطاع'));

    // And an announced change after the reconnect arrives as before.
    await shared.db.update(products).set({ name: 'سبحة بعد الانقطاع' }).where(eq(products.id, product.id));
    expect(await listedNames(app2)).toContain('سبحة أثناء الانقطاع');
    app1.services.changes.publish('catalog');
    await eventually(async () => expect(await listedNames(app2)).toContain('سبحة بعد الانقطاع'));
  });

  it('uses the shop_changes channel', () => {
    expect(CHANGE_CHANNEL).toBe('shop_changes');
  });
});
