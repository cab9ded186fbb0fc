#!/usr/bin/env node
// Measures requests per second and latency of a running shop server with keep-alive
// connections (autocannon generates the load). It only measures: there is no pass or fail.
//
//   node scripts/bench.mjs --url http://127.0.0.1:3000 --path /api/products --connections 50 --duration 10
//   node scripts/bench.mjs --url http://127.0.0.1:3000          (the default suite: the API's
//       list, searches and product, the product and home pages as a guest, then the same pages
//       as a signed-in shopper, with the session cookie of a customer it registers: one new
//       account a run, so only against a benchmark database)
//   node scripts/bench.mjs --checkout   (then 50 shoppers place an order at once, stock checked
//       after: it writes orders, so only against a benchmark database; the server needs
//       TRUST_PROXY=loopback so that each shopper counts as its own address)
//   node scripts/bench.mjs --orders --export --server-pid <pid> --connections 10 --header "authorization: Bearer <token>"
//       (the back office's orders list at 10 staff connections, then one export of every order
//       while the server's memory, process <pid> and those under it, is sampled; bench-export.mjs)
//   node scripts/bench.mjs --products-export --server-pid <pid> --header "authorization: Bearer <token>"
//       (one export of every product, the server's memory sampled the same way; on the catalogue
//       of `npm run bench:data`, with the token `npm run bench:orders-data` prints)
//   node scripts/bench.mjs --products-import --server-pid <pid> --header "authorization: Bearer <token>"
//       (the export of every product edited and imported back: a dry run, then applied, each
//       timed with the server's memory; it changes every product: only against a benchmark database)
//   node scripts/bench.mjs --orders --header "authorization: Bearer <token>"
//   node scripts/bench.mjs --alerts --header "authorization: Bearer <token>"
//       (20 orders, each placed while the back office's long poll waits: the delay from
//       sending the order to the poll naming it; bench-alerts.mjs. It writes orders.)
//       (the back office's orders list; fill a fresh database with `npm run bench:orders-data`,
//       which prints the token of a benchmark administrator)
//
// Options: --url, --path (repeatable; a whole URL, http://host:port/path, measures that server instead of
// --url's: two builds side by side in the same rounds), --connections (50), --duration seconds (10),
// --warmup seconds (2), --header "name: value" (repeatable), --json (print results as JSON),
// --baseline (first measure a bare Fastify hello-world with --baseline-workers (2) cluster workers
// in the same run: the yardstick that tells how fast this machine is today; bench-baseline.mjs),
// --terms arabic|english|FILE: a path's {term} is replaced, request after request, by the next
// of a long list of distinct search terms (built in, or one a line in FILE), so that a cache
// cannot answer a search the database did not run (the list is not started again for the
// measurement after the warm-up, nor for the next round: it goes on where it stopped):
//
//   node scripts/bench.mjs --path '/api/products?search={term}' --terms arabic
//
// --rounds N: the whole suite (the hello-world included) N times over, target after target in
// each round, then each target's median round by requests per second, with the range of the
// rounds beside it. A machine whose speed drifts from minute to minute (a shared virtual machine)
// shows it in the range, and every target meets the same drift; the issue's table is the median
// of 5 rounds.
//
// The built-in lists use the words of `npm run bench:data`'s catalogue: material, style and bead
// count combinations, product numbers, the article and attached prefixes, typos, and (English)
// the catalogue's English words and the owner's synonyms.
// The load generator shares the machine with the server, so on a small machine the numbers
// are a lower bound of what the server alone can do.

import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBaseline } from './bench-baseline.mjs';
import { benchAlerts } from './bench-alerts.mjs';
import { benchCheckout } from './bench-checkout.mjs';
import { benchExport, benchProductsImport } from './bench-export.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    path: { type: 'string', multiple: true },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    header: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    orders: { type: 'boolean', default: false },
    checkout: { type: 'boolean', default: false },
    export: { type: 'boolean', default: false },
    'products-export': { type: 'boolean', default: false },
    'products-import': { type: 'boolean', default: false },
    'server-pid': { type: 'string' },
    alerts: { type: 'boolean', default: false },
    terms: { type: 'string' },
    baseline: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    'baseline-workers': { type: 'string', default: '2' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'usage: node scripts/bench.mjs [--url URL] [--path PATH]... [--connections N] [--duration S] ' +
      '[--warmup S] [--header "name: value"]... [--terms arabic|english|FILE] [--baseline [--baseline-workers N]] ' +
        '[--rounds N] ' +
        '[--orders [--export [--server-pid PID]]] [--products-export [--server-pid PID]] [--products-import [--server-pid PID]] [--checkout] [--alerts] [--json]',
  );
  process.exit(0);
}

// The words of the catalogue `npm run bench:data` writes (apps/api/src/cli/bench-catalogue.ts).
const CATALOGUE_WORDS = {
  materials: ['كهرمان', 'يسر', 'عقيق', 'فيروز', 'كوك', 'خشب الزيتون', 'كريستال', 'صندل', 'مرجان', 'عين النمر', 'أونيكس', 'لؤلؤ'],
  styles: ['بلطيقي', 'يماني', 'مطعّم بالفضة', 'فاخر', 'كلاسيكي', 'مضغوط', 'طبيعي', 'ملكي', 'تركي', 'إيراني'],
  materialsEn: ['amber', 'black coral', 'agate', 'turquoise', 'kuka', 'olive wood', 'crystal', 'sandalwood', 'coral', "tiger's eye", 'onyx', 'pearl'],
  stylesEn: ['Baltic', 'Yemeni', 'silver-inlaid', 'luxury', 'classic', 'pressed', 'natural', 'royal', 'Turkish', 'Iranian'],
  // Words shoppers type that only the owner's synonyms (migration 0017) turn into catalogue words.
  synonymsEn: ['kahraman', 'kehribar', 'yusr', 'aqeeq', 'firouzeh', 'kuk', 'marjan', 'sebha', 'tasbih', 'misbaha', 'rosary', 'prayer beads', 'worry beads'],
  beads: [33, 45, 66, 99, 101],
};
/** How many distinct terms a built-in list holds: more than a 10-second run at 1,000 req/s asks. */
const BUILT_IN_TERMS = 20_000;
/** Product numbers in the built-in terms stay within a 10,000-product catalogue. */
const PRODUCT_NUMBERS = 10_000;

/** A small seeded generator, so every run sends the same terms in the same order. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A word with one inner letter dropped: a typo the search must forgive. */
function typo(word, random) {
  const letters = [...word];
  if (letters.length < 5) return word;
  letters.splice(1 + Math.floor(random() * (letters.length - 2)), 1);
  return letters.join('');
}

function builtInTerms(language) {
  const random = seededRandom(language === 'arabic' ? 14 : 41);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const number = () => 1 + Math.floor(random() * PRODUCT_NUMBERS);
  const { materials, styles, materialsEn, stylesEn, synonymsEn, beads } = CATALOGUE_WORDS;
  const templates =
    language === 'arabic'
      ? [
          () => `سبحة ${pick(materials)} ${pick(styles)}`,
          () => `${pick(materials)} ${pick(beads)} حبة`,
          () => `${pick(materials)} رقم ${number()}`,
          () => `ال${pick(materials)} ال${pick(styles)} ${pick(beads)}`,
          () => `بال${pick(materials)} ${pick(styles)} ${pick(beads)}`,
          () => `${typo(pick(materials), random)} ${pick(styles)}`,
          () => `سبحه ${pick(styles)} ${pick(beads)} رقم ${number()}`,
        ]
      : [
          () => `${pick(materialsEn)} ${pick(stylesEn)}`,
          () => `${pick(stylesEn)} ${pick(materialsEn)} ${pick(beads)} beads`,
          () => `${pick(materialsEn)} no. ${number()}`,
          () => `${pick(synonymsEn)} ${pick(stylesEn)} ${pick(beads)}`,
          () => `${typo(pick(materialsEn), random)} ${pick(stylesEn)}`,
          () => `${pick(stylesEn)} prayer beads ${number()}`,
        ];
  const terms = new Set();
  for (let attempt = 0; terms.size < BUILT_IN_TERMS && attempt < BUILT_IN_TERMS * 20; attempt += 1) {
    terms.add(templates[attempt % templates.length]().toLowerCase());
  }
  return [...terms];
}

function loadTerms(source) {
  if (source === 'arabic' || source === 'english') return builtInTerms(source);
  let text;
  try {
    text = fs.readFileSync(source, 'utf8');
  } catch (error) {
    fail(`cannot read --terms ${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const terms = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (terms.length === 0) fail(`--terms ${source} has no terms`);
  return terms;
}

const base = new URL(values.url);
const connections = positiveInteger(values.connections, 'connections');
const duration = positiveNumber(values.duration, 'duration');
const warmup = Math.max(0, Number(values.warmup) || 0);
const baselineWorkers = positiveInteger(values['baseline-workers'], 'baseline-workers');
const rounds = positiveInteger(values.rounds, 'rounds');
const headers = Object.fromEntries(
  (values.header ?? []).map((line) => {
    const colon = line.indexOf(':');
    if (colon <= 0) fail(`bad --header "${line}", expected "name: value"`);
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
  }),
);
const transport = base.protocol === 'https:' ? https : http;

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function positiveInteger(text, name) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number of 1 or more`);
  return value;
}

function positiveNumber(text, name) {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number`);
  return value;
}

/** One JSON request (any method) on its own connection; resolves with the status and parsed body. */
function requestJson(method, path, body, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = transport.request(
      new URL(path, base),
      {
        method,
        headers: {
          ...headers,
          ...extraHeaders,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: response.headers });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/**
 * Keeps `connections` requests in flight for `seconds` (autocannon, the load generator of Fastify's
 * own benchmarks: it leaves the server most of a small machine, where Node's http client spent
 * as much CPU as a fast route; docs/decisions/033); returns the latencies and counts. With terms,
 * each request puts the next term into the path's {term}, from where the target's `cursor` is.
 */
function load(path, seconds, terms, origin, cursor, targetHeaders = {}) {
  const latencies = [];
  const statuses = new Map();
  let bytes = 0;
  const request = terms
    ? {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: path.replaceAll('{term}', encodeURIComponent(terms[cursor.next++ % terms.length])),
        }),
      }
    : { method: 'GET', path };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: origin.origin, connections, duration: seconds, headers: { ...headers, ...targetHeaders }, requests: [request] },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          latencies,
          statuses,
          errors: result.errors + result.timeouts,
          bytes,
          elapsed: result.duration,
        });
      },
    );
    instance.on('response', (_client, status, responseBytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      bytes += responseBytes;
    });
  });
}

/** Where a target's terms go on from: the next term's number. */
const newCursor = () => ({ next: 0 });

/** One target (name, path, terms, origin, cursor, its own headers) measured once, after the warm-up. */
async function measure({ name, path, terms, origin, cursor, targetHeaders }) {
  if (warmup > 0) await load(path, warmup, terms, origin, cursor, targetHeaders);
  const { latencies, statuses, errors, bytes, elapsed } = await load(path, duration, terms, origin, cursor, targetHeaders);
  latencies.sort((a, b) => a - b);
  const ok = [...statuses]
    .filter(([status]) => status >= 200 && status < 400)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    name,
    path,
    ...(terms ? { distinct_terms: terms.length } : {}),
    requests: latencies.length,
    requests_per_second: Math.round(latencies.length / elapsed),
    p50_ms: round(percentile(latencies, 0.5)),
    p90_ms: round(percentile(latencies, 0.9)),
    p99_ms: round(percentile(latencies, 0.99)),
    max_ms: round(latencies.at(-1) ?? 0),
    non_2xx_3xx: latencies.length - ok,
    errors,
    statuses: Object.fromEntries(statuses),
    kilobytes_per_second: Math.round(bytes / 1024 / elapsed),
  };
}

const round = (value) => Math.round(value * 100) / 100;

/** The default suite needs a real product id: the newest published one. */
async function defaultSuite() {
  let productId;
  try {
    const { status, body } = await requestJson('GET', '/api/products?limit=1');
    if (status === 200) productId = body.products?.[0]?.id;
  } catch (error) {
    fail(`cannot reach ${base.origin}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const suite = [
    ['products list', '/api/products'],
    ['Arabic search', '/api/products?search={term}', builtInTerms('arabic')],
    ['English search', '/api/products?search={term}', builtInTerms('english')],
  ];
  if (productId === undefined) {
    console.error(
      'bench: the store has no published product; skipping the product detail and page',
    );
  } else {
    suite.push(['product detail', `/api/products/${productId}`]);
    suite.push(['product page (SSR)', `/products/${productId}`]);
  }
  suite.push(['home page (SSR)', '/']);
  // The same pages as a signed-in shopper's browser asks for them: with the session cookie.
  const session = await signedInShopperCookie();
  if (productId !== undefined) {
    suite.push(['product page, signed in', `/products/${productId}`, undefined, { cookie: session }]);
  }
  suite.push(['home page, signed in', '/', undefined, { cookie: session }]);
  return suite;
}

/**
 * The session cookie of a new benchmark customer, as registering sets it in a browser (one
 * account a run, `bench-shopper-…@example.com`: only against a benchmark database).
 */
async function signedInShopperCookie() {
  const email = `bench-shopper-${Date.now().toString(36)}@example.com`;
  const { status, body, headers: replyHeaders } = await requestJson('POST', '/api/auth/register', {
    name: 'Bench Shopper',
    email,
    password: 'bench-Shopper-1',
    phone: null,
    address: null,
  });
  const session = [replyHeaders['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => /^[^=]*session=/.test(cookie));
  if (status !== 201 || session === undefined) {
    fail(`registering a benchmark shopper answered ${status} ${JSON.stringify(body)}`);
  }
  return session;
}

/**
 * The back office's orders list (needs an administrator's authorization header): the first page,
 * a name search, an order-number search, a status filter, a city filter and page 50.
 */
async function ordersSuite() {
  let first;
  try {
    first = await requestJson('GET', '/api/orders?limit=1');
  } catch (error) {
    fail(`cannot reach ${base.origin}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (first.status !== 200) {
    fail(`GET /api/orders answered ${first.status}: pass --header "authorization: Bearer <an administrator's token>"`);
  }
  const order = first.body.orders?.[0];
  if (!order) fail('the store has no orders; fill it with npm run bench:orders-data');
  const city = first.body.cities?.find((entry) => entry.id !== null);
  const name = order.customer_name.split(' ')[0];
  const suite = [
    ['orders: first page', '/api/orders'],
    ['orders: name search', `/api/orders?search=${encodeURIComponent(name)}`],
    ['orders: number search', `/api/orders?search=${encodeURIComponent(order.order_number.toLowerCase())}`],
    ['orders: number part', `/api/orders?search=${encodeURIComponent(order.order_number.slice(3, 9))}`],
    ['orders: status filter', '/api/orders?status=shipped'],
    ['orders: page 50', '/api/orders?page=50'],
  ];
  if (city) suite.splice(5, 0, ['orders: city filter', `/api/orders?city_id=${city.id}`]);
  return suite;
}

const givenTerms = values.terms === undefined ? undefined : loadTerms(values.terms);
if (givenTerms && !values.path?.some((path) => path.includes('{term}'))) {
  fail('--terms needs a --path with {term} in it, e.g. /api/products?search={term}');
}
const targets = values.path?.length
  ? values.path.map((path) => [path, path, path.includes('{term}') ? givenTerms : undefined])
  : values.orders
    ? await ordersSuite()
    : values.alerts || values['products-export'] || values['products-import']
      ? []
      : await defaultSuite();

if (!values.json) {
  console.log(
    `${base.origin}: ${connections} connections, ${duration}s per target` +
      (warmup > 0 ? ` after ${warmup}s warm-up` : ''),
  );
}
const results = [];

/** One line of the table; `note` follows it (a median's round by round figures). */
function report(result, terms, note = '') {
  if (values.json) return;
  const problems =
    result.non_2xx_3xx || result.errors
      ? `  (${result.non_2xx_3xx} non-2xx/3xx, ${result.errors} errors; statuses ${JSON.stringify(result.statuses)})`
      : '';
  console.log(
    `${result.name.padEnd(24)} ${String(result.requests_per_second).padStart(7)} req/s` +
      `  p50 ${result.p50_ms.toFixed(2).padStart(7)} ms` +
      `  p90 ${result.p90_ms.toFixed(2).padStart(7)} ms` +
      `  p99 ${result.p99_ms.toFixed(2).padStart(7)} ms` +
      `  max ${result.max_ms.toFixed(2).padStart(8)} ms` +
      (terms ? `  (${terms.length} distinct terms)` : '') +
      note +
      problems,
  );
}

/**
 * A target's median round by requests per second (of an even number, the lower of the middle
 * two), with every round's requests per second beside it.
 */
function medianRound(measured) {
  const byRate = [...measured].sort((a, b) => a.requests_per_second - b.requests_per_second);
  const median = byRate[Math.floor((byRate.length - 1) / 2)];
  return { ...median, rounds: measured.map((result) => result.requests_per_second) };
}

for (const [, path, terms] of targets) {
  if (path.includes('{term}') && !terms) fail(`${path} has {term}: pass --terms`);
}
let baseline;
if (values.baseline) {
  try {
    baseline = await startBaseline(baselineWorkers);
  } catch (error) {
    fail(`cannot start the hello-world baseline: ${error instanceof Error ? error.message : String(error)}`);
  }
}
/** What each round measures, in order: the hello-world first, when asked for. */
const plan = [
  ...(baseline
    ? [{ name: `hello-world, ${baselineWorkers} worker${baselineWorkers === 1 ? '' : 's'}`, path: '/', origin: new URL(baseline.origin), baseline: true }]
    : []),
  ...targets.map(([name, path, terms, targetHeaders]) => {
    // A path with its own origin measures another server in the same rounds (before and after).
    const origin = /^https?:\/\//.test(path) ? new URL(path).origin : undefined;
    return origin
      ? { name, path: path.slice(origin.length) || '/', terms, targetHeaders, origin: new URL(origin), baseline: false }
      : { name, path, terms, targetHeaders, origin: base, baseline: false };
  }),
].map((target) => ({ ...target, cursor: newCursor(), measured: [] }));
try {
  for (let round = 1; round <= rounds; round += 1) {
    if (rounds > 1 && !values.json) console.log(`round ${round} of ${rounds}`);
    for (const target of plan) {
      const result = await measure(target);
      target.measured.push(target.baseline ? { ...result, baseline: true } : result);
      report(result, target.terms);
    }
  }
} finally {
  await baseline?.stop();
}
if (rounds > 1 && !values.json) console.log(`median of ${rounds} rounds (each round's req/s in brackets)`);
for (const target of plan) {
  const result = rounds > 1 ? medianRound(target.measured) : target.measured[0];
  results.push(result);
  if (rounds > 1) report(result, target.terms, `  [${result.rounds.join(', ')}]`);
}
if (values.checkout) {
  let result;
  try {
    result = await benchCheckout({ request: requestJson, shoppers: connections });
  } catch (error) {
    fail(`order placement: ${error instanceof Error ? error.message : String(error)}`);
  }
  results.push(result);
  if (!values.json) {
    const refused = Object.entries(result.statuses).filter(([status]) => status !== '201');
    console.log(
      `${result.name.padEnd(22)} ${String(result.placed).padStart(4)} of ${result.shoppers} placed` +
        `  p50 ${result.p50_ms.toFixed(2).padStart(7)} ms  p99 ${result.p99_ms.toFixed(2).padStart(7)} ms` +
        `  stock ${result.stock_before} -> ${result.stock_after} (${result.stock_right ? 'right' : 'WRONG'})` +
        (refused.length ? `  other answers ${JSON.stringify(Object.fromEntries(refused))}` : ''),
    );
  }
  if (!result.stock_right) process.exitCode = 1;
}
/** One export of every order or product, with the server's memory when --server-pid is given. */
async function measureExport(which) {
  const serverPid = values['server-pid'] === undefined ? undefined : Number(values['server-pid']);
  if (serverPid !== undefined && !Number.isInteger(serverPid)) fail('--server-pid must be a process id');
  let result;
  try {
    result = await benchExport({ base, headers, serverPid, which });
  } catch (error) {
    fail(`${which} export: ${error instanceof Error ? error.message : String(error)}`);
  }
  results.push(result);
  if (!values.json) {
    console.log(
      `${result.name.padEnd(22)} ${String(result.rows).padStart(7)} rows, ${result.megabytes} MB` +
        `  first byte ${result.first_byte_ms} ms  total ${(result.total_ms / 1000).toFixed(2)} s` +
        (serverPid === undefined
          ? ''
          : `  server RSS +${result.max_growth_mb} MB at most (${result.memory
              .map((entry) => `pid ${entry.pid}: ${entry.idle_mb} -> ${entry.peak_mb} MB`)
              .join(', ')})`) +
        (result.status === 200 ? '' : `  status ${result.status}`),
    );
  }
  if (result.status !== 200) process.exitCode = 1;
}
if (values.export) await measureExport('orders');
if (values['products-export']) await measureExport('products');
if (values['products-import']) {
  const serverPid = values['server-pid'] === undefined ? undefined : Number(values['server-pid']);
  if (serverPid !== undefined && !Number.isInteger(serverPid)) fail('--server-pid must be a process id');
  let measured;
  try {
    measured = await benchProductsImport({ base, headers, serverPid });
  } catch (error) {
    fail(`products import: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const result of measured) {
    results.push(result);
    if (!values.json) {
      console.log(
        `${result.name.padEnd(26)} ${String(result.rows).padStart(7)} rows, ${result.megabytes} MB` +
          `  total ${(result.total_ms / 1000).toFixed(2)} s` +
          (result.summary ? `  ${JSON.stringify(result.summary)}` : '') +
          (serverPid === undefined
            ? ''
            : `  server RSS +${result.max_growth_mb} MB at most (${result.memory
                .map((entry) => `pid ${entry.pid}: ${entry.idle_mb} -> ${entry.peak_mb} MB`)
                .join(', ')})`) +
          (result.status === 200 ? '' : `  status ${result.status} ${result.message ?? ''}`),
      );
    }
    if (result.status !== 200) process.exitCode = 1;
  }
}
if (values.alerts) {
  let result;
  try {
    result = await benchAlerts({ request: requestJson, orders: 20 });
  } catch (error) {
    fail(`new-order alerts: ${error instanceof Error ? error.message : String(error)}`);
  }
  results.push(result);
  if (!values.json) {
    console.log(
      `${result.name.padEnd(22)} ${String(result.seen).padStart(4)} of ${result.orders} seen` +
        `  p50 ${result.p50_ms.toFixed(1).padStart(7)} ms  p90 ${result.p90_ms.toFixed(1).padStart(7)} ms  max ${result.max_ms.toFixed(1).padStart(7)} ms` +
        (result.missed ? `  ${result.missed} MISSED` : ''),
    );
  }
  if (result.missed) process.exitCode = 1;
}
if (values.json)
  console.log(JSON.stringify({ url: base.origin, connections, duration, results }, null, 2));
