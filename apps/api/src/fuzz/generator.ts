import type { Random } from './random.js';

/**
 * Builds requests for every operation of the OpenAPI document the app serves at
 * /api/docs/json: valid-looking ones from the schemas and deliberately broken ones.
 */

// OpenAPI schemas are plain JSON; the generator reads them loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = Record<string, any>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI path, e.g. /api/products/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON request body schema, when the operation documents one. */
  body?: Schema;
  bodyRequired: boolean;
  /** Documented response statuses and the JSON schema of each (undefined when none). */
  responses: Map<number, Schema | undefined>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
}

/** `GET /api/products/{id}`: how failures and known gaps name an operation. */
export const operationName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const responses = new Map<number, Schema | undefined>();
      for (const [status, response] of Object.entries<Schema>(raw.responses ?? {})) {
        responses.set(Number(status), response.content?.['application/json']?.schema);
      }
      operations.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        parameters: (raw.parameters ?? []) as Parameter[],
        body: raw.requestBody?.content?.['application/json']?.schema,
        bodyRequired: raw.requestBody?.required === true,
        responses,
      });
    }
  }
  return operations;
}

/** Ids and keys of rows the factories made, by the path segment that names the resource. */
export type ResourcePool = Record<string, Array<string | number>>;

export interface FuzzRequest {
  /** What the request tries: `valid`, or the kind of breakage. */
  variant: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const HUGE = 'x'.repeat(70_000);
const CONTROL = 'a\u0000b\u0001c\u0007\u001b[31m\u007f\ud800';
const HUGE_NUMBERS: unknown[] = [
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  1e21,
  2147483648,
  -2147483649,
  '9007199254740993',
  '99999999999999999999.999',
  '1e400',
];
const BAD_NUMBERS = [
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '0x10',
  '1e3',
  '1.5',
  ' 7',
  '07',
  'NaN',
  '',
  '%00',
  'null',
];

function resolve(schema: Schema | undefined, doc: OpenApiDocument): Schema {
  if (!schema) return {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return doc.components?.schemas?.[name] ?? {};
  }
  return schema;
}

const letters = 'abcdefghijklmnopqrstuvwxyzابتثجحخ';

function randomText(random: Random, min: number, max: number): string {
  const length = random.int(min, Math.min(max, min + 12));
  let text = '';
  for (let i = 0; i < length; i++) text += random.pick([...letters]);
  return text;
}

/** A value the schema accepts (as far as types, enums, bounds and formats go). */
export function validValue(
  schema: Schema | undefined,
  random: Random,
  doc: OpenApiDocument,
  depth = 0,
  /** The property's name, for plausible e-mails and phone numbers. */
  name = '',
): unknown {
  const s = resolve(schema, doc);
  if (s.nullable && random.chance(0.1)) return null;
  if (Array.isArray(s.enum) && s.enum.length > 0) return random.pick(s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) return validValue(random.pick(alternatives), random, doc, depth);
  const type = Array.isArray(s.type) ? random.pick(s.type) : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      let min = typeof s.minimum === 'number' ? s.minimum : 0;
      let max = typeof s.maximum === 'number' ? s.maximum : 1000;
      if (s.exclusiveMinimum === true) min += 1;
      if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + 1;
      if (s.exclusiveMaximum === true) max -= 1;
      min = Math.max(min, -1000);
      max = Math.min(max, Math.max(min, 0) + 1000);
      const value = random.int(Math.ceil(min), Math.floor(max));
      return type === 'number' && random.chance(0.3)
        ? value + 0.5 > max
          ? value
          : value + 0.5
        : value;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const count = random.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3));
      return depth > 4
        ? []
        : Array.from({ length: count }, () => validValue(s.items, random, doc, depth + 1));
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [name, property] of Object.entries<Schema>(s.properties ?? {})) {
        if (depth > 4) break;
        if (required.has(name) || random.chance(0.5))
          result[name] = validValue(property, random, doc, depth + 1, name);
      }
      return result;
    }
    case 'string':
    default: {
      const min = s.minLength ?? 1;
      const max = s.maxLength ?? 40;
      if (s.format === 'email' || /email/i.test(name))
        return `fuzz${random.int(0, 1e9)}@example.com`;
      if (/phone/i.test(name)) return `+9655${random.int(1000000, 9999999)}`;
      if (s.format === 'date-time')
        return new Date(Date.UTC(2026, 0, random.int(1, 28))).toISOString();
      if (s.format === 'date') return `2026-01-${String(random.int(10, 28))}`;
      if (s.format === 'uri') return `https://example.com/${randomText(random, 1, 8)}`;
      return randomText(random, min, max);
    }
  }
}

/** A value of the wrong type, size or content for the schema. */
export function invalidValue(
  schema: Schema | undefined,
  random: Random,
  doc: OpenApiDocument,
): unknown {
  const s = resolve(schema, doc);
  const types = [s.type, ...((s.anyOf ?? s.oneOf ?? []) as Schema[]).map((alt) => alt.type)];
  const numeric = types.includes('integer') || types.includes('number');
  // Half the time a number field gets an out-of-range number: the edge where overflows hide.
  if (numeric && random.chance(0.5)) return random.pick(HUGE_NUMBERS);
  const options: unknown[] = [
    HUGE,
    CONTROL,
    '\u0000',
    { nested: { deeper: [1, 2, 3] } },
    [1, 'two'],
    true,
    -1,
    0,
    1e308,
    -0.5,
    Number.MAX_SAFE_INTEGER + 2,
    '',
  ];
  if (numeric) options.push(...BAD_NUMBERS, 'abc');
  else options.push(12345, null);
  return random.pick(options);
}

/** The id or key of an existing row for a path parameter, from the segment that precedes it. */
function pathValue(
  op: Operation,
  name: string,
  pool: ResourcePool,
  random: Random,
  doc: OpenApiDocument,
) {
  const segments = op.path.split('/');
  const index = segments.indexOf(`{${name}}`);
  const resource = segments[index - 1] ?? '';
  const candidates = pool[resource];
  if (candidates && candidates.length > 0 && random.chance(0.85))
    return String(random.pick(candidates));
  const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
  return String(validValue(parameter?.schema, random, doc));
}

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a browser sends them). */
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));

export const INVALID_VARIANTS = [
  'bad-path-param',
  'bad-url-encoding',
  'bad-query',
  'missing-required',
  'wrong-type-field',
  'extra-field',
  'bad-json',
  'not-an-object',
  'wrong-content-type',
  'huge-body',
  'bad-token',
] as const;

/**
 * The variant of an operation's request number `index`: every fourth is valid, the others go
 * round the invalid variants from `offset`, so even a short run tries each kind of breakage.
 */
export function variantOf(index: number, offset: number): string {
  if (index % 4 === 0) return 'valid';
  const invalidIndex = index - Math.floor(index / 4) - 1;
  return INVALID_VARIANTS[(offset + invalidIndex) % INVALID_VARIANTS.length]!;
}

/**
 * One request for the operation: valid-looking, or breaking one thing (when the operation has
 * nothing of that kind, e.g. no path parameter, the rest of the request is still sent).
 */
export function buildRequest(
  op: Operation,
  variant: string,
  random: Random,
  pool: ResourcePool,
  doc: OpenApiDocument,
): FuzzRequest {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headers: Record<string, string> = {};

  let path = op.path;
  const brokenParam =
    variant === 'bad-path-param' || variant === 'bad-url-encoding'
      ? random.pick([...pathParams, undefined])
      : undefined;
  for (const parameter of pathParams) {
    let value: string;
    if (parameter === brokenParam && variant === 'bad-url-encoding') {
      value = random.pick(['%', '%E0%A4%A', '%zz', 'abc%', '%C0%AF', '%FF%FE']);
    } else if (parameter === brokenParam) {
      value = encode(
        stringify(random.pick([...BAD_NUMBERS, HUGE.slice(0, 3000), CONTROL, '\u0000', 'abc'])),
      );
    } else {
      value = encode(pathValue(op, parameter.name, pool, random, doc));
    }
    path = path.replace(`{${parameter.name}}`, value || '%20');
  }

  const query = new URLSearchParams();
  for (const parameter of queryParams) {
    if (variant === 'bad-query' && random.chance(0.6)) {
      query.set(parameter.name, stringify(invalidValue(parameter.schema, random, doc)));
    } else if (parameter.required || random.chance(0.5)) {
      query.set(parameter.name, stringify(validValue(parameter.schema, random, doc)));
    }
  }
  if (variant === 'bad-query') query.append('__proto__', 'x');
  const search = query.toString();
  const url = search ? `${path}?${search}` : path;

  const request: FuzzRequest = { variant, method: op.method, url, headers };
  if (variant === 'bad-token')
    headers.authorization = random.pick([
      'Bearer garbage',
      'Bearer ',
      'Basic Zm9vOmJhcg==',
      `Bearer ${HUGE.slice(0, 5000)}`,
    ]);
  if (op.method === 'GET' || op.method === 'DELETE') {
    if (op.body) request.payload = JSON.stringify(validValue(op.body, random, doc));
    if (op.body) headers['content-type'] = 'application/json';
    return request;
  }

  // A body: the documented JSON one, or for the multipart back-office forms a JSON object of
  // likely fields (those routes also take JSON).
  const bodySchema: Schema = op.body ?? {
    type: 'object',
    properties: {
      name: { type: 'string' },
      title: { type: 'string' },
      price: { type: 'number', minimum: 0, maximum: 100 },
      status: { type: 'string', enum: ['published', 'draft'] },
      slug: { type: 'string' },
    },
  };
  const body = validValue(bodySchema, random, doc) as Record<string, unknown>;
  const s = resolve(bodySchema, doc);
  headers['content-type'] = 'application/json';
  switch (variant) {
    case 'missing-required': {
      const required: string[] = s.required ?? Object.keys(body);
      if (required.length > 0) delete body[random.pick(required)];
      break;
    }
    case 'wrong-type-field': {
      const names = Object.keys(s.properties ?? {});
      if (names.length > 0) {
        const name = random.pick(names);
        body[name] = invalidValue(s.properties[name], random, doc);
      }
      break;
    }
    case 'extra-field':
      body[random.pick(['__proto__x', 'id', 'isAdmin', 'role', 'zz'])] = random.pick([
        1,
        'admin',
        true,
        CONTROL,
      ]);
      break;
    case 'bad-json':
      request.payload = random.pick(['{"a":', '{', '[1,', '{"a":1}}', '\u0000', 'nul', "{'a':1}"]);
      return request;
    case 'not-an-object':
      request.payload = JSON.stringify(random.pick([[], 'text', 42, null, true]));
      return request;
    case 'wrong-content-type':
      headers['content-type'] = random.pick([
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json; charset=latin1',
        'image/png',
      ]);
      request.payload = JSON.stringify(body);
      return request;
    case 'huge-body':
      request.payload = JSON.stringify({ ...body, padding: 'y'.repeat(1_100_000) });
      return request;
  }
  if (!op.bodyRequired && !op.body && random.chance(0.2)) {
    delete headers['content-type'];
    return request;
  }
  request.payload = JSON.stringify(body);
  return request;
}
