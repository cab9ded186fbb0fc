import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse, PaymentVerifyResponse } from '@shop/shared';
import { onlineCheckout, paymentHelpers, startPaymentsShop, type PaymentsTestShop } from '../../test-support/payments.js';
import { parsePrometheusText, sampleValue, type Exposition } from '../../test-support/prometheus.js';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { createProduct } from '../seed/factories.js';

const TOKEN = 'metrics-token-0123456789abcdef';

async function scrape(ctx: TestContext, headers: Record<string, string> = {}): Promise<Exposition> {
  const response = await ctx.app.inject({ url: '/metrics', headers, remoteAddress: '127.0.0.1' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(response.body);
}

const requests = (exposition: Exposition, labels: Record<string, string>) =>
  sampleValue(exposition, 'shop_http_request_duration_seconds_count', labels);

describe('/metrics without a token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the Prometheus text format with the process metrics', async () => {
    const exposition = await scrape(ctx);
    expect(exposition.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(exposition.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(exposition.types.get('shop_http_request_duration_seconds')).toBe('histogram');
  });

  it('counts requests by route pattern, method and status class, never by raw URL', async () => {
    const before = await scrape(ctx);
    const product = await createProduct(ctx.database.db, { name: 'سبحة' });
    for (const id of [product.id, 987_654_321, 987_654_322]) await ctx.app.inject(`/api/products/${id}`);
    await ctx.app.inject({ method: 'POST', url: '/api/nowhere/at/all' });
    await ctx.app.inject('/api/nowhere/else');
    const after = await scrape(ctx);

    const detail = { route: '/api/products/:id', method: 'GET' };
    expect(requests(after, { ...detail, status_class: '2xx' }) - requests(before, { ...detail, status_class: '2xx' })).toBe(1);
    expect(requests(after, { ...detail, status_class: '4xx' }) - requests(before, { ...detail, status_class: '4xx' })).toBe(2);
    const unmatched = { route: 'unmatched', status_class: '4xx' };
    expect(requests(after, { ...unmatched, method: 'POST' }) - requests(before, { ...unmatched, method: 'POST' })).toBe(1);
    expect(requests(after, { ...unmatched, method: 'GET' }) - requests(before, { ...unmatched, method: 'GET' })).toBe(1);

    const routes = new Set(after.samples.map((sample) => sample.labels.route).filter((route) => route !== undefined));
    expect([...routes].some((route) => /\d{3}|nowhere/.test(route))).toBe(false);
    // The latency histogram: cumulative buckets ending in +Inf, which equals the count.
    const buckets = after.samples.filter(
      (sample) => sample.name === 'shop_http_request_duration_seconds_bucket' && sample.labels.route === '/api/products/:id' && sample.labels.status_class === '4xx',
    );
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    expect(buckets.at(-1)?.value).toBe(requests(after, { ...detail, status_class: '4xx' }));
    expect(sampleValue(after, 'shop_http_request_duration_seconds_sum', { ...detail, status_class: '4xx' })).toBeGreaterThan(0);
  });

  it('counts error replies by their envelope code', async () => {
    const before = await scrape(ctx);
    await ctx.app.inject('/api/products/987654323');
    await ctx.app.inject('/api/products/not-a-number');
    const after = await scrape(ctx);
    const errors = (exposition: Exposition, code: string) => sampleValue(exposition, 'shop_http_error_responses_total', { code });
    expect(errors(after, 'NOT_FOUND') - errors(before, 'NOT_FOUND')).toBe(1);
    expect(errors(after, 'VALIDATION_ERROR') - errors(before, 'VALIDATION_ERROR')).toBe(1);
  });

  it('counts the catalogue cache hits and misses', async () => {
    const lookups = (exposition: Exposition, cache: string, result: string) =>
      sampleValue(exposition, 'shop_cache_lookups_total', { cache, result });
    const before = await scrape(ctx);
    const url = `/api/products?search=${encodeURIComponent(`rare-${Date.now()}`)}`;
    await ctx.app.inject(url);
    const first = await scrape(ctx);
    const misses = lookups(first, 'catalog_listings', 'miss') - lookups(before, 'catalog_listings', 'miss');
    expect(misses).toBeGreaterThan(0);
    expect(lookups(first, 'catalog_listings', 'hit')).toBe(lookups(before, 'catalog_listings', 'hit'));
    await ctx.app.inject(url);
    await ctx.app.inject(url);
    const after = await scrape(ctx);
    expect(lookups(after, 'catalog_listings', 'miss')).toBe(lookups(first, 'catalog_listings', 'miss'));
    // Each repeated request is answered with the listing's kept reply (docs/decisions/066).
    expect(lookups(after, 'api_replies', 'hit') - lookups(first, 'api_replies', 'hit')).toBe(2);
  });

  it('reports the PostgreSQL pool, and no pool for the embedded database', async () => {
    const exposition = await scrape(ctx);
    if (ctx.database.kind === 'postgres') {
      expect(sampleValue(exposition, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(exposition.types.get('shop_db_pool_waiting_queries')).toBe('gauge');
    } else {
      expect(exposition.types.has('shop_db_pool_connections')).toBe(false);
    }
  });

  it('serves loopback and private addresses, refuses public ones and anything forwarded by a proxy', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.1.2.3', '192.168.0.7', '172.20.0.1', '::1', '::ffff:127.0.0.1', 'fd00::5']) {
      const response = await ctx.app.inject({ url: '/metrics', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.9', '8.8.8.8', '172.32.0.1', '2001:db8::1']) {
      const response = await ctx.app.inject({ url: '/metrics', remoteAddress, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, remoteAddress).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(response.body).not.toContain('shop_');
    }
    // A proxy on the same machine connects from loopback for every client on the internet.
    const proxied = await ctx.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(proxied.statusCode).toBe(403);
  });

  it('stays out of the API document', async () => {
    const document = (await ctx.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => /metrics|healthz|readyz/.test(path))).toEqual([]);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('requires the bearer token, from any address', async () => {
    const missing = await ctx.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    const wrong = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await ctx.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.4' },
    });
    expect(right.statusCode).toBe(200);
    expect(parsePrometheusText(right.body).types.get('shop_orders_placed_total')).toBe('counter');
  });

  it('refuses a token that is too short at start-up', async () => {
    await expect(createTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe('orders and payments', () => {
  let shop: PaymentsTestShop;
  const h = paymentHelpers(() => shop);
  beforeAll(async () => {
    shop = await startPaymentsShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const counter = (exposition: Exposition, name: string, labels: Record<string, string>) =>
    sampleValue(exposition, name, labels);

  async function placeOnline() {
    const product = await createProduct(shop.ctx.database.db, { name: 'سبحة', price: 5_000, stock_quantity: 5 });
    const response = await h.call('POST', '/api/orders', onlineCheckout(shop, [{ product_id: product.id, quantity: 1 }]));
    expect(response.statusCode).toBe(201);
    const body = response.json<OrderResponse>();
    return { orderNumber: body.order.order_number, session: h.sessionOf(body.payment_url!) };
  }

  it('counts an order once committed, by payment method, and each payment by outcome', async () => {
    const before = await scrape(shop.ctx);
    const cash = await createProduct(shop.ctx.database.db, { name: 'سبحة', price: 5_000, stock_quantity: 5 });
    const placed = await h.call('POST', '/api/orders', {
      ...onlineCheckout(shop, [{ product_id: cash.id, quantity: 1 }]),
      payment_method: 'cash_on_delivery',
    });
    expect(placed.statusCode).toBe(201);
    // Refused before anything is written: no order counted.
    const refused = await h.call('POST', '/api/orders', onlineCheckout(shop, [{ product_id: cash.id, quantity: 99 }]));
    expect(refused.statusCode).toBe(400);

    const paid = await placeOnline();
    const paidRedirect = shop.fake.pay(paid.session, 'paid', { notify: false }).redirectUrl;
    const paidAnswer = await h.call('POST', '/api/payments/upayments/verify', { order_number: paid.orderNumber, ...h.returnQuery(paidRedirect) });
    expect(paidAnswer.json<PaymentVerifyResponse>().payment_status).toBe('paid');
    const failed = await placeOnline();
    const failedRedirect = shop.fake.pay(failed.session, 'failed', { notify: false }).redirectUrl;
    await h.call('POST', '/api/payments/upayments/verify', { order_number: failed.orderNumber, ...h.returnQuery(failedRedirect) });
    // A repeated check settles nothing more and counts nothing more.
    await h.call('POST', '/api/payments/upayments/verify', { order_number: paid.orderNumber, ...h.returnQuery(paidRedirect) });

    const after = await scrape(shop.ctx);
    const delta = (name: string, labels: Record<string, string>) => counter(after, name, labels) - counter(before, name, labels);
    expect(delta('shop_orders_placed_total', { payment_method: 'cash_on_delivery' })).toBe(1);
    expect(delta('shop_orders_placed_total', { payment_method: 'upayments' })).toBe(2);
    expect(delta('shop_payments_total', { outcome: 'paid' })).toBe(1);
    expect(delta('shop_payments_total', { outcome: 'failed' })).toBe(1);
  });
});
