import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { createProduct } from '../seed/factories.js';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

let ctx: TestContext;
let origin: string;
const lines: LogLine[] = [];
let productId: number;

beforeAll(async () => {
  const log = new PassThrough();
  let pending = '';
  log.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line) lines.push(JSON.parse(line) as LogLine);
  });
  ctx = await createTestWebApp({ LOG_LEVEL: 'info' }, log);
  productId = (await createProduct(ctx.database.db, { name: 'سبحة يسر للسجل' })).id;
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await ctx.close();
});

/** The log lines written while `action` ran. */
async function logged(action: () => Promise<unknown>): Promise<LogLine[]> {
  const from = lines.length;
  await action();
  // pino writes as the request ends; give the stream a turn.
  await new Promise((resolve) => setImmediate(resolve));
  return lines.slice(from);
}

describe('request log', () => {
  it("logs a page's own request once, not the API calls it makes in-process under its id", async () => {
    const written = await logged(async () => {
      const response = await fetch(`${origin}/products/${productId}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('سبحة يسر للسجل');
    });
    const requestLines = written.filter((line) => line.req || line.res);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: `/products/${productId}` },
      res: { statusCode: 200 },
    });
    expect(requestLines[0]!.reqId).toEqual(expect.any(String));
  });

  it('logs an API request in one line as it ends: request, status and time', async () => {
    const written = await logged(async () => {
      expect((await fetch(`${origin}/api/products/${productId}`)).status).toBe(200);
      expect((await fetch(`${origin}/api/products/999999999`)).status).toBe(404);
    });
    expect(written.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = written.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
      [`/api/products/${productId}`, 200],
      ['/api/products/999999999', 404],
    ]);
    for (const line of completed) expect(line.responseTime).toBeGreaterThan(0);
  });
});

describe('request log at the debug level', () => {
  it('also logs each request as it arrives, under the same id', async () => {
    const debugLines: LogLine[] = [];
    const log = new PassThrough();
    log.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) debugLines.push(JSON.parse(line) as LogLine);
    });
    const debugCtx = await createTestWebApp({ LOG_LEVEL: 'debug' }, log);
    try {
      const debugOrigin = await debugCtx.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${debugOrigin}/api/settings`);
      expect(response.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const incoming = debugLines.filter((line) => line.msg === 'incoming request');
      const completed = debugLines.filter((line) => line.msg === 'request completed');
      expect(incoming.map((line) => line.req?.url)).toEqual(['/api/settings']);
      expect(completed).toHaveLength(1);
      expect(completed[0]!.reqId).toBe(incoming[0]!.reqId);
    } finally {
      await debugCtx.close();
    }
  });
});
