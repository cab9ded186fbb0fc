import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test-support/test-app.js';
import { metricsRegistry } from '../lib/metrics.js';
import { createProduct } from '../seed/factories.js';
import { createTestWebApp, webRoot } from '../../test-support/web-app.js';
import { eventually } from '../../test-support/eventually.js';
import { countWeakReferences } from '../../../../packages/shared/test-support/weak-references.js';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  // The page cache is off here (as in every test app): pages stream to the visitor.
  ctx = await createTestWebApp();
  // Enough of a catalogue that pages are large: a visitor can leave while one is still being sent.
  for (let index = 0; index < 30; index += 1) {
    await createProduct(ctx.database.db, {
      name: `سبحة للزائر المستعجل ${index}`,
      featured: index % 3 === 0,
    });
  }
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
});

/** Asks for a page and hangs up `afterMs` later, whatever has come by then. */
function leaveEarly(pathname: string, encoding: string, afterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: shop.test\r\nAccept-Encoding: ${encoding}\r\n\r\n`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, afterMs);
    });
    socket.on('error', reject);
  });
}

describe('a visitor who leaves while a page streams', () => {
  it('stops nothing: the server goes on answering', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      // Hanging up at every moment of a page's rendering and streaming.
      for (let afterMs = 0; afterMs < 30; afterMs += 2) {
        await Promise.all([
          leaveEarly('/', 'br', afterMs),
          leaveEarly('/products', 'gzip', afterMs),
          leaveEarly('/products', 'identity', afterMs),
        ]);
      }
      // Give the abandoned renderings time to notice.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const page = await fetch(`http://127.0.0.1:${port}/products`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('سبحة للزائر المستعجل 29');
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('renders no page for visitors who leave before it is rendered, and counts them', async () => {
    const abandoned = async () =>
      (await metricsRegistry.getSingleMetric('shop_pages_abandoned_total')?.get())?.values[0]
        ?.value ?? 0;
    const before = await abandoned();
    // Visitors who ask for pages at once and hang up at once, while their pages read their data
    // (React Router stops) or wait for their turns to be rendered (renderTurn skips them).
    await Promise.all(Array.from({ length: 12 }, () => leaveEarly('/products', 'identity', 1)));
    // Counted when each abandoned request ends: on a busy machine, after a while.
    await eventually(async () => expect(await abandoned()).toBeGreaterThan(before), 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await abandoned();
    expect(after).toBeGreaterThan(before);
    // A visitor who stays gets the page, and is not counted.
    const page = await fetch(`http://127.0.0.1:${port}/products`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('سبحة للزائر المستعجل 29');
    expect(await abandoned()).toBe(after);
  });
});

describe("a page's request and the garbage collector (decision 076)", () => {
  it('follows the visitor through no weak reference, which would make the young collector keep the whole page', async () => {
    // undici's Request, given a signal to follow, makes a WeakRef and a FinalizationRegistry entry
    // (it reads both globals when it runs): counted here while pages are rendered.
    const weakReferences = countWeakReferences();
    try {
      // Documents, client navigations' data (React Router copies their request) and an address
      // with `index` (copied too).
      for (const url of [
        '/',
        '/products',
        '/en/products?page=2',
        '/products/1',
        '/products.data',
        '/en/products/1.data',
        '/products?index',
      ]) {
        const page = await ctx.app.inject({ url });
        expect(page.statusCode, url).toBeLessThan(500);
      }
      expect(weakReferences.count()).toBe(0);
      // The count is not blind: a request that follows a signal is seen.
      new Request('https://shop.test/', { signal: new AbortController().signal });
      expect(weakReferences.count()).toBeGreaterThan(0);
    } finally {
      weakReferences.restore();
    }
  });
});

describe('new connections and the renderings (decision 077)', () => {
  it("tells the renderings' turns of every connection the server takes in", async () => {
    const build = (await import(
      pathToFileURL(path.join(webRoot, 'build', 'server', 'index.js')).href
    )) as { entry: { module: { connectionArrived?: () => void } } };
    const { connectionArrived } = build.entry.module;
    expect(connectionArrived).toBeTypeOf('function');
    expect(ctx.app.server.listeners('connection')).toContain(connectionArrived);
  });
});
