import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * A real OpenID provider on the loopback interface for tests (and local runs without Google):
 * discovery document, JWKS, an auto-consenting /authorize and a strict /token endpoint that
 * checks client authentication, the code (single use), redirect_uri and the PKCE verifier, and
 * answers with an RS256 ID token. Never used by product code.
 */

/**
 * Cookie naming the account a browser is "signed in to Google" as: the claims as base64url JSON
 * (see browserAccountCookieValue). /authorize consents as it, else as setBrowserIdentity's
 * identity. Like Google's own cookies it belongs to one browser, so browser tests running side by
 * side each sign in as their own person.
 */
export const BROWSER_ACCOUNT_COOKIE = 'fake_google_account';

/** The BROWSER_ACCOUNT_COOKIE value that makes /authorize consent as `claims`. */
export function browserAccountCookieValue(claims: FakeIdentityClaims): string {
  return Buffer.from(JSON.stringify(claims)).toString('base64url');
}

/** The person the ID token describes; any extra claim is passed through. */
export interface FakeIdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  [claim: string]: unknown;
}

/** A deliberately broken ID token, to prove the client refuses it. */
export type IdTokenDefect = 'wrong-signature' | 'wrong-audience' | 'wrong-issuer' | 'expired' | 'wrong-nonce';

export interface IssueCodeInput {
  claims: FakeIdentityClaims;
  /** The S256 code_challenge of the authorization request. */
  codeChallenge: string;
  redirectUri: string;
  /** The nonce of the authorization request, echoed in the ID token. */
  nonce: string;
  /** Defaults to the provider's client. */
  clientId?: string;
  defect?: IdTokenDefect;
}

export interface FakeOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Simulates the user consenting: returns a fresh authorization code. */
  issueCode(input: IssueCodeInput): string;
  /**
   * Reads challenge, nonce, redirect_uri, client_id and state from an authorization URL of this
   * provider and consents to it, as the consent page would.
   */
  consent(
    authorizationUrl: string,
    claims: FakeIdentityClaims,
    options?: { defect?: IdTokenDefect },
  ): { code: string; state: string };
  /**
   * Who /authorize signs in as when the browser has no BROWSER_ACCOUNT_COOKIE (for browser tests);
   * undefined: /authorize answers access_denied, as when the person cancels at the consent page.
   */
  setBrowserIdentity(claims: FakeIdentityClaims | undefined): void;
  /** Token endpoint calls so far, successful or not. */
  readonly tokenRequests: number;
  close(): Promise<void>;
}

interface IssuedCode {
  claims: FakeIdentityClaims;
  codeChallenge: string;
  redirectUri: string;
  nonce: string;
  clientId: string;
  defect: IdTokenDefect | undefined;
  expiresAt: number;
  used: boolean;
}

const CODE_TTL_MS = 60_000;
const ID_TOKEN_TTL_SECONDS = 3600;
const KEY_ID = 'fake-provider-key';

const sha256Base64Url = (text: string) => createHash('sha256').update(text).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The claims of the browser's BROWSER_ACCOUNT_COOKIE; undefined without the cookie, 'malformed'
 * when it does not hold claims with a subject (a broken test setup, answered loudly).
 */
function browserAccount(request: IncomingMessage): FakeIdentityClaims | 'malformed' | undefined {
  const cookie = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${BROWSER_ACCOUNT_COOKIE}=`));
  if (cookie === undefined) return undefined;
  try {
    const claims: unknown = JSON.parse(
      Buffer.from(cookie.slice(BROWSER_ACCOUNT_COOKIE.length + 1), 'base64url').toString('utf8'),
    );
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return 'malformed';
    const subject: unknown = (claims as Record<string, unknown>).sub;
    return typeof subject === 'string' && subject !== '' ? (claims as FakeIdentityClaims) : 'malformed';
  } catch {
    return 'malformed';
  }
}

/** client_secret_basic (form-encoded parts, RFC 6749 2.3.1) or client_secret_post. */
function clientCredentials(
  request: IncomingMessage,
  form: URLSearchParams,
): { clientId: string; clientSecret: string } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) return undefined;
    return {
      clientId: decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' ')),
      clientSecret: decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, ' ')),
    };
  }
  const clientId = form.get('client_id');
  const clientSecret = form.get('client_secret');
  return clientId !== null && clientSecret !== null ? { clientId, clientSecret } : undefined;
}

export async function startFakeOpenIdProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeOpenIdProvider> {
  const clientId = options.clientId ?? 'fake-client-id.apps.example';
  const clientSecret = options.clientSecret ?? randomBytes(18).toString('base64url');
  const signingKeys = await generateKeyPair('RS256');
  // Same key id, different key: a token signed with it must fail signature verification.
  const impostorKeys = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(signingKeys.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };

  const codes = new Map<string, IssuedCode>();
  let tokenRequests = 0;
  let browserIdentity: FakeIdentityClaims | undefined;
  let issuer = '';

  function issueCode(input: IssueCodeInput): string {
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      claims: input.claims,
      codeChallenge: input.codeChallenge,
      redirectUri: input.redirectUri,
      nonce: input.nonce,
      clientId: input.clientId ?? clientId,
      defect: input.defect,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    return code;
  }

  async function idTokenFor(grant: IssuedCode): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = grant.defect === 'expired' ? now - 2 * ID_TOKEN_TTL_SECONDS : now;
    const key: CryptoKey = grant.defect === 'wrong-signature' ? impostorKeys.privateKey : signingKeys.privateKey;
    return new SignJWT({
      email_verified: false,
      ...grant.claims,
      nonce: grant.defect === 'wrong-nonce' ? 'not-the-requested-nonce' : grant.nonce,
      azp: grant.clientId,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(grant.defect === 'wrong-issuer' ? 'https://impostor.example' : issuer)
      .setAudience(grant.defect === 'wrong-audience' ? 'another-client.apps.example' : grant.clientId)
      .setSubject(grant.claims.sub)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ID_TOKEN_TTL_SECONDS)
      .sign(key);
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    tokenRequests += 1;
    const form = new URLSearchParams(await readBody(request));
    const credentials = clientCredentials(request, form);
    if (
      !credentials ||
      !sameText(credentials.clientId, clientId) ||
      !sameText(credentials.clientSecret, clientSecret)
    ) {
      sendJson(response, 401, { error: 'invalid_client' });
      return;
    }
    if (form.get('grant_type') !== 'authorization_code') {
      sendJson(response, 400, { error: 'unsupported_grant_type' });
      return;
    }
    const grant = codes.get(form.get('code') ?? '');
    const invalidGrant = (description: string) =>
      sendJson(response, 400, { error: 'invalid_grant', error_description: description });
    if (!grant || grant.expiresAt < Date.now()) return invalidGrant('unknown or expired code');
    if (grant.used) return invalidGrant('code already used');
    grant.used = true;
    if (grant.clientId !== credentials.clientId) return invalidGrant('code issued to another client');
    if (form.get('redirect_uri') !== grant.redirectUri) return invalidGrant('redirect_uri mismatch');
    const verifier = form.get('code_verifier');
    if (!verifier || sha256Base64Url(verifier) !== grant.codeChallenge) {
      return invalidGrant('PKCE verification failed');
    }
    sendJson(response, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'openid email profile',
      id_token: await idTokenFor(grant),
    });
  }

  /** Auto-consent as the browser's account, like Google's page after the user picks an account. */
  function authorize(url: URL, request: IncomingMessage, response: ServerResponse): void {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    const account = browserAccount(request);
    if (
      params.get('client_id') !== clientId ||
      !redirectUri ||
      !URL.canParse(redirectUri) ||
      account === 'malformed'
    ) {
      sendJson(response, 400, { error: 'invalid_request' });
      return;
    }
    const identity = account ?? browserIdentity;
    const target = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    if (
      !identity ||
      params.get('response_type') !== 'code' ||
      params.get('code_challenge_method') !== 'S256' ||
      !challenge
    ) {
      target.searchParams.set('error', identity ? 'invalid_request' : 'access_denied');
    } else {
      target.searchParams.set(
        'code',
        issueCode({
          claims: identity,
          codeChallenge: challenge,
          redirectUri,
          nonce: params.get('nonce') ?? '',
        }),
      );
    }
    response.writeHead(302, { location: target.href, 'cache-control': 'no-store' });
    response.end();
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const route = `${request.method ?? 'GET'} ${url.pathname}`;
    const handle = async () => {
      switch (route) {
        case 'GET /.well-known/openid-configuration':
          return sendJson(response, 200, {
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            scopes_supported: ['openid', 'email', 'profile'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
            code_challenge_methods_supported: ['S256'],
            grant_types_supported: ['authorization_code'],
          });
        case 'GET /jwks':
          return sendJson(response, 200, { keys: [publicJwk] });
        case 'GET /authorize':
          return authorize(url, request, response);
        case 'POST /token':
          return token(request, response);
        default:
          return sendJson(response, 404, { error: 'not_found' });
      }
    };
    handle().catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'server_error' });
      else response.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    issueCode,
    consent(authorizationUrl, claims, consentOptions = {}) {
      const params = new URL(authorizationUrl).searchParams;
      const read = (name: string) => {
        const value = params.get(name);
        if (value === null) throw new Error(`authorization URL has no ${name}`);
        return value;
      };
      const code = issueCode({
        claims,
        codeChallenge: read('code_challenge'),
        redirectUri: read('redirect_uri'),
        nonce: read('nonce'),
        clientId: read('client_id'),
        ...(consentOptions.defect ? { defect: consentOptions.defect } : {}),
      });
      return { code, state: read('state') };
    },
    setBrowserIdentity(claims) {
      browserIdentity = claims;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
