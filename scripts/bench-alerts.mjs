// New-order alerts' delay, for scripts/bench.mjs --alerts: the back office's long poll
// (GET /api/admin/orders/new?wait=…) waits while a guest places a cash-on-delivery order; the
// delay is from sending the order to the poll's answer naming it. Run against `npm start` with
// WEB_CONCURRENCY=2 (PostgreSQL) and TRUST_PROXY=loopback: the poll and the order go on
// connections of their own, so the cluster usually gives them to different workers, and the
// order reaches the waiting poll over PostgreSQL NOTIFY. Needs an administrator's
// authorization header (--header); writes orders, so only against a benchmark database.

import { performance } from 'node:perf_hooks';

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))];
}

const round = (ms) => Math.round(ms * 10) / 10;

/**
 * `request(method, path, body, headers)` resolves with `{ status, body }` (parsed JSON).
 * Places `orders` orders one after the other, each while a poll waits; returns the figures.
 */
export async function benchAlerts({ request, orders }) {
  const start = await request('GET', '/api/admin/orders/new');
  if (start.status !== 200) {
    throw new Error(`GET /api/admin/orders/new answered ${start.status}: pass --header "authorization: Bearer <an administrator's token>"`);
  }
  const list = await request('GET', '/api/products?limit=100');
  // Products without options with pieces left (a demo store has a few of each): one piece per order.
  const stock = new Map();
  for (const candidate of list.body.products ?? []) {
    if (!candidate.in_stock || candidate.stock_quantity < 1) continue;
    const { body } = await request('GET', `/api/products/${candidate.id}/attributes`);
    if ((body.attributes ?? []).length === 0) stock.set(candidate.id, candidate.stock_quantity);
  }
  const pieces = [...stock.values()].reduce((sum, left) => sum + left, 0);
  if (pieces < orders) throw new Error(`${pieces} pieces in stock of products without options among the newest 100, ${orders} needed`);
  const nextProduct = () => {
    const [id, left] = [...stock.entries()].sort((a, b) => b[1] - a[1])[0];
    stock.set(id, left - 1);
    return id;
  };
  const country = (await request('GET', '/api/locations/countries')).body.countries?.[0];
  const governorate = country
    ? (await request('GET', `/api/locations/countries/${country.id}/governorates`)).body.governorates?.[0]
    : undefined;
  const city = governorate
    ? (await request('GET', `/api/locations/governorates/${governorate.id}/cities`)).body.cities?.find((entry) => entry.is_active)
    : undefined;
  if (!city) throw new Error('the store has no active delivery city');

  let cursor = start.body.cursor;
  const delays = [];
  let missed = 0;
  const stamp = Date.now();
  for (let index = 0; index < orders; index += 1) {
    let answeredAt = 0;
    const poll = request('GET', `/api/admin/orders/new?cursor=${encodeURIComponent(cursor)}&wait=20`).then((reply) => {
      answeredAt = performance.now();
      return reply;
    });
    // The poll is waiting on the server before the order is sent.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const sent = performance.now();
    const placed = await request(
      'POST',
      '/api/orders',
      {
        name: `Alert bench ${index}`,
        email: `alerts-${stamp}-${index}@bench.test`,
        phone: `+965 6${String(2000000 + index).padStart(7, '0')}`,
        shipping_address: `Block ${1 + (index % 12)}, street ${index}`,
        country_id: country.id,
        governorate_id: governorate.id,
        city_id: city.id,
        payment_method: 'cash_on_delivery',
        items: [{ product_id: nextProduct(), quantity: 1, selected_attributes: {} }],
      },
      { 'x-forwarded-for': `10.77.${(index >> 8) & 255}.${(index & 255) + 1}` },
    );
    if (placed.status !== 201) throw new Error(`POST /api/orders answered ${placed.status}: ${JSON.stringify(placed.body)}`);
    const reply = await poll;
    cursor = reply.body.cursor;
    if ((reply.body.orders ?? []).some((order) => order.id === placed.body.order.id)) delays.push(answeredAt - sent);
    else missed += 1;
  }
  delays.sort((a, b) => a - b);
  return {
    name: 'new-order alert',
    path: 'POST /api/orders → GET /api/admin/orders/new?wait=20',
    orders,
    seen: delays.length,
    missed,
    p50_ms: round(percentile(delays, 0.5)),
    p90_ms: round(percentile(delays, 0.9)),
    max_ms: round(delays.at(-1) ?? 0),
  };
}
