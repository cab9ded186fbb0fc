import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseProductInputId, productInputId } from './product-input-name.js';
import { MERCHANT_SCOPE, type ServiceAccountKey } from './token.js';
import type { MerchantProductInput } from './types.js';

/**
 * A Google Merchant API v1 test double: a real HTTP server on the loopback interface with the
 * OAuth token endpoint of a service account and the v1 calls the shop makes, answering with
 * Google's error shapes. Used by tests and by `npm run merchant:fake` for local runs; never by
 * product code.
 *
 * Where Google's behaviour is not confirmed the double picks the strictest reading: it
 * refuses feed-style enum spellings (`in stock`), requires the attributes a shopping listing
 * cannot do without (title, link, image link, price) at insert time although Google reports
 * most data problems later as item-level issues, and checks the JWT's `kid` when one is sent.
 * Error texts follow common Google API behaviour; the unregistered-project text is the one the
 * registration guide quotes.
 */

export type FakeMerchantMode = 'ok' | 'unregistered' | 'not_user';
export type FakeMerchantFailure = '429' | '500' | '503';

export interface FakeMerchantCall {
  method: string;
  /** Path and query; never a header, so never a token. */
  path: string;
  /** HTTP status answered; null while held or when the connection closed first. */
  status: number | null;
  at: number;
  /** `token` for the token endpoint, else the API method. */
  operation: 'token' | 'getAccount' | 'insert' | 'delete' | 'unknown';
  /** The offer id an insert or delete was about. */
  offerId?: string;
}

export interface FakeMerchant {
  /** Use as GOOGLE_MERCHANT_API_URL (the server's origin). */
  url: string;
  accountId: string;
  dataSourceId: string;
  /** `accounts/{accountId}/dataSources/{dataSourceId}` (GOOGLE_MERCHANT_DATA_SOURCE). */
  dataSource: string;
  /** Path of the written service-account JSON key (GOOGLE_MERCHANT_KEY_FILE). */
  keyFile: string;
  key: ServiceAccountKey;
  /** Stored inputs by resource name (`accounts/{a}/productInputs/ar~KW~42`). */
  products: Map<string, MerchantProductInput>;
  /** The stored input of an offer id (default language `ar`, feed label `KW`). */
  productInput(
    offerId: string,
    contentLanguage?: string,
    feedLabel?: string,
  ): MerchantProductInput | undefined;
  readonly calls: FakeMerchantCall[];
  /** Every API call answers as the unregistered project or the non-user would, until set back to ok. */
  mode: FakeMerchantMode;
  /** Each API call waits this long before it is answered (timeouts; a visible progress bar). */
  delayMs: number;
  /** `expires_in` of the tokens issued from now on. */
  tokenLifetimeSeconds: number;
  /** Retry-After sent with the 429s of failNext; null sends none. */
  retryAfterSeconds: number | null;
  /** The next `times` API calls fail with that status. */
  failNext(failure: FakeMerchantFailure, times?: number): void;
  /** Inserts of this offer id are refused: 400 INVALID_ARGUMENT naming `field`. */
  refuseOffer(offerId: string, field: string, message?: string): void;
  /** Inserts of this offer id are accepted again. */
  acceptOffer(offerId: string): void;
  /** Every token issued so far stops working (as when Google revokes them). */
  revokeTokens(): void;
  close(): Promise<void>;
}

export interface StartFakeMerchantOptions {
  /** Listening port; 0 (default) picks a free one. */
  port?: number;
  accountId?: string;
  dataSourceId?: string;
  accountName?: string;
  /** Where to write the key; a new temporary directory (removed by close) otherwise. */
  keyFile?: string;
  tokenLifetimeSeconds?: number;
  delayMs?: number;
  /** Clock in milliseconds for token issue and expiry checks (tests). */
  now?: () => number;
}

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_PATH = '/token';
/** Google tolerates some clock skew on `iat`; the double allows five minutes. */
const CLOCK_SKEW_SECONDS = 300;
const TIMEFRAME_ERROR =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';
const UNAUTHENTICATED_MESSAGE =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const GCP_PROJECT = { id: 'subha-shop-test', number: '123456789012' };

/** ProductInput fields v1 knows (NODE-TS Schema$ProductInput). */
const INPUT_FIELDS = new Set([
  'name',
  'product',
  'legacyLocal',
  'offerId',
  'contentLanguage',
  'feedLabel',
  'versionNumber',
  'productAttributes',
  'customAttributes',
]);

/** ProductAttributes fields v1 knows (NODE-TS Schema$ProductAttributes, the ones a shop may send). */
const ATTRIBUTE_FIELDS = new Set([
  'additionalImageLinks',
  'adsGrouping',
  'adsLabels',
  'adsRedirect',
  'adult',
  'ageGroup',
  'availability',
  'availabilityDate',
  'brand',
  'canonicalLink',
  'certifications',
  'color',
  'condition',
  'costOfGoodsSold',
  'customLabel0',
  'customLabel1',
  'customLabel2',
  'customLabel3',
  'customLabel4',
  'description',
  'excludedDestinations',
  'expirationDate',
  'freeShippingThreshold',
  'gender',
  'googleProductCategory',
  'gtins',
  'identifierExists',
  'imageLink',
  'includedDestinations',
  'isBundle',
  'itemGroupId',
  'lifestyleImageLinks',
  'link',
  'material',
  'maxHandlingTime',
  'minHandlingTime',
  'mobileLink',
  'mpn',
  'multipack',
  'pattern',
  'price',
  'productDetails',
  'productHighlights',
  'productTypes',
  'productWeight',
  'salePrice',
  'salePriceEffectiveDate',
  'shipping',
  'shippingLabel',
  'shippingWeight',
  'size',
  'sizeSystem',
  'sizeTypes',
  'title',
  'unitPricingBaseMeasure',
  'unitPricingMeasure',
]);

/** v1 enums (PROTO); feed spellings such as `in stock` are not among them. */
const AVAILABILITY = new Set([
  'IN_STOCK',
  'OUT_OF_STOCK',
  'PREORDER',
  'LIMITED_AVAILABILITY',
  'BACKORDER',
]);
const CONDITION = new Set(['NEW', 'USED', 'REFURBISHED']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const digits = (length: number) =>
  Array.from(randomBytes(length), (byte) => String(byte % 10))
    .join('')
    .replace(/^0/, '1');

/** camelCase JSON name → the proto field name Google writes in errors. */
const protoName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'cache-control': 'private',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** An AIP-193 error envelope. */
function googleError(
  code: number,
  message: string,
  details: Record<string, unknown>[] = [],
): { error: Record<string, unknown> } {
  return {
    error: {
      code,
      message,
      status: STATUS_NAMES[code] ?? 'UNKNOWN',
      ...(details.length === 0 ? {} : { details }),
    },
  };
}

const errorInfo = (reason: string, metadata: Record<string, string>) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'merchantapi.googleapis.com',
  metadata,
});

const badRequest = (field: string, description: string) => ({
  '@type': 'type.googleapis.com/google.rpc.BadRequest',
  fieldViolations: [{ field, description }],
});

type Invalid = { status: 400; body: { error: Record<string, unknown> } };

/** A refusal naming the field as ErrorInfo FIELD_LOCATION (`[field] message`, as Google writes it). */
function invalidField(field: string, message: string, value?: string): Invalid {
  return {
    status: 400,
    body: googleError(400, `[${field}] ${message}`, [
      errorInfo('invalid', {
        FIELD_LOCATION: field,
        ...(value === undefined ? {} : { FIELD_VALUE: value }),
        REASON: 'INVALID_ARGUMENT',
      }),
    ]),
  };
}

/** The JSON-parsing refusals of Google's front end (unknown names, values of the wrong type). */
function unknownName(name: string, at: string): Invalid {
  const description = `Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`;
  return { status: 400, body: googleError(400, description, [badRequest(at, description)]) };
}

function invalidValue(at: string, type: string, value: unknown): Invalid {
  const description = `Invalid value at '${at}' (${type}), ${JSON.stringify(value)}`;
  return { status: 400, body: googleError(400, description, [badRequest(at, description)]) };
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function validatePrice(value: unknown, at: string, field: string): Invalid | null {
  if (!isRecord(value))
    return invalidValue(at, 'type.googleapis.com/google.shopping.type.Price', value);
  for (const name of Object.keys(value))
    if (name !== 'amountMicros' && name !== 'currencyCode') return unknownName(name, at);
  const micros = value.amountMicros;
  const integer =
    (typeof micros === 'string' && /^-?\d{1,19}$/.test(micros)) ||
    (typeof micros === 'number' && Number.isSafeInteger(micros));
  if (!integer) return invalidValue(`${at}.amount_micros`, 'TYPE_INT64', micros);
  if (Number(micros) < 0)
    return invalidField(`${field}.amount_micros`, 'The price must not be negative.');
  if (typeof value.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(value.currencyCode))
    return invalidField(`${field}.currency_code`, 'A valid ISO 4217 currency code is required.');
  return null;
}

/** The checks of a ProductInput, as v1 answers them (strictest reading, see the file comment). */
function validateInput(body: unknown): Invalid | null {
  const at = 'product_input';
  if (!isRecord(body))
    return invalidValue(
      at,
      'type.googleapis.com/google.shopping.merchant.products.v1.ProductInput',
      body,
    );
  for (const name of Object.keys(body)) if (!INPUT_FIELDS.has(name)) return unknownName(name, at);
  for (const name of ['offerId', 'contentLanguage', 'feedLabel'] as const) {
    const value = body[name];
    if (value === undefined || value === '')
      return invalidField(protoName(name), `Required parameter: ${protoName(name)}`);
    if (typeof value !== 'string')
      return invalidValue(`${at}.${protoName(name)}`, 'TYPE_STRING', value);
  }
  const offerId = (body.offerId as string).trim();
  if (offerId === '' || offerId.length > 50)
    return invalidField('offer_id', 'The offer id must be 1 to 50 characters long.', offerId);
  if (!/^[a-z]{2}$/.test(body.contentLanguage as string))
    return invalidField(
      'content_language',
      'The content language must be a two-letter ISO 639-1 code.',
      body.contentLanguage as string,
    );
  if (!/^[A-Z0-9_-]{1,20}$/.test(body.feedLabel as string))
    return invalidField(
      'feed_label',
      'The feed label must be at most 20 characters of A-Z, 0-9, hyphen and underscore.',
      body.feedLabel as string,
    );
  const attributes = body.productAttributes;
  if (attributes === undefined)
    return invalidField('product_attributes', 'Required parameter: product_attributes');
  const attributesAt = `${at}.product_attributes`;
  if (!isRecord(attributes))
    return invalidValue(
      attributesAt,
      'type.googleapis.com/google.shopping.merchant.products.v1.ProductAttributes',
      attributes,
    );
  for (const name of Object.keys(attributes))
    if (!ATTRIBUTE_FIELDS.has(name)) return unknownName(name, attributesAt);
  for (const name of ['title', 'link', 'imageLink', 'price'] as const)
    if (attributes[name] === undefined || attributes[name] === '')
      return invalidField(
        `product_attributes.${protoName(name)}`,
        `Required parameter: product_attributes.${protoName(name)}`,
      );
  for (const name of [
    'title',
    'description',
    'link',
    'imageLink',
    'brand',
    'mpn',
    'googleProductCategory',
  ] as const) {
    const value = attributes[name];
    if (value !== undefined && typeof value !== 'string')
      return invalidValue(`${attributesAt}.${protoName(name)}`, 'TYPE_STRING', value);
  }
  if ((attributes.title as string).length > 150)
    return invalidField(
      'product_attributes.title',
      'The title must be at most 150 characters long.',
    );
  if (typeof attributes.description === 'string' && attributes.description.length > 5000)
    return invalidField(
      'product_attributes.description',
      'The description must be at most 5000 characters long.',
    );
  for (const name of ['link', 'imageLink'] as const)
    if (!isHttpUrl(attributes[name] as string))
      return invalidField(
        `product_attributes.${protoName(name)}`,
        'A valid http or https URL is required.',
        attributes[name] as string,
      );
  for (const name of ['additionalImageLinks', 'gtins', 'productTypes'] as const) {
    const value = attributes[name];
    if (value !== undefined && !isStringArray(value))
      return invalidValue(`${attributesAt}.${protoName(name)}`, 'TYPE_STRING', value);
  }
  if (attributes.additionalImageLinks !== undefined) {
    const links = attributes.additionalImageLinks as string[];
    if (links.length > 10 || !links.every(isHttpUrl))
      return invalidField(
        'product_attributes.additional_image_links',
        'At most 10 valid http or https URLs are allowed.',
      );
  }
  if (attributes.gtins !== undefined) {
    const gtins = attributes.gtins as string[];
    if (gtins.length > 10 || !gtins.every((gtin) => /^\d{8,14}$/.test(gtin)))
      return invalidField(
        'product_attributes.gtins',
        'Each GTIN must be 8 to 14 digits; at most 10 GTINs.',
      );
  }
  if (attributes.identifierExists !== undefined && typeof attributes.identifierExists !== 'boolean')
    return invalidValue(
      `${attributesAt}.identifier_exists`,
      'TYPE_BOOL',
      attributes.identifierExists,
    );
  if (
    attributes.availability !== undefined &&
    (typeof attributes.availability !== 'string' || !AVAILABILITY.has(attributes.availability))
  )
    return invalidValue(
      `${attributesAt}.availability`,
      'type.googleapis.com/google.shopping.merchant.products.v1.Availability',
      attributes.availability,
    );
  if (
    attributes.condition !== undefined &&
    (typeof attributes.condition !== 'string' || !CONDITION.has(attributes.condition))
  )
    return invalidValue(
      `${attributesAt}.condition`,
      'type.googleapis.com/google.shopping.merchant.products.v1.Condition',
      attributes.condition,
    );
  const price = validatePrice(
    attributes.price,
    `${attributesAt}.price`,
    'product_attributes.price',
  );
  if (price !== null) return price;
  if (attributes.salePrice !== undefined) {
    const sale = validatePrice(
      attributes.salePrice,
      `${attributesAt}.sale_price`,
      'product_attributes.sale_price',
    );
    if (sale !== null) return sale;
  }
  return null;
}

function decodeJwtPart(part: string | undefined): Record<string, unknown> | null {
  if (part === undefined || !/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export async function startFakeMerchant(
  options: StartFakeMerchantOptions = {},
): Promise<FakeMerchant> {
  const accountId = options.accountId ?? digits(9);
  const dataSourceId = options.dataSourceId ?? digits(11);
  const dataSource = `accounts/${accountId}/dataSources/${dataSourceId}`;
  const accountName = options.accountName ?? 'متجر السبح (test double)';
  const now = options.now ?? Date.now;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyId = randomBytes(20).toString('hex');
  const clientEmail = `merchant-sync@${GCP_PROJECT.id}.iam.gserviceaccount.com`;
  const products = new Map<string, MerchantProductInput>();
  const calls: FakeMerchantCall[] = [];
  /** Issued access tokens → expiry (ms). */
  const tokens = new Map<string, number>();
  const refusals = new Map<string, { field: string; message: string }>();
  let failures: { failure: FakeMerchantFailure; remaining: number } | undefined;

  const state = {
    mode: 'ok' as FakeMerchantMode,
    delayMs: options.delayMs ?? 0,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3599,
    retryAfterSeconds: 1 as number | null,
  };
  /** Set once the server listens. */
  const origin = { value: '' };
  const tokenUri = () => `${origin.value}${TOKEN_PATH}`;

  function tokenError(
    response: ServerResponse,
    status: number,
    error: string,
    description: string,
  ) {
    sendJson(response, status, { error, error_description: description });
    return status;
  }

  /** The JWT bearer grant: the checks Google's token endpoint makes. */
  async function handleToken(request: IncomingMessage, response: ServerResponse): Promise<number> {
    const text = await readBody(request);
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return tokenError(
        response,
        400,
        'invalid_request',
        'Invalid Content-Type; expected application/x-www-form-urlencoded.',
      );
    const form = new URLSearchParams(text);
    const grantType = form.get('grant_type');
    if (grantType !== JWT_BEARER_GRANT)
      return tokenError(
        response,
        400,
        'unsupported_grant_type',
        `Invalid grant_type: ${grantType ?? ''}`,
      );
    const parts = (form.get('assertion') ?? '').split('.');
    const header = decodeJwtPart(parts[0]);
    const claims = decodeJwtPart(parts[1]);
    if (parts.length !== 3 || header === null || claims === null || parts[2] === undefined)
      return tokenError(response, 400, 'invalid_grant', 'Invalid JWT: assertion is not a JWT.');
    const signed =
      header.alg === 'RS256' &&
      (header.kid === undefined || header.kid === privateKeyId) &&
      verify(
        'RSA-SHA256',
        Buffer.from(`${parts[0]}.${parts[1]}`),
        publicKey,
        Buffer.from(parts[2], 'base64url'),
      );
    if (!signed) return tokenError(response, 400, 'invalid_grant', 'Invalid JWT Signature.');
    if (claims.iss !== clientEmail)
      return tokenError(response, 400, 'invalid_grant', 'Invalid grant: account not found');
    if (claims.aud !== tokenUri())
      return tokenError(
        response,
        400,
        'invalid_grant',
        `Invalid JWT: Failed audience check. The right audience is ${tokenUri()}`,
      );
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(MERCHANT_SCOPE))
      return tokenError(
        response,
        400,
        'invalid_scope',
        'Invalid OAuth scope or ID token audience provided.',
      );
    const { iat, exp } = claims;
    const nowSeconds = now() / 1000;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp <= iat ||
      exp - iat > 3600 ||
      iat > nowSeconds + CLOCK_SKEW_SECONDS ||
      exp <= nowSeconds
    )
      return tokenError(response, 400, 'invalid_grant', TIMEFRAME_ERROR);
    const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    tokens.set(token, now() + state.tokenLifetimeSeconds * 1000);
    sendJson(response, 200, {
      access_token: token,
      expires_in: state.tokenLifetimeSeconds,
      token_type: 'Bearer',
    });
    return 200;
  }

  /** Google's front-end checks every API call passes through; the answer's status, or null to go on. */
  function refuseCall(request: IncomingMessage, response: ServerResponse): number | null {
    const authorization = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
    const expiresAt = token === undefined ? undefined : tokens.get(token);
    if (expiresAt === undefined || expiresAt <= now()) {
      const reason =
        token === undefined
          ? 'CREDENTIALS_MISSING'
          : expiresAt === undefined
            ? 'ACCESS_TOKEN_TYPE_UNSUPPORTED'
            : 'ACCESS_TOKEN_EXPIRED';
      sendJson(
        response,
        401,
        googleError(401, UNAUTHENTICATED_MESSAGE, [
          { ...errorInfo(reason, {}), domain: 'googleapis.com' },
        ]),
        {
          'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
        },
      );
      return 401;
    }
    if (state.mode === 'unregistered') {
      sendJson(
        response,
        401,
        googleError(
          401,
          `GCP project with id ${GCP_PROJECT.id} and number ${GCP_PROJECT.number} is not registered with the merchant account. Follow these steps https://developers.google.com/merchant/api/guides/quickstart#register_as_a_developer to register the GCP project with the merchant account then try calling the API again in 5 minutes.`,
        ),
      );
      return 401;
    }
    if (failures !== undefined && failures.remaining > 0) {
      failures.remaining -= 1;
      const status = Number(failures.failure);
      if (failures.remaining === 0) failures = undefined;
      const messages: Record<number, string> = {
        429: "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'merchantapi.googleapis.com'.",
        500: 'Internal error encountered.',
        503: 'The service is currently unavailable.',
      };
      const headers: Record<string, string> =
        status === 429 && state.retryAfterSeconds !== null
          ? { 'retry-after': String(state.retryAfterSeconds) }
          : {};
      sendJson(response, status, googleError(status, messages[status] ?? 'Error'), headers);
      return status;
    }
    return null;
  }

  /** 403 for an account the service account is not a user of (mode not_user, or another id). */
  function refuseAccount(response: ServerResponse, account: string): number | null {
    if (!/^\d+$/.test(account)) {
      sendJson(
        response,
        400,
        googleError(
          400,
          `[name] The part \`account\` of the resource name in field \`name\` must be a number, but has value: \`${account}\`.`,
          [
            errorInfo('invalid', {
              VARIABLE_NAME: 'account',
              FIELD_LOCATION: 'name',
              FIELD_VALUE: account,
              REASON: 'INVALID_NAME_PART_NOT_NUMBER',
            }),
          ],
        ),
      );
      return 400;
    }
    if (state.mode === 'not_user' || account !== accountId) {
      sendJson(
        response,
        403,
        googleError(403, `The caller does not have access to the accounts: [${account}]`, [
          errorInfo('PERMISSION_DENIED_ACCOUNTS', { REASON: 'PERMISSION_DENIED_ACCOUNTS' }),
        ]),
      );
      return 403;
    }
    return null;
  }

  function refuseDataSource(response: ServerResponse, url: URL): number | null {
    const given = url.searchParams.get('dataSource');
    if (given === null || given === '') {
      sendJson(response, 400, invalidField('data_source', 'Required parameter: data_source').body);
      return 400;
    }
    if (given !== dataSource) {
      sendJson(
        response,
        400,
        invalidField(
          'data_source',
          'The data source does not exist or is not an API primary data source of this account.',
          given,
        ).body,
      );
      return 400;
    }
    return null;
  }

  async function handleInsert(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    call: FakeMerchantCall,
  ): Promise<number> {
    const text = await readBody(request);
    const dataSourceRefused = refuseDataSource(response, url);
    if (dataSourceRefused !== null) return dataSourceRefused;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      sendJson(response, 400, googleError(400, 'Invalid JSON payload received. Unexpected token.'));
      return 400;
    }
    if (isRecord(body) && typeof body.offerId === 'string') call.offerId = body.offerId;
    const invalid = validateInput(body);
    if (invalid !== null) {
      sendJson(response, invalid.status, invalid.body);
      return invalid.status;
    }
    const input = body as unknown as MerchantProductInput;
    const offerId = input.offerId.trim();
    const refusal = refusals.get(offerId);
    if (refusal !== undefined) {
      const refused = invalidField(refusal.field, refusal.message);
      sendJson(response, refused.status, refused.body);
      return refused.status;
    }
    const id = productInputId(input.contentLanguage, input.feedLabel, offerId);
    const name = `accounts/${accountId}/productInputs/${id}`;
    const stored: MerchantProductInput = { ...input, offerId };
    products.set(name, stored);
    sendJson(response, 200, { name, product: `accounts/${accountId}/products/${id}`, ...stored });
    return 200;
  }

  function handleDelete(
    response: ServerResponse,
    url: URL,
    segment: string,
    call: FakeMerchantCall,
  ): number {
    const parsed = parseProductInputId(segment);
    if (parsed !== null) call.offerId = parsed.offerId;
    const dataSourceRefused = refuseDataSource(response, url);
    if (dataSourceRefused !== null) return dataSourceRefused;
    if (parsed === null) {
      sendJson(
        response,
        400,
        invalidField(
          'name',
          'The product input name must be content_language~feed_label~offer_id.',
          segment,
        ).body,
      );
      return 400;
    }
    const name = `accounts/${accountId}/productInputs/${productInputId(parsed.contentLanguage, parsed.feedLabel, parsed.offerId)}`;
    if (!products.delete(name)) {
      sendJson(response, 404, googleError(404, 'Requested entity was not found.'));
      return 404;
    }
    sendJson(response, 200, {});
    return 200;
  }

  function handleAccount(response: ServerResponse): number {
    sendJson(response, 200, {
      name: `accounts/${accountId}`,
      accountId,
      accountName,
      adultContent: false,
      testAccount: true,
      timeZone: { id: 'Asia/Kuwait' },
      languageCode: 'ar',
    });
    return 200;
  }

  async function route(
    request: IncomingMessage,
    response: ServerResponse,
    call: FakeMerchantCall,
  ): Promise<number | null> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    if (url.pathname === TOKEN_PATH && method === 'POST') {
      call.operation = 'token';
      return handleToken(request, response);
    }
    const accountMatch = /^\/accounts\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    const insertMatch = /^\/products\/v1\/accounts\/([^/]+)\/productInputs:insert$/.exec(
      url.pathname,
    );
    const deleteMatch = /^\/products\/v1\/accounts\/([^/]+)\/productInputs\/([^/]+)$/.exec(
      url.pathname,
    );
    const match =
      method === 'GET' && accountMatch !== null
        ? ({ operation: 'getAccount', account: accountMatch[1] } as const)
        : method === 'POST' && insertMatch !== null
          ? ({ operation: 'insert', account: insertMatch[1] } as const)
          : method === 'DELETE' && deleteMatch !== null
            ? ({ operation: 'delete', account: deleteMatch[1], segment: deleteMatch[2] } as const)
            : undefined;
    if (match === undefined) {
      sendJson(response, 404, googleError(404, `Method not found: ${method} ${url.pathname}`));
      return 404;
    }
    call.operation = match.operation;
    if (state.delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (response.destroyed) return null;
    }
    const refused =
      refuseCall(request, response) ??
      refuseAccount(response, decodeURIComponent(match.account ?? ''));
    if (refused !== null) {
      if (match.operation === 'insert') await readBody(request);
      return refused;
    }
    if (match.operation === 'getAccount') return handleAccount(response);
    if (match.operation === 'insert') return handleInsert(request, response, url, call);
    return handleDelete(response, url, decodeURIComponent(match.segment ?? ''), call);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const call: FakeMerchantCall = {
      method: request.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      status: null,
      at: Date.now(),
      operation: 'unknown',
    };
    calls.push(call);
    void route(request, response, call)
      .then((status) => {
        call.status = status;
      })
      .catch((error: unknown) => {
        if (!response.headersSent)
          sendJson(
            response,
            500,
            googleError(
              500,
              error instanceof Error ? error.message : 'Internal error encountered.',
            ),
          );
        else response.destroy();
        call.status = 500;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin.value = `http://127.0.0.1:${port}`;

  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const temporaryDir =
    options.keyFile === undefined
      ? await mkdtemp(path.join(tmpdir(), 'fake-merchant-'))
      : undefined;
  const keyFile = options.keyFile ?? path.join(temporaryDir as string, 'service-account.json');
  await writeFile(
    keyFile,
    `${JSON.stringify(
      {
        type: 'service_account',
        project_id: GCP_PROJECT.id,
        private_key_id: privateKeyId,
        private_key: privatePem,
        client_email: clientEmail,
        client_id: digits(21),
        auth_uri: 'https://accounts.google.com/o/oauth2/auth',
        token_uri: tokenUri(),
        auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
        universe_domain: 'googleapis.com',
      },
      null,
      2,
    )}\n`,
    { mode: 0o600 },
  );

  return {
    url: origin.value,
    accountId,
    dataSourceId,
    dataSource,
    keyFile,
    key: { clientEmail, privateKey: privatePem, privateKeyId, tokenUri: tokenUri() },
    products,
    productInput(offerId, contentLanguage = 'ar', feedLabel = 'KW') {
      return products.get(
        `accounts/${accountId}/productInputs/${productInputId(contentLanguage, feedLabel, offerId)}`,
      );
    },
    calls,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeMerchantMode) {
      state.mode = mode;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get tokenLifetimeSeconds() {
      return state.tokenLifetimeSeconds;
    },
    set tokenLifetimeSeconds(seconds: number) {
      state.tokenLifetimeSeconds = seconds;
    },
    get retryAfterSeconds() {
      return state.retryAfterSeconds;
    },
    set retryAfterSeconds(seconds: number | null) {
      state.retryAfterSeconds = seconds;
    },
    failNext(failure, times = 1) {
      failures = { failure, remaining: times };
    },
    refuseOffer(offerId, field, message = 'The value is not valid.') {
      refusals.set(offerId, { field, message });
    },
    acceptOffer(offerId) {
      refusals.delete(offerId);
    },
    revokeTokens() {
      tokens.clear();
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      if (temporaryDir !== undefined) await rm(temporaryDir, { recursive: true, force: true });
    },
  };
}
