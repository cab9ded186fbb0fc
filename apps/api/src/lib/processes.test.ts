import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { orders, products } from '../db/schema/index.js';
import { createCategory, createCity, createCountry, createGovernorate, createProduct } from '../seed/factories.js';
import { eventually } from '../../test-support/eventually.js';
import { testRedisUrl } from '../../test-support/redis.js';
import { createTestDatabase, serverDatabaseUrl, type TestDatabase } from '../../test-support/test-app.js';
import { assertShopBuilt, spawnShop, startShopProcess, stopShopProcess, type ShopProcess } from '../../test-support/shop-process.js';
import { leaderConnectionName, LEADER_LOCK_KEY } from './leadership.js';

/**
 * The shop as it runs in production (the build, `node apps/api/dist/main.js`) on PostgreSQL, in
 * the two shapes docs/decisions/026 describes: separate server processes (machines) sharing
 * Redis, and one `npm start` supervisor with two workers sharing its counts. `npm test` builds
 * before the unit tests run.
 */
const serverUrl = process.env.DATABASE_URL;
const redisUrl = serverUrl ? await testRedisUrl() : undefined;
const LOGIN_LIMIT = 10;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own (no keep-alive), so that node:cluster hands each to
 * the next worker. `slowBodyMs` sends the body in two halves that far apart (a slow client).
 */
function request(
  url: string,
  options: {
    method?: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    slowBodyMs?: number;
    /** A keep-alive agent instead of a connection of its own. */
    agent?: http.Agent;
  },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const sent = http.request(
      `${url}${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...(options.agent ? {} : { connection: 'close' }),
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    // No test waits for ever on an answer that will not come.
    sent.setTimeout(10_000, () => sent.destroy(new Error(`no answer to ${options.path} within 10 s`)));
    if (!body) {
      sent.end();
    } else if (options.slowBodyMs) {
      const half = Math.floor(body.length / 2);
      sent.write(body.subarray(0, half));
      setTimeout(() => sent.end(body.subarray(half)), options.slowBodyMs);
    } else {
      sent.end(body);
    }
  });
}

/** A client address of its own (the servers trust X-Forwarded-For from loopback, as from a proxy). */
const clientAddress = () => `10.${randomBytes(3).join('.')}`;

/** The worker processes of a supervisor (Linux: /proc). */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}


const login = (url: string, client: string, options: { slowBodyMs?: number; agent?: http.Agent } = {}) =>
  request(url, {
    method: 'POST',
    path: '/api/auth/login',
    body: { email: `nobody.${randomBytes(4).toString('hex')}@example.com`, password: 'not-the-password' },
    headers: { 'x-forwarded-for': client },
    ...options,
  });

describe.skipIf(!serverUrl)('two server processes on PostgreSQL (and Redis)', () => {
  let database: TestDatabase;
  let shops: ShopProcess[] = [];
  let productId: number;
  let place: (shop: ShopProcess, shopper: number) => Promise<Answer>;

  beforeAll(async () => {
    assertShopBuilt();
    database = await createTestDatabase({ poolSize: 2 });
    const category = await createCategory(database.db, { name: 'سبح', slug: 'processes' });
    const product = await createProduct(database.db, {
      name: 'سبحة العشر قطع',
      category_id: category.id,
      status: 'published',
      price: 5_000,
      stock_quantity: 10,
    });
    productId = product.id;
    const country = await createCountry(database.db, { code: 'KW' });
    const governorate = await createGovernorate(database.db, { country_id: country.id });
    const city = await createCity(database.db, { country_id: country.id, governorate_id: governorate.id });
    place = (shop, shopper) =>
      request(shop.url, {
        method: 'POST',
        path: '/api/orders',
        headers: { 'x-forwarded-for': clientAddress() },
        body: {
          user_id: null,
          name: `Shopper ${shopper}`,
          email: `shopper${shopper}.${randomBytes(3).toString('hex')}@example.com`,
          // A contact of its own: the shop also limits orders per e-mail and per phone.
          phone: `+965 6${String(10_000_000 + shopper).slice(1)}`,
          shipping_address: 'Block 5, Street 10, House 3',
          country_id: country.id,
          governorate_id: governorate.id,
          city_id: city.id,
          city: city.name_en,
          payment_method: 'cash_on_delivery',
          items: [{ product_id: productId, quantity: 1 }],
        },
      });
    // The tests stand in for a proxy: each client sends its own X-Forwarded-For.
    const env: Record<string, string> = { TRUST_PROXY: 'loopback', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    shops = await Promise.all([startShopProcess(serverDatabaseUrl(database), env), startShopProcess(serverDatabaseUrl(database), env)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => stopShopProcess(shop)));
    await database?.destroy();
  }, 30_000);

  it('a cart filled through one process is the same cart in the other', async () => {
    const added = await request(shops[0]!.url, {
      method: 'POST',
      path: '/api/cart/add',
      body: { product_id: productId, quantity: 2 },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(added.status, added.body).toBeLessThan(300);
    const cookie = [added.headers['set-cookie'] ?? []].flat().map((value) => value.split(';')[0]).join('; ');
    expect(cookie).not.toBe('');
    const seen = await request(shops[1]!.url, { path: '/api/cart', headers: { cookie } });
    expect(seen.status, seen.body).toBe(200);
    expect(JSON.parse(seen.body)).toMatchObject({ items: [{ product_id: productId, quantity: 2 }] });
  });

  it('a session opened through one process is good in the other', async () => {
    const email = `session.${randomBytes(4).toString('hex')}@example.com`;
    const client = clientAddress();
    const registered = await request(shops[0]!.url, {
      method: 'POST',
      path: '/api/auth/register',
      body: { name: 'Maryam', email, password: 'secret123' },
      headers: { 'x-forwarded-for': client },
    });
    expect(registered.status, registered.body).toBe(201);
    const loggedIn = await request(shops[0]!.url, {
      method: 'POST',
      path: '/api/auth/login',
      body: { email, password: 'secret123' },
      headers: { 'x-forwarded-for': client },
    });
    expect(loggedIn.status, loggedIn.body).toBe(200);
    const { token } = JSON.parse(loggedIn.body) as { token: string };
    const me = await request(shops[1]!.url, { path: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
    expect(me.status, me.body).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ user: { email } });
  });

  it.skipIf(!redisUrl)('a limit of 10 logins a minute holds across both processes (Redis): the 11th is refused', async () => {
    const client = clientAddress();
    const codes: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt += 1) {
      codes.push((await login(shops[attempt % 2]!.url, client)).status);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
  });

  it('50 shoppers at once over both processes, 10 pieces in stock: exactly 10 orders, stock 0', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, shopper) => place(shops[shopper % 2]!, shopper)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201), JSON.stringify(statuses)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 201 && status !== 409), JSON.stringify(statuses)).toEqual([]);
    const [stock] = await database.db.select({ quantity: products.stock_quantity }).from(products).where(eq(products.id, productId));
    expect(stock?.quantity).toBe(0);
    expect(await database.db.$count(orders)).toBe(10);
  }, 30_000);

  it('one process runs the background work; killed with kill -9, the other takes over within seconds', async () => {
    // Whose session holds the leader's lock, in this test's database.
    const leaderPids = async () =>
      (
        await queryRows<{ application_name: string }>(
          database.db,
          sql`select activity.application_name from pg_locks locks
                join pg_stat_activity activity on activity.pid = locks.pid
               where locks.locktype = 'advisory' and locks.objid = ${LEADER_LOCK_KEY} and locks.granted
                 and locks.database = (select oid from pg_database where datname = current_database())`,
        )
      ).map((row) => row.application_name);
    const pids = shops.map((shop) => shop.child.pid!);
    let leaders: string[] = [];
    await eventually(async () => {
      leaders = await leaderPids();
      expect(leaders).toHaveLength(1);
    }, 5000);
    const leader = pids.find((pid) => leaders[0] === leaderConnectionName(pid));
    expect(leader, `${leaders[0]} is one of ${pids.join(', ')}`).toBeDefined();
    const survivor = shops.find((shop) => shop.child.pid !== leader)!;

    process.kill(leader!, 'SIGKILL');
    const took = await eventually(async () => {
      expect(await leaderPids()).toEqual([leaderConnectionName(survivor.child.pid)]);
    }, 8000);
    expect(took).toBeLessThan(8000);
    expect((await request(survivor.url, { path: '/api/products' })).status).toBe(200);
  }, 20_000);
});

describe.skipIf(!serverUrl)('npm start with two workers (a supervisor, no Redis)', () => {
  let database: TestDatabase;
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
    shop = await startShopProcess(serverDatabaseUrl(database), {
      TRUST_PROXY: 'loopback',
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
      // Longer than the whole stop may take: an idle kept-alive connection must not hold it up.
      KEEP_ALIVE_TIMEOUT_SECONDS: '20',
    });
    await eventually(() => expect(shop!.output.join('')).toContain('shop ready at'), 40_000);
  }, 90_000);

  afterAll(async () => {
    await stopShopProcess(shop);
    await database?.destroy();
  }, 30_000);

  it('the workers share the login limit through the supervisor: the 11th attempt is refused', async () => {
    expect(childrenOf(shop!.child.pid!)).toHaveLength(2);
    const client = clientAddress();
    const codes: number[] = [];
    // One connection per request: node:cluster gives them to the two workers in turn.
    for (let attempt = 0; attempt < LOGIN_LIMIT + 3; attempt += 1) codes.push((await login(shop!.url, client)).status);
    expect(codes).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429, 429]);
  });

  it('a worker killed with kill -9 is replaced, and the shop answers all along', async () => {
    const before = childrenOf(shop!.child.pid!);
    process.kill(before[0]!, 'SIGKILL');
    // A connection handed to the worker in the instant it died is lost with it (as with any
    // crash); from the moment the supervisor knows, every request is answered.
    await eventually(() => expect(shop!.output.join('')).toMatch(/worker ended unexpectedly/), 10_000);
    const answers: number[] = [];
    let replacement: number | undefined;
    await eventually(async () => {
      answers.push((await request(shop!.url, { path: '/healthz' })).status);
      replacement = childrenOf(shop!.child.pid!).find((pid) => !before.includes(pid));
      expect(replacement).toBeDefined();
      // Ready when the supervisor says so.
      expect(shop!.output.join('')).toContain(`"worker_pid":${replacement},"msg":"worker ready"`);
    }, 40_000);
    expect(childrenOf(shop!.child.pid!)).toHaveLength(2);
    expect(answers.every((status) => status === 200), JSON.stringify(answers)).toBe(true);
  }, 60_000);

  it('workers that cannot start are not restarted for ever: the supervisor gives up and exits 1', async () => {
    // A second npm start on the port the first one holds: every worker fails to listen.
    const port = new URL(shop!.url).port;
    const started = Date.now();
    const doomed = spawnShop(serverDatabaseUrl(database), Number(port), {
      LOG_LEVEL: 'info',
      // As many as the crashes the supervisor tolerates, so one round of failed starts is enough.
      WEB_CONCURRENCY: '5',
    });
    const output = doomed.output;
    const code = await doomed.exited;
    expect(code, output.join('')).toBe(1);
    expect(output.join('')).toMatch(/crashed 5 times within a minute: giving up/);
    expect(Date.now() - started).toBeLessThan(45_000);
    // The shop that holds the port is unharmed.
    expect((await request(shop!.url, { path: '/healthz' })).status).toBe(200);
  }, 60_000);

  it('SIGTERM while slow requests are under way: every one gets its whole answer, and npm start exits 0', async () => {
    // Half of the clients keep their connection open for more (as browsers do).
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 3 });
    const slow = Array.from({ length: 6 }, (_, index) =>
      login(shop!.url, clientAddress(), { slowBodyMs: 1500, ...(index % 2 === 0 ? { agent: keepAlive } : {}) }),
    );
    // Every request has started (its headers are in) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalled = Date.now();
    shop!.child.kill('SIGTERM');
    const answers = await Promise.all(slow);
    const answered = Date.now();
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(401));
    for (const answer of answers) expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    expect(await shop!.exited).toBe(0);
    // Within the deadline, and without waiting for the kept-alive connections to time out.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(Date.now() - answered).toBeLessThan(5000);
    keepAlive.destroy();
    // Nothing new is accepted once stopped.
    await expect(request(shop!.url, { path: '/healthz' })).rejects.toThrow();
  }, 30_000);
});
