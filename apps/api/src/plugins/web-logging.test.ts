import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { createProduct } from '../seed/factories.js';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { url?: string };
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
    const incoming = written.filter((line) => line.msg === 'incoming request');
    expect(incoming.map((line) => line.req?.url)).toEqual([`/products/${productId}`]);
    const completed = written.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.reqId).toBe(incoming[0]!.reqId);
  });

  it('logs an API request that comes over the network', async () => {
    const written = await logged(async () => {
      expect((await fetch(`${origin}/api/products/${productId}`)).status).toBe(200);
    });
    expect(
      written.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url),
    ).toEqual([`/api/products/${productId}`]);
    expect(written.filter((line) => line.msg === 'request completed')).toHaveLength(1);
  });
});
