// Order placement under load, for scripts/bench.mjs --checkout: `shoppers` guests place a
// cash-on-delivery order for one piece of the same product at the same moment, then the
// product's stock is read again and must have gone down by exactly the orders placed.
// Each shopper sends its own X-Forwarded-For: start the server with TRUST_PROXY=loopback, or
// the per-address limit on placing orders refuses most of them (reported as 429s).

import { performance } from 'node:perf_hooks';

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))];
}

/**
 * `request(method, path, body, headers)` resolves with `{ status, body }` (parsed JSON).
 * Returns the figures, or throws with what the store lacks.
 */
export async function benchCheckout({ request, shoppers }) {
  const list = await request('GET', '/api/products?limit=100');
  if (list.status !== 200) throw new Error(`GET /api/products answered ${list.status}`);
  let product;
  for (const candidate of list.body.products ?? []) {
    if (!candidate.in_stock || candidate.stock_quantity < 1) continue;
    const { body } = await request('GET', `/api/products/${candidate.id}/attributes`);
    if ((body.attributes ?? []).length === 0) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error('no product in stock without options among the newest 100');

  const country = (await request('GET', '/api/locations/countries')).body.countries?.[0];
  const governorate = country
    ? (await request('GET', `/api/locations/countries/${country.id}/governorates`)).body.governorates?.[0]
    : undefined;
  const city = governorate
    ? (await request('GET', `/api/locations/governorates/${governorate.id}/cities`)).body.cities?.find((entry) => entry.is_active)
    : undefined;
  if (!city) throw new Error('the store has no active delivery city');

  const stockOf = async () => (await request('GET', `/api/products/${product.id}`)).body.product.stock_quantity;
  const before = await stockOf();
  const order = (index) => ({
    name: `Bench shopper ${index}`,
    email: `bench-${Date.now()}-${index}@bench.test`,
    phone: `+965 5${String(1000000 + index).padStart(7, '0')}`,
    shipping_address: `Block ${1 + (index % 12)}, street ${index}`,
    country_id: country.id,
    governorate_id: governorate.id,
    city_id: city.id,
    payment_method: 'cash_on_delivery',
    items: [{ product_id: product.id, quantity: 1, selected_attributes: {} }],
  });

  const latencies = [];
  const statuses = new Map();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: shoppers }, async (_, index) => {
      const sent = performance.now();
      const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${(index & 255) + 1}`;
      const reply = await request('POST', '/api/orders', order(index), { 'x-forwarded-for': address });
      latencies.push(performance.now() - sent);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    }),
  );
  const elapsed = performance.now() - started;
  const after = await stockOf();
  latencies.sort((a, b) => a - b);
  const placed = statuses.get(201) ?? 0;
  return {
    name: 'order placement',
    path: 'POST /api/orders',
    product_id: product.id,
    shoppers,
    placed,
    statuses: Object.fromEntries(statuses),
    all_answered_ms: Math.round(elapsed),
    p50_ms: Math.round(percentile(latencies, 0.5) * 100) / 100,
    p99_ms: Math.round(percentile(latencies, 0.99) * 100) / 100,
    stock_before: before,
    stock_after: after,
    stock_right: before - after === placed,
  };
}
