import {
  adminAttributeSchema,
  adminPromoCodeSchema,
  adminVariationSchema,
  cartItemSchema,
  cartResponseSchema,
  categorySchema,
  citySchema,
  errorResponseSchema,
  orderItemSchema,
  orderSchema,
  paginationSchema,
  productImageSchema,
  productSchema,
  slideSchema,
  userSchema,
} from '@shop/shared';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * Schemas the OpenAPI document (/api/docs/json) names as components and refers to by `$ref`
 * (docs/decisions/049): the error envelope every refusal answers, and the records several
 * operations answer. A recursive schema must be here too: inline, its self-reference would point
 * at a component nobody defined.
 */
export const openApiSchemas = z.registry<{ id: string }>();
openApiSchemas.add(errorResponseSchema, { id: 'Error' });
openApiSchemas.add(categorySchema, { id: 'Category' });
openApiSchemas.add(productSchema, { id: 'Product' });
openApiSchemas.add(productImageSchema, { id: 'ProductImage' });
openApiSchemas.add(cartResponseSchema, { id: 'Cart' });
openApiSchemas.add(cartItemSchema, { id: 'CartItem' });
openApiSchemas.add(orderSchema, { id: 'Order' });
openApiSchemas.add(orderItemSchema, { id: 'OrderItem' });
openApiSchemas.add(userSchema, { id: 'User' });
openApiSchemas.add(citySchema, { id: 'City' });
openApiSchemas.add(paginationSchema, { id: 'Pagination' });
openApiSchemas.add(adminPromoCodeSchema, { id: 'PromoCode' });
openApiSchemas.add(adminAttributeSchema, { id: 'Attribute' });
openApiSchemas.add(adminVariationSchema, { id: 'Variation' });
openApiSchemas.add(slideSchema, { id: 'Slide' });

/** The name of the bearer-token security scheme. */
export const BEARER_SCHEME = 'bearerAuth';

type SecurityRequirement = Record<string, string[]>;

/**
 * Who may call a route, as the OpenAPI document says it: from the route's `permission` or
 * `session` option, the same options the auth plugin enforces. A route with neither is public.
 */
export function routeSecurity(config: RouteOptions['config']): SecurityRequirement[] {
  if (config?.permission || config?.session === 'required') return [{ [BEARER_SCHEME]: [] }];
  // Anyone, and a token changes the answer: either requirement is met.
  if (config?.session === 'optional') return [{}, { [BEARER_SCHEME]: [] }];
  return [];
}

/**
 * The operationId of a route: camelCase of its method and path, a parameter read as "By" and its
 * name, the /api prefix left out; `GET /api/orders/{id}/status` is `getOrdersByIdStatus`. Unique
 * because a method and a path are; stable as long as the path is.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^[:{](\w+)}?$/.exec(segment);
      // A snake_case parameter (`{product_id}`) reads as words too: `deleteWishlistByProductId`.
      if (parameter) return ['by', ...parameter[1]!.split('_').filter(Boolean)];
      return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  const capitalised = words.map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

/**
 * Routes in the document: the JSON API under /api. The pages (`/`, `/*`), health checks, metrics,
 * uploads and other files the shop serves are not API operations.
 */
export function documentedUrl(url: string): boolean {
  return url.startsWith('/api/');
}

// OpenAPI schema objects as plain JSON.
type SchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * OpenAPI 3.0 wants a `type` beside `nullable` and null among the values of a nullable `enum`,
 * and a composition of one schema is that schema: zod writes `a | b | null` as `nullable` over an
 * `anyOf`, a nullable enum without null and a lone union member as a one-item `anyOf`. Rewrites
 * them, in place, wherever they occur.
 */
export function normaliseSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normaliseSchemas(item);
    return;
  }
  if (!isNode(node)) return;
  const anyOf = node.anyOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(anyOf)) {
    delete node.nullable;
    node.anyOf = anyOf.map((branch) => (isNode(branch) && !('$ref' in branch) ? { ...branch, nullable: true } : branch));
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[keyword];
    if (Array.isArray(list) && list.length === 1 && isNode(list[0]) && !('$ref' in list[0])) {
      delete node[keyword];
      Object.assign(node, list[0]);
    }
  }
  for (const value of Object.values(node)) normaliseSchemas(value);
  // In 3.0.3 `nullable` does not widen an `enum`: null must be one of its values.
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) {
    node.enum = [...(node.enum as unknown[]), null];
  }
}

/** z.null() as the 3.0 conversion writes it. */
const isNullSchema = (schema: unknown): schema is SchemaNode =>
  isNode(schema) && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/**
 * A response a route declares as z.null() has no body (a redirect, 204): documented without
 * content, a redirect with its Location header.
 */
function withoutNullBodies(responses: SchemaNode, declared: unknown): SchemaNode {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => {
      if (!isNullSchema(schema)) return [status, schema];
      const redirect = status.startsWith('3');
      // The zod schema's own description (.describe()), which the conversion does not carry.
      const zodSchema = isNode(declared) ? declared[status] : undefined;
      const description = zodSchema instanceof z.ZodType ? zodSchema.description : undefined;
      return [
        status,
        {
          type: 'null',
          description: description ?? (redirect ? 'A redirect' : 'No content'),
          ...(redirect ? { headers: { Location: { type: 'string', description: 'Where the redirect leads' } } } : {}),
        },
      ];
    }),
  );
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

/**
 * The document's per-route step around the zod conversion: routes outside the API hidden, an
 * operationId and the security requirement added to every operation.
 */
export function documentRoutes(convert: Transform): Transform {
  return (input) => {
    const { route, url } = input;
    if (!documentedUrl(url)) return { schema: { ...input.schema, hide: true }, url };
    const converted = convert(input);
    const schema = (converted.schema ?? input.schema ?? {}) as SchemaNode;
    if (schema.hide) return converted;
    const method = [route.method].flat().find((verb) => verb !== 'HEAD') ?? 'GET';
    return {
      ...converted,
      schema: {
        operationId: operationIdOf(method, url),
        ...schema,
        ...(isNode(schema.response) ? { response: withoutNullBodies(schema.response, input.schema?.response) } : {}),
        security: routeSecurity(route.config),
      },
    };
  };
}

/** The security schemes of the document: the session token as a bearer token. */
export const securitySchemes = {
  [BEARER_SCHEME]: {
    type: 'http' as const,
    scheme: 'bearer',
    description:
      'The token `POST /api/auth/login` (or register, or Google sign-in) answers, sent as ' +
      '`Authorization: Bearer <token>`.',
  },
};

const SCHEMA_REF = '#/components/schemas/';

/** The component names `$ref`s in `node` point at. */
function referencedSchemas(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedSchemas(item, found);
  else if (isNode(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        found.add(value.slice(SCHEMA_REF.length));
      } else referencedSchemas(value, found);
    }
  }
  return found;
}

/**
 * Leaves out the components no operation uses: the zod conversion writes an input and an output
 * version of every named schema, and most are only answered, never sent.
 */
function dropUnusedSchemas(document: SchemaNode): void {
  const schemas = (document.components as SchemaNode | undefined)?.schemas;
  if (!isNode(schemas)) return;
  const used = referencedSchemas(document.paths);
  for (let pending = [...used]; pending.length > 0; ) {
    const next = [...referencedSchemas(pending.map((name) => schemas[name]))].filter((name) => !used.has(name));
    for (const name of next) used.add(name);
    pending = next;
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * The whole document's last step: nullable fields and one-schema compositions made valid, unused
 * components left out.
 */
export function finishDocument(convert: TransformObject): TransformObject {
  return (input) => {
    const document = convert(input) as SchemaNode;
    normaliseSchemas(document.paths);
    normaliseSchemas(document.components);
    dropUnusedSchemas(document);
    return document as ReturnType<TransformObject>;
  };
}
