import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ABANDONED_CART_HOURS_DEFAULT } from '@shop/shared';
import type { AnonymousOrderLimits } from './modules/orders/index.js';
import { parseServiceAccountKey, type ServiceAccountKey } from './integrations/google-merchant/token.js';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

/** `paymentGateway.src` values of a white-label UPayments account (its payment methods). */
export const upaymentsGateways = ['knet', 'cc', 'samsung-pay', 'apple-pay', 'apple-pay-knet', 'google-pay'] as const;
export type UpaymentsGateway = (typeof upaymentsGateways)[number];

/** UPayments' sandbox API (the default); production is https://apiv2api.upayments.com/api/v1. */
export const UPAYMENTS_SANDBOX_URL = 'https://sandboxapi.upayments.com/api/v1';

/**
 * GOOGLE_MERCHANT_KEY_FILE: read and checked at start, so a wrong path or a broken key fails
 * start-up instead of the first push. The messages name the file, never its contents.
 */
const serviceAccountKeyFile = optionalString.transform((file, context) => {
  if (file === undefined) return undefined;
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    context.addIssue({
      code: 'custom',
      message: `cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? 'error')}: ${absolute}); it must be the path of the service account's JSON key from Google Cloud`,
    });
    return z.NEVER;
  }
  try {
    return { file: absolute, key: parseServiceAccountKey(text) };
  } catch (error) {
    context.addIssue({ code: 'custom', message: `${absolute} ${(error as Error).message}` });
    return z.NEVER;
  }
});

/** The Merchant API v1 (Google's public endpoint). */
export const GOOGLE_MERCHANT_API_URL = 'https://merchantapi.googleapis.com';

/** A timeout in seconds (fractions allowed, e.g. 0.5 in tests); never 0, which would turn it off. */
const seconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  // Whole pages for visitors without a session (decision 029); 0 turns the page cache off.
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  // Storefront searches from an index of the catalogue in each process (decision 034).
  SEARCH_INDEX: optionalString.pipe(z.enum(['true', 'false']).optional()),
  MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(999).default(10),
  // What guests and unverified accounts may hold of the stock (docs/decisions/038).
  GUEST_ORDER_MAX_UNITS: z.coerce.number().int().min(1).max(9999).default(10),
  GUEST_CASH_ORDER_MAX_KWD: z.coerce.number().int().min(1).max(1_000_000).default(500),
  GUEST_UNITS_PER_NETWORK_PER_DAY: z.coerce.number().int().min(1).max(99_999).default(20),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: optionalUrl,
  UPAYMENTS_API_KEY: optionalString,
  UPAYMENTS_API_URL: optionalUrl,
  UPAYMENTS_GATEWAY: optionalString.pipe(
    z
      .enum(upaymentsGateways, {
        error: `must be one of ${upaymentsGateways.join(', ')} (only for white-label UPayments accounts; leave unset otherwise)`,
      })
      .optional(),
  ),
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  ABANDONED_CART_HOURS: z.coerce.number().positive().max(24 * 30).default(ABANDONED_CART_HOURS_DEFAULT),
  UPAYMENTS_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(15),
  GOOGLE_MERCHANT_ACCOUNT_ID: optionalString.pipe(
    z.string().regex(/^\d{1,20}$/, 'must be the Merchant Center account id (digits only, e.g. 123456789)').optional(),
  ),
  GOOGLE_MERCHANT_DATA_SOURCE: optionalString.pipe(
    z
      .string()
      .regex(/^(\d{1,20}|accounts\/\d{1,20}\/dataSources\/\d{1,20})$/, 'must be the id of the API data source (digits) or accounts/{ACCOUNT}/dataSources/{ID}')
      .optional(),
  ),
  GOOGLE_MERCHANT_KEY_FILE: serviceAccountKeyFile,
  GOOGLE_MERCHANT_API_URL: optionalUrl,
  GOOGLE_MERCHANT_CONTENT_LANGUAGE: optionalString.pipe(
    z.string().regex(/^[a-z]{2}$/, 'must be a two-letter ISO 639-1 language code in lower case, e.g. ar').optional(),
  ),
  GOOGLE_MERCHANT_FEED_LABEL: optionalString.pipe(
    z.string().regex(/^[A-Z0-9_-]{1,20}$/, 'must be 1 to 20 characters of A-Z, 0-9, - and _ (e.g. KW)').optional(),
  ),
  GOOGLE_MERCHANT_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(15),
  // Images in S3-compatible object storage (decision 025): all five, or none for the local disk.
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/, 'must be a bucket name (3 to 255 letters, digits, dots, hyphens and underscores), e.g. shop-images').optional(),
  ),
  S3_REGION: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a region name such as eu-central-1 (or "auto", or what the provider documents)').optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false']).optional()),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/[^/]/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (or rediss://user:pass@redis.example.com:6380)')
      .optional(),
  ),
  WEB_CONCURRENCY: optionalString.pipe(
    z
      .string()
      .regex(/^0*[1-9]\d{0,2}$/, 'must be a whole number of server processes from 1 to 999, e.g. 4 (unset: every core in production, 1 otherwise)')
      .transform(Number)
      .optional(),
  ),
  SHUTDOWN_TIMEOUT_SECONDS: seconds(25),
  SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
  CONNECTION_TIMEOUT_SECONDS: seconds(30),
  REQUEST_TIMEOUT_SECONDS: seconds(120),
  HEADERS_TIMEOUT_SECONDS: seconds(20),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(5),
  API_DOCS: optionalString.pipe(z.enum(['true', 'false']).optional()),
  METRICS_TOKEN: optionalString.pipe(
    z.string().regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces (e.g. openssl rand -hex 32)').optional(),
  ),
  TRUST_PROXY: optionalString.pipe(
    z
      .union([
        z.enum(['true', 'false']),
        z.string().regex(/^\d{1,2}$/),
        z.string().regex(/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*$/),
      ], { error: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses, CIDRs or loopback/linklocal/uniquelocal' })
      .optional(),
  ),
}).superRefine((values, context) => {
  if (values.SMTP_URL && !values.MAIL_FROM) {
    context.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: 'is required when SMTP_URL is set (the sender address, e.g. "Shop <no-reply@example.com>")',
    });
  }
  if (values.GOOGLE_CLIENT_ID && !values.GOOGLE_CLIENT_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_CLIENT_SECRET'],
      message: 'is required when GOOGLE_CLIENT_ID is set (the OAuth client secret from Google Cloud)',
    });
  }
  if (values.HEADERS_TIMEOUT_SECONDS > values.REQUEST_TIMEOUT_SECONDS) {
    context.addIssue({
      code: 'custom',
      path: ['HEADERS_TIMEOUT_SECONDS'],
      message: 'must not be longer than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    });
  }
  if (values.KEEP_ALIVE_TIMEOUT_SECONDS > values.CONNECTION_TIMEOUT_SECONDS) {
    context.addIssue({
      code: 'custom',
      path: ['KEEP_ALIVE_TIMEOUT_SECONDS'],
      message: 'must not be longer than CONNECTION_TIMEOUT_SECONDS (an idle connection is closed after that anyway)',
    });
  }
  if (values.UPAYMENTS_API_URL && !isSecureOrLoopback(values.UPAYMENTS_API_URL)) {
    context.addIssue({
      code: 'custom',
      path: ['UPAYMENTS_API_URL'],
      message: 'must be an https:// URL (plain http:// only on localhost, for the test double)',
    });
  }
  if (!values.UPAYMENTS_API_KEY && (values.UPAYMENTS_API_URL || values.UPAYMENTS_GATEWAY)) {
    context.addIssue({
      code: 'custom',
      path: ['UPAYMENTS_API_KEY'],
      message: 'is required when UPAYMENTS_API_URL or UPAYMENTS_GATEWAY is set (without a key online payment stays off)',
    });
  }
  const merchantParts = {
    GOOGLE_MERCHANT_ACCOUNT_ID: values.GOOGLE_MERCHANT_ACCOUNT_ID,
    GOOGLE_MERCHANT_DATA_SOURCE: values.GOOGLE_MERCHANT_DATA_SOURCE,
    GOOGLE_MERCHANT_KEY_FILE: values.GOOGLE_MERCHANT_KEY_FILE,
  };
  const merchantSet = Object.keys(merchantParts).filter((name) => merchantParts[name as keyof typeof merchantParts] !== undefined);
  if (merchantSet.length > 0 && merchantSet.length < 3) {
    for (const name of Object.keys(merchantParts).filter((part) => !merchantSet.includes(part))) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when ${merchantSet.join(' and ')} ${merchantSet.length > 1 ? 'are' : 'is'} set (Google Merchant needs the account, its API data source and a service-account key: set all three, or none to leave it off)`,
      });
    }
  }
  const dataSourceAccount = /^accounts\/(\d+)\//.exec(values.GOOGLE_MERCHANT_DATA_SOURCE ?? '')?.[1];
  if (dataSourceAccount !== undefined && values.GOOGLE_MERCHANT_ACCOUNT_ID && dataSourceAccount !== values.GOOGLE_MERCHANT_ACCOUNT_ID) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_MERCHANT_DATA_SOURCE'],
      message: `belongs to account ${dataSourceAccount}, not to GOOGLE_MERCHANT_ACCOUNT_ID ${values.GOOGLE_MERCHANT_ACCOUNT_ID}`,
    });
  }
  if (values.GOOGLE_MERCHANT_API_URL && !isSecureOrLoopback(values.GOOGLE_MERCHANT_API_URL)) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_MERCHANT_API_URL'],
      message: 'must be an https:// URL (plain http:// only on localhost, for the test double)',
    });
  }
  if (values.GOOGLE_MERCHANT_KEY_FILE && !isSecureOrLoopback(values.GOOGLE_MERCHANT_KEY_FILE.key.tokenUri)) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_MERCHANT_KEY_FILE'],
      message: 'has a "token_uri" that is not an https:// URL (plain http:// only on localhost, for the test double)',
    });
  }
  if (values.GOOGLE_ISSUER && !isSecureOrLoopback(values.GOOGLE_ISSUER)) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_ISSUER'],
      message: 'must be an https:// URL (plain http:// only on localhost, for tests)',
    });
  }
  checkObjectStorage(values, context);
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_PUBLIC_URL', 'S3_FORCE_PATH_STYLE'] as const;

/** The S3_* variables: the five together or none; the messages name variables, never values. */
function checkObjectStorage(
  values: Partial<Record<(typeof S3_REQUIRED)[number] | (typeof S3_OPTIONAL)[number], string>>,
  context: z.RefinementCtx,
): void {
  const set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => values[name] !== undefined);
  const missing = S3_REQUIRED.filter((name) => values[name] === undefined);
  if (set.length > 0 && missing.length > 0) {
    for (const name of missing) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (images in object storage need ${S3_REQUIRED.join(', ')}: set all five, or none to keep images on the local disk)`,
      });
    }
  }
  if (values.S3_ENDPOINT && URL.canParse(values.S3_ENDPOINT) && !/^https?:$/.test(new URL(values.S3_ENDPOINT).protocol)) {
    context.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'must be an https:// (or http://) URL of the S3 API, e.g. https://s3.eu-central-1.amazonaws.com' });
  }
  if (values.S3_PUBLIC_URL && !isSecureOrLoopback(values.S3_PUBLIC_URL)) {
    context.addIssue({
      code: 'custom',
      path: ['S3_PUBLIC_URL'],
      message: 'must be an https:// URL (plain http:// only on localhost): pages served over https cannot show images from http',
    });
  }
  if (values.S3_PUBLIC_URL && /[?#]/.test(values.S3_PUBLIC_URL)) {
    context.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'must be a base URL without ? or #, e.g. https://cdn.example.com/images' });
  }
}

const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';

/** https, or http on the loopback interface (a local test provider). */
function isSecureOrLoopback(address: string): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Google Merchant as configured (AppConfig.googleMerchant); also the client's options. */
export interface GoogleMerchantSetup {
  /** Merchant Center account id (digits). */
  accountId: string;
  /** The API primary data source products are inserted into: `accounts/{accountId}/dataSources/{id}`. */
  dataSource: string;
  /** The service account's key, read from GOOGLE_MERCHANT_KEY_FILE at start. */
  key: ServiceAccountKey;
  /** The Merchant API root (Google's, or the test double's on loopback). */
  apiUrl: string;
  /** Content language and feed label of every product input (as googleMerchantSettings). */
  contentLanguage: string;
  feedLabel: string;
  /** Timeout of one call to Google (token requests included). */
  timeoutMs: number;
}

/** Images in S3-compatible object storage (AppConfig.s3); also the storage's options. */
export interface S3Setup {
  /** The S3 API's address (AWS, MinIO, R2, Spaces, ...). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  /** A secret: never logged, never in an error message. */
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (S3_FORCE_PATH_STYLE, default true). */
  forcePathStyle: boolean;
  /** Base URL browsers load the files from (a CDN or the public bucket), without a trailing slash; undefined: the shop streams them. */
  publicUrl: string | undefined;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** PostgreSQL server; undefined means the embedded database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  logLevel: string;
  dbPoolSize: number;
  /** How long public catalogue listings may be served from memory (0: never). */
  catalogCacheTtlMs: number;
  /** How long a page rendered for visitors without a session is served again (0: never). */
  pageCacheTtlMs: number;
  /** Whether each process keeps a search index of the published catalogue (docs/decisions/034). */
  searchIndex: boolean;
  pageCacheMaxBytes: number;
  /** Most pieces of one product a single order may take (the variations of a product add up). */
  maxUnitsPerProduct: number;
  /** What an anonymous customer (a guest or an unverified account) may hold of the stock. */
  anonymousOrderLimits: AnonymousOrderLimits;
  /** Key that signs cookies; undefined: a random key generated once and kept in the database. */
  sessionSecret: string | undefined;
  /** Outgoing mail server; undefined: messages go to the development outbox table. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail; always set when smtpUrl is. */
  mailFrom: string | undefined;
  /** OAuth client of "Sign in with Google"; undefined: Google sign-in reports itself unavailable. */
  googleClientId: string | undefined;
  /** Always set when googleClientId is. */
  googleClientSecret: string | undefined;
  /** OpenID issuer whose discovery document is used (Google; a local fake provider in tests). */
  googleIssuer: string;
  /**
   * Which X-Forwarded-* headers to believe (Fastify's trustProxy): false by default, so a client
   * cannot pick its own address and slip past the per-address rate limits.
   */
  trustProxy: boolean | number | string;
  /** Socket timeouts in milliseconds: slow or silent clients cannot hold connections open. */
  timeouts: {
    /** A connection with no traffic either way for this long is closed. */
    connectionMs: number;
    /** The whole request (headers and body) must arrive within this; else 408 and close. */
    requestMs: number;
    /** The request headers must arrive within this; else 408 and close. */
    headersMs: number;
    /** An idle kept-alive connection is closed after this. */
    keepAliveMs: number;
  };
  /**
   * Online payment through UPayments; undefined without UPAYMENTS_API_KEY (the checkout then
   * offers cash on delivery only). The key is a secret: never logged, never sent to a browser.
   */
  upayments:
    | {
        apiUrl: string;
        apiKey: string;
        /** White-label accounts only: the one payment page to open (knet, cc, ...). */
        gateway: UpaymentsGateway | undefined;
        /** Timeout of one call to UPayments (a charge that takes longer fails and is released). */
        timeoutMs: number;
      }
    | undefined;
  /** An online payment neither confirmed nor refused after this long is checked once more and, unpaid, cancelled. */
  paymentTimeoutMs: number;
  /** A signed-in customer's cart untouched this long gets its one reminder (docs/decisions/063). */
  abandonedCartMs: number;
  /**
   * Pushing products to Google Merchant Center (Merchant API v1); undefined unless
   * GOOGLE_MERCHANT_ACCOUNT_ID, GOOGLE_MERCHANT_DATA_SOURCE and GOOGLE_MERCHANT_KEY_FILE are all
   * set (the merchant routes then answer "not configured"). The key's private key is a secret:
   * never logged, never sent to a browser.
   */
  googleMerchant: GoogleMerchantSetup | undefined;
  /** Content language and feed label of the products sent to Google and of the product feed; set even without the API. */
  googleMerchantSettings: { contentLanguage: string; feedLabel: string };
  /**
   * Uploaded and generated files in an S3-compatible bucket; undefined unless all five S3_*
   * variables are set (files then stay under uploadsDir). The secret key is never logged.
   */
  s3: S3Setup | undefined;
  /** Serve the interactive API reference at /api/docs (the JSON document at /api/docs/json always is). */
  apiDocs: boolean;
  /**
   * Bearer token that /metrics requires; undefined: /metrics answers only direct connections
   * from loopback and private addresses. A secret: never logged.
   */
  metricsToken: string | undefined;
  /**
   * Redis shared by every process of the shop (rate limits); undefined: limits are kept per
   * machine (docs/decisions/026). The URL may hold a password: never logged.
   */
  redisUrl: string | undefined;
  /** Server processes `npm start` runs (WEB_CONCURRENCY; default: every core in production, else 1). */
  webConcurrency: number;
  /** Whether WEB_CONCURRENCY was set (a request the embedded database cannot honour is warned about). */
  webConcurrencySet: boolean;
  /** How long a stopping process may take to finish its requests and background work before it is killed. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The variables that are set to something: an empty one (`PAGE_CACHE_SECONDS=` in an env file) is
 * unset, so it takes its default instead of being read as 0 by a number's coercion.
 */
function variablesWithValues(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(environment).filter(([, value]) => value?.trim()));
}

/** Parses the environment once; a bad variable fails start-up with its name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(variablesWithValues(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid environment configuration:\n${problems}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const googleMerchantSettings = {
    contentLanguage: values.GOOGLE_MERCHANT_CONTENT_LANGUAGE ?? 'ar',
    feedLabel: values.GOOGLE_MERCHANT_FEED_LABEL ?? 'KW',
  };
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    databaseUrl: values.DATABASE_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    logLevel: values.LOG_LEVEL,
    dbPoolSize: values.DB_POOL_SIZE,
    catalogCacheTtlMs: values.CATALOG_CACHE_SECONDS * 1000,
    pageCacheTtlMs: values.PAGE_CACHE_SECONDS * 1000,
    searchIndex: values.SEARCH_INDEX !== 'false',
    pageCacheMaxBytes: values.PAGE_CACHE_MAX_MB * 1024 * 1024,
    maxUnitsPerProduct: values.MAX_UNITS_PER_PRODUCT,
    anonymousOrderLimits: {
      maxUnitsPerOrder: values.GUEST_ORDER_MAX_UNITS,
      maxCashOnDeliveryTotal: values.GUEST_CASH_ORDER_MAX_KWD * 1000,
      maxUnitsPerNetworkPerDay: values.GUEST_UNITS_PER_NETWORK_PER_DAY,
    },
    sessionSecret: values.SESSION_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    googleClientId: values.GOOGLE_CLIENT_ID,
    googleClientSecret: values.GOOGLE_CLIENT_SECRET,
    googleIssuer: values.GOOGLE_ISSUER ?? DEFAULT_GOOGLE_ISSUER,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    timeouts: {
      connectionMs: Math.round(values.CONNECTION_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(values.REQUEST_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(values.HEADERS_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(values.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    },
    upayments: values.UPAYMENTS_API_KEY
      ? {
          apiUrl: (values.UPAYMENTS_API_URL ?? UPAYMENTS_SANDBOX_URL).replace(/\/+$/, ''),
          apiKey: values.UPAYMENTS_API_KEY,
          gateway: values.UPAYMENTS_GATEWAY,
          timeoutMs: Math.round(values.UPAYMENTS_TIMEOUT_SECONDS * 1000),
        }
      : undefined,
    paymentTimeoutMs: values.PAYMENT_TIMEOUT_MINUTES * 60_000,
    abandonedCartMs: Math.round(values.ABANDONED_CART_HOURS * 3_600_000),
    googleMerchant:
      values.GOOGLE_MERCHANT_ACCOUNT_ID && values.GOOGLE_MERCHANT_DATA_SOURCE && values.GOOGLE_MERCHANT_KEY_FILE
        ? {
            accountId: values.GOOGLE_MERCHANT_ACCOUNT_ID,
            dataSource: /^\d+$/.test(values.GOOGLE_MERCHANT_DATA_SOURCE)
              ? `accounts/${values.GOOGLE_MERCHANT_ACCOUNT_ID}/dataSources/${values.GOOGLE_MERCHANT_DATA_SOURCE}`
              : values.GOOGLE_MERCHANT_DATA_SOURCE,
            key: values.GOOGLE_MERCHANT_KEY_FILE.key,
            apiUrl: (values.GOOGLE_MERCHANT_API_URL ?? GOOGLE_MERCHANT_API_URL).replace(/\/+$/, ''),
            ...googleMerchantSettings,
            timeoutMs: Math.round(values.GOOGLE_MERCHANT_TIMEOUT_SECONDS * 1000),
          }
        : undefined,
    googleMerchantSettings,
    s3:
      values.S3_ENDPOINT && values.S3_BUCKET && values.S3_REGION && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE !== 'false',
            publicUrl: values.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    apiDocs: values.API_DOCS === undefined ? values.NODE_ENV !== 'production' : values.API_DOCS === 'true',
    metricsToken: values.METRICS_TOKEN,
    redisUrl: values.REDIS_URL,
    webConcurrency: values.WEB_CONCURRENCY ?? (values.NODE_ENV === 'production' ? os.availableParallelism() : 1),
    webConcurrencySet: values.WEB_CONCURRENCY !== undefined,
    shutdownTimeoutMs: Math.round(values.SHUTDOWN_TIMEOUT_SECONDS * 1000),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
