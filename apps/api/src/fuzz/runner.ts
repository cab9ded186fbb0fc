import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.js';
import { productImages } from '../db/schema/index.js';
import {
  addCartItem,
  addProductImages,
  createAttribute,
  createCart,
  createCategory,
  createCity,
  createCountry,
  createGovernorate,
  createOrder,
  createProduct,
  createPromoCode,
  createSlide,
  linkProductVariations,
} from '../seed/factories.js';
import { checkAnswer } from './check.js';
import {
  buildRequest,
  listOperations,
  operationName,
  type FuzzRequest,
  type OpenApiDocument,
  type ResourcePool,
  variantOf,
} from './generator.js';
import { Random } from './random.js';

/** Rows for the path parameters of valid requests, keyed by the path segment before them. */
export async function seedFuzzData(db: Executor): Promise<ResourcePool> {
  const categories = [];
  for (let i = 0; i < 4; i++) categories.push(await createCategory(db));
  const products = [];
  for (let i = 0; i < 6; i++) {
    products.push(await createProduct(db, { category_id: categories[i % categories.length]!.id }));
  }
  await addProductImages(
    db,
    products.flatMap((product, index) => [
      { product_id: product.id, filename: `fuzz-${index}-a.webp`, sort_order: 0 },
      { product_id: product.id, filename: `fuzz-${index}-b.webp`, sort_order: 1 },
    ]),
  );
  const images = await db.select({ id: productImages.id }).from(productImages);
  const attributes = [];
  const variations = [];
  for (let i = 0; i < 3; i++) {
    const made = await createAttribute(db, `سمة ${i}`, [
      [`قيمة ${i}-1`, 0],
      [`قيمة ${i}-2`, 1500],
    ]);
    attributes.push(made.attribute);
    variations.push(...made.variations);
    await linkProductVariations(db, products[i]!.id, made.variations);
  }
  const slides = [];
  for (let i = 0; i < 3; i++) slides.push(await createSlide(db));
  const country = await createCountry(db);
  const governorate = await createGovernorate(db, { country_id: country.id });
  await createCity(db, { country_id: country.id, governorate_id: governorate.id });
  await createPromoCode(db, { code: 'FUZZ10' });
  const cart = await createCart(db);
  const cartItems = [];
  for (const product of products.slice(0, 3)) {
    cartItems.push(
      await addCartItem(db, { cart_id: cart.id, product_id: product.id, quantity: 1 }),
    );
  }
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push((await createOrder(db)).order);
  return {
    products: products.map((p) => p.id),
    images: images.map((i) => i.id),
    categories: categories.map((c) => c.id),
    slug: categories.map((c) => c.slug),
    slider: slides.map((s) => s.id),
    update: cartItems.map((c) => c.id),
    remove: cartItems.map((c) => c.id),
    countries: [country.id],
    governorates: [governorate.id],
    orders: orders.map((o) => o.id),
    number: orders.map((o) => o.order_number),
    'simple-attributes': attributes.map((a) => a.id),
    variations: variations.map((v) => v.id),
  };
}

export interface Identity {
  name: string;
  /**
   * Gives a bearer token of a new session (none for a guest). Asked once, and again for every
   * request that may end its session (a fuzzed logout or password change).
   */
  token?: () => Promise<string>;
}

export interface FuzzFailure {
  operation: string;
  kind: string;
  identity: string;
  variant: string;
  status: number;
  url: string;
  payload: string;
  detail: string;
}

export interface FuzzResult {
  requests: number;
  operations: number;
  failures: FuzzFailure[];
  /** Per operation: how often each status was answered. */
  statuses: Map<string, Map<number, number>>;
}

let addressCount = 0;
/** A fresh client address per request (172.16.0.0/12), so per-IP limits count only real repeats. */
function nextAddress(): string {
  addressCount += 1;
  return `172.${16 + ((addressCount >> 16) & 15)}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

function describePayload(request: FuzzRequest): string {
  if (request.payload === undefined) return '';
  const text = String(request.payload);
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
}

export async function runFuzz(
  app: FastifyInstance,
  doc: OpenApiDocument,
  pool: ResourcePool,
  options: { seed: number; requestsPerOperation: number; identities: Identity[] },
): Promise<FuzzResult> {
  const random = new Random(options.seed);
  const operations = listOperations(doc);
  const failures: FuzzFailure[] = [];
  let requests = 0;
  const statuses = new Map<string, Map<number, number>>();
  const tokens = new Map<Identity, string>();
  // Deletions last, so the other operations still find the factory rows.
  const ordered = [
    ...operations.filter((op) => op.method !== 'DELETE'),
    ...operations.filter((op) => op.method === 'DELETE'),
  ];
  for (const [opIndex, op] of ordered.entries()) {
    const seen = new Map<number, number>();
    statuses.set(operationName(op), seen);
    // A write under /api/auth/ may end the session it was sent with (logout, password change).
    const endsSessions = op.method !== 'GET' && op.path.startsWith('/api/auth/');
    for (let index = 0; index < options.requestsPerOperation; index++) {
      const identityIndex = index % options.identities.length;
      const identity = options.identities[identityIndex]!;
      const variant = variantOf(
        Math.floor(index / options.identities.length),
        opIndex + identityIndex * 5,
      );
      const request = buildRequest(op, variant, random, pool, doc);
      const headers: Record<string, string> = {
        'accept-language': random.pick(['en', 'ar']),
        ...request.headers,
      };
      if (identity.token && headers.authorization === undefined) {
        let token = tokens.get(identity);
        if (token === undefined || endsSessions)
          tokens.set(identity, (token = await identity.token()));
        headers.authorization = `Bearer ${token}`;
      }
      requests += 1;
      const answer = await app.inject({
        method: request.method,
        url: request.url,
        headers,
        remoteAddress: nextAddress(),
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      seen.set(answer.statusCode, (seen.get(answer.statusCode) ?? 0) + 1);
      for (const finding of checkAnswer(
        op,
        { statusCode: answer.statusCode, headers: answer.headers, body: answer.body },
        doc,
      )) {
        failures.push({
          operation: operationName(op),
          kind: finding.kind,
          identity: identity.name,
          variant: request.variant,
          status: answer.statusCode,
          url: request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url,
          payload: describePayload(request),
          detail: finding.detail,
        });
      }
    }
  }
  return { requests, operations: operations.length, failures, statuses };
}

/** `operation kind` → how often and one example, for the report. */
export function groupFailures(failures: FuzzFailure[]) {
  const groups = new Map<
    string,
    { operation: string; kind: string; count: number; example: FuzzFailure }
  >();
  for (const failure of failures) {
    const key = `${failure.operation} ${failure.kind}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else
      groups.set(key, {
        operation: failure.operation,
        kind: failure.kind,
        count: 1,
        example: failure,
      });
  }
  return [...groups.values()].sort((a, b) =>
    (a.operation + a.kind).localeCompare(b.operation + b.kind),
  );
}

export function formatReport(groups: ReturnType<typeof groupFailures>): string {
  return groups
    .map(
      ({ operation, kind, count, example }) =>
        `${operation}  ${kind}  ×${count}\n    e.g. ${example.identity} ${example.variant}: ${example.url}` +
        `${example.payload ? ` body ${example.payload}` : ''}\n    → ${example.status} ${example.detail}`,
    )
    .join('\n');
}

/** One line per operation: the statuses it answered, so a run shows what it reached. */
export function formatStatuses(statuses: FuzzResult['statuses']): string {
  return [...statuses]
    .map(([operation, seen]) => {
      const counts = [...seen]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`);
      const reached = [...seen.keys()].some((status) => status < 300) ? '' : '  (never 2xx)';
      return `${operation}: ${counts.join(' ')}${reached}`;
    })
    .join('\n');
}
