import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { products } from '../../db/schema/index.js';
import { metricsRegistry } from '../../lib/metrics.js';
import { createProduct } from '../../seed/factories.js';

// The storefront's listings as wire bytes (docs/decisions/066), through the real app on a socket.

let ctx: TestContext;
let port: number;
let adminToken: string;
let firstProduct: number;

beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  for (let index = 1; index <= 15; index += 1) {
    const product = await createProduct(ctx.database.db, {
      name: `سبحة كهرمان ${index}`,
      name_en: `Amber prayer beads ${index}`,
      short_description: 'سبحة من الكهرمان الطبيعي، ثلاث وثلاثون حبة، مع شرابة من الفضة',
    });
    firstProduct ||= product.id;
  }
  await createProduct(ctx.database.db, { name: 'سبحة مسودة', status: 'draft' });
  adminToken = (await signedInAs(ctx, 'admin')).token;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
});

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request over the socket, its body exactly as it came (nothing decompressed). */
function get(path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(parts),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The JSON bytes of a reply, whatever its encoding. */
function decoded(reply: RawReply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return zlib.gunzipSync(reply.body);
  expect(encoding).toBeUndefined();
  return reply.body;
}

async function apiReplyLookups(result: 'hit' | 'miss'): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('shop_cache_lookups_total')?.get();
  return (
    metric?.values.find(
      (value) => value.labels.cache === 'api_replies' && value.labels.result === result,
    )?.value ?? 0
  );
}

describe('the product list as wire bytes', () => {
  it('sends a kept reply that is, decompressed, byte for byte the reply computed afresh', async () => {
    const path = '/api/products?limit=15&sort=name&order=asc';
    ctx.app.services.catalog.invalidateListings();
    const hitsBefore = await apiReplyLookups('hit');
    const computed = await get(path);
    expect(computed.status).toBe(200);
    expect(JSON.parse(computed.body.toString('utf8')).products).toHaveLength(15);
    expect(computed.body.length).toBeGreaterThan(4096);

    const kept = [
      await get(path),
      await get(path, { 'accept-encoding': 'gzip, deflate, br' }),
      await get(path, { 'accept-encoding': 'gzip' }),
      await get(path, { 'accept-encoding': 'identity' }),
    ];
    expect(await apiReplyLookups('hit')).toBe(hitsBefore + kept.length);
    expect(kept.map((reply) => reply.headers['content-encoding'])).toEqual([
      undefined,
      'br',
      'gzip',
      undefined,
    ]);
    for (const reply of kept) {
      expect(decoded(reply).equals(computed.body)).toBe(true);
      expect(reply.headers['content-length']).toBe(String(reply.body.length));
      expect(reply.headers.etag).toBe(computed.headers.etag);
    }

    // The same page serialised by Fastify's own path for a caller who never gets wire bytes (an
    // administrator without a status filter reads the published page).
    const staffReply = await get(path, { authorization: `Bearer ${adminToken}` });
    expect(staffReply.headers['cache-control']).toBe('private, no-store');
    expect(staffReply.body.equals(computed.body)).toBe(true);

    // And computed again from the database.
    ctx.app.services.catalog.invalidateListings();
    const recomputed = await get(path, { 'accept-encoding': 'br' });
    expect(decoded(recomputed).equals(computed.body)).toBe(true);
  });

  it('sends what every reply of the list carries', async () => {
    const reply = await get('/api/products?limit=3', { 'x-request-id': 'not-trusted' });
    const kept = await get('/api/products?limit=3', { 'accept-encoding': 'br' });
    for (const headers of [reply.headers, kept.headers]) {
      expect(headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'public, max-age=60',
        vary: 'authorization, accept-encoding',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(headers['permissions-policy']).toContain('camera=()');
    }
    const notModified = await get('/api/products?limit=3', {
      'if-none-match': String(kept.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
  });

  it('has a catalogue change in the next reply', async () => {
    const path = '/api/products?limit=15&sort=name&order=asc';
    const before = await get(path);
    await ctx.database.db
      .update(products)
      .set({ name: 'سبحة كهرمان معدلة' })
      .where(eq(products.id, firstProduct));
    // Every catalogue write through a service, and the change feed, clears the listings.
    ctx.app.services.catalog.invalidateListings();
    const after = await get(path);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString('utf8')).toContain('سبحة كهرمان معدلة');
    const revalidated = await get(path, { 'if-none-match': String(before.headers.etag) });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.equals(after.body)).toBe(true);
  });

  it('never hands staff the shoppers’ kept reply, nor shoppers the staff’s', async () => {
    const path = '/api/products?status=&limit=50';
    const names = (reply: RawReply) =>
      (JSON.parse(reply.body.toString('utf8')) as { products: { name: string }[] }).products.map(
        (product) => product.name,
      );
    const shopper = await get(path);
    expect(names(shopper)).not.toContain('سبحة مسودة');
    const staff = await get(path, { authorization: `Bearer ${adminToken}` });
    expect(names(staff)).toContain('سبحة مسودة');
    expect(staff.headers['cache-control']).toBe('private, no-store');
    const shopperAgain = await get(path);
    expect(shopperAgain.body.equals(shopper.body)).toBe(true);
    expect(shopperAgain.headers['cache-control']).toBe('public, max-age=60');
  });

  it('keeps the featured products, the related ones and the categories the same way', async () => {
    for (const path of [
      '/api/products/featured/list',
      `/api/products/${firstProduct}/related`,
      '/api/categories',
    ]) {
      const computed = await get(path);
      expect(computed.status).toBe(200);
      const kept = await get(path, { 'accept-encoding': 'gzip' });
      expect(decoded(kept).equals(computed.body)).toBe(true);
      expect(kept.headers.etag).toBe(computed.headers.etag);
    }
  });
});
