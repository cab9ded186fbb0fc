import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { GoogleMerchantError } from './types.js';

/**
 * Access tokens for the Merchant API from a service-account key: the OAuth 2.0 JWT bearer grant
 * (RFC 7523) done with node:crypto, because google-auth-library
 * ignores the key's `token_uri` and so cannot be aimed at the test double by configuration.
 *
 * The private key, the signed assertion and the access token never leave this module except in
 * the token request's body and the Authorization header the client builds; none is logged or put
 * in an error message.
 */

/** The one scope every Merchant API method lists. */
export const MERCHANT_SCOPE = 'https://www.googleapis.com/auth/content';
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google refuses assertions valid for longer than an hour. */
const ASSERTION_LIFETIME_SECONDS = 3600;
/** A cached token is replaced this long before Google says it expires. */
const REFRESH_MARGIN_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 15_000;

/** The parts of a service-account JSON key the grant needs. */
export interface ServiceAccountKey {
  clientEmail: string;
  /** PEM (PKCS#8) RSA private key. Secret. */
  privateKey: string;
  /** Sent as the JWT header's `kid` when the key file has one. */
  privateKeyId?: string;
  /** Where the grant is posted; also the assertion's audience. */
  tokenUri: string;
}

/**
 * Reads a service-account JSON key (the file Google Cloud downloads). Throws an Error whose
 * message says what is wrong in words an owner can act on and never quotes the file's contents
 * (JSON.parse's own message would echo a piece of it, the private key included).
 */
export function parseServiceAccountKey(text: string): ServiceAccountKey {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('is not valid JSON (use the JSON key file downloaded from Google Cloud)');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new Error('is not a service-account JSON key (expected a JSON object)');
  const fields = json as Record<string, unknown>;
  if (fields.type !== 'service_account')
    throw new Error('is not a service-account key ("type" must be "service_account")');
  const field = (name: string): string | undefined =>
    typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : undefined;
  const clientEmail = field('client_email');
  if (clientEmail === undefined || !clientEmail.includes('@'))
    throw new Error('has no "client_email" (the service account\'s e-mail address)');
  const privateKey = field('private_key');
  if (privateKey === undefined) throw new Error('has no "private_key"');
  try {
    const key = createPrivateKey(privateKey);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw new Error('has a "private_key" that is not a readable RSA private key in PEM form');
  }
  const tokenUri = field('token_uri') ?? GOOGLE_TOKEN_URI;
  if (!URL.canParse(tokenUri)) throw new Error('has a "token_uri" that is not a URL');
  const privateKeyId = field('private_key_id');
  return {
    clientEmail,
    privateKey,
    ...(privateKeyId === undefined ? {} : { privateKeyId }),
    tokenUri,
  };
}

/** The signed grant assertion (RS256 JWT) for `key`, issued at `issuedAt` (seconds). */
export function signServiceAccountAssertion(
  key: ServiceAccountKey,
  issuedAt: number,
  privateKey: KeyObject = createPrivateKey(key.privateKey),
): string {
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(key.privateKeyId === undefined ? {} : { kid: key.privateKeyId }),
  };
  const claims = {
    iss: key.clientEmail,
    scope: MERCHANT_SCOPE,
    aud: key.tokenUri,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_LIFETIME_SECONDS,
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(privateKey);
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** Pino-compatible subset. */
export interface MerchantLog {
  debug(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface AccessTokenSourceOptions {
  key: ServiceAccountKey;
  /** Timeout of the token request. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock in milliseconds (tests). */
  now?: () => number;
  log?: MerchantLog;
}

export interface AccessTokenSource {
  /** A valid access token: the cached one, or a new one (concurrent callers share one request). */
  getToken(): Promise<string>;
  /**
   * Forgets the cached token after Google refused it (a 401), so the next getToken asks for a
   * new one. With `token`, only when that is still the cached one: of several calls refused
   * together, only the first causes a new grant.
   */
  invalidate(token?: string): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the owner can do about each token endpoint refusal (error codes of RFC 6749 §5.2). */
function credentialsMessage(error: string, description: string | undefined): string {
  const google = description === undefined ? error : `${error}: ${description}`;
  if (error === 'invalid_grant')
    return `Google refused the service-account key (${google}). Check that GOOGLE_MERCHANT_KEY_FILE is a current key of the service account (a key deleted in Google Cloud stops working) and that the server's clock is right.`;
  if (error === 'invalid_client' || error === 'unauthorized_client')
    return `Google refused the service account (${google}). Check that the service account in GOOGLE_MERCHANT_KEY_FILE still exists and is enabled.`;
  return `Google's token endpoint refused the service-account key (${google}).`;
}

export function createAccessTokenSource(options: AccessTokenSourceOptions): AccessTokenSource {
  const { key, log } = options;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const privateKey = createPrivateKey(key.privateKey);
  let cached: { token: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    const startedAt = now();
    const assertion = signServiceAccountAssertion(key, Math.floor(startedAt / 1000), privateKey);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(key.tokenUri, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        log?.warn({ merchant: 'token', reason: 'timeout' }, 'Google token request timed out');
        throw new GoogleMerchantError(
          'timeout',
          `Google's token endpoint did not answer within ${timeoutMs / 1000} s.`,
        );
      }
      const message = error instanceof Error ? error.message : String(error);
      log?.warn(
        { merchant: 'token', reason: 'network', error: message },
        'Google token request failed',
      );
      throw new GoogleMerchantError(
        'unavailable',
        `Could not reach Google's token endpoint (${message}).`,
        { detail: message },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (
      response.ok &&
      isRecord(body) &&
      typeof body.access_token === 'string' &&
      body.access_token !== ''
    ) {
      const expiresInSeconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      cached = {
        token: body.access_token,
        refreshAt: startedAt + expiresInSeconds * 1000 - REFRESH_MARGIN_MS,
      };
      log?.debug({ merchant: 'token', expiresInSeconds }, 'Google access token obtained');
      return body.access_token;
    }
    const error = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
    const description =
      isRecord(body) && typeof body.error_description === 'string'
        ? body.error_description.slice(0, 300)
        : undefined;
    log?.warn(
      { merchant: 'token', status: response.status, error, description },
      'Google token request refused',
    );
    if (response.status >= 500 || response.status === 429)
      throw new GoogleMerchantError(
        'unavailable',
        `Google's token endpoint answered HTTP ${response.status}.`,
        { status: response.status, detail: `HTTP ${response.status}` },
      );
    if (error === undefined)
      throw new GoogleMerchantError(
        'credentials',
        `Google's token endpoint answered HTTP ${response.status} without an access token. Check the "token_uri" of GOOGLE_MERCHANT_KEY_FILE.`,
        { status: response.status, detail: `HTTP ${response.status} without an access token from ${key.tokenUri}` },
      );
    throw new GoogleMerchantError('credentials', credentialsMessage(error, description), {
      status: response.status,
      reason: error,
      detail: description === undefined ? error : `${error}: ${description}`,
    });
  }

  return {
    getToken() {
      if (cached !== undefined && now() < cached.refreshAt) return Promise.resolve(cached.token);
      pending ??= requestToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (token === undefined || cached?.token === token) cached = undefined;
    },
  };
}
