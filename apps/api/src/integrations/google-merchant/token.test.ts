import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMerchant, type FakeMerchant } from './fake-merchant.js';
import {
  createAccessTokenSource,
  MERCHANT_SCOPE,
  parseServiceAccountKey,
  type ServiceAccountKey,
} from './token.js';
import { GoogleMerchantError } from './types.js';

interface TokenRequest {
  url: string;
  contentType: string | null;
  assertion: string;
  grantType: string | null;
}

/** fetch that records what is posted to the token endpoint and passes everything on. */
function recordingFetch(requests: TokenRequest[]): typeof fetch {
  return async (input, init) => {
    const body = new URLSearchParams(String(init?.body ?? ''));
    requests.push({
      url: String(input),
      contentType: new Headers(init?.headers).get('content-type'),
      assertion: body.get('assertion') ?? '',
      grantType: body.get('grant_type'),
    });
    return fetch(input, init);
  };
}

const decodePart = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

function otherPrivateKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

async function apiStatus(fake: FakeMerchant, token: string): Promise<number> {
  const response = await fetch(`${fake.url}/accounts/v1/accounts/${fake.accountId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('Google access tokens from a service-account key', () => {
  let fake: FakeMerchant;
  let clock: number;
  let requests: TokenRequest[];

  beforeEach(async () => {
    clock = Date.now();
    fake = await startFakeMerchant({ now: () => clock });
    requests = [];
  });
  afterEach(async () => {
    await fake.close();
  });

  const source = (key: ServiceAccountKey = fake.key) =>
    createAccessTokenSource({ key, fetch: recordingFetch(requests), now: () => clock });

  it('signs an RS256 JWT bearer grant that the token endpoint accepts, posted to the key’s token_uri', async () => {
    const token = await source().getToken();
    expect(token).toMatch(/^ya29\./);
    expect(await apiStatus(fake, token)).toBe(200);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(fake.key.tokenUri);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.grantType).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = (request?.assertion ?? '').split('.');
    expect(decodePart(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: fake.key.privateKeyId });
    const issuedAt = Math.floor(clock / 1000);
    expect(decodePart(claims)).toEqual({
      iss: fake.key.clientEmail,
      scope: MERCHANT_SCOPE,
      aud: fake.key.tokenUri,
      iat: issuedAt,
      exp: issuedAt + 3600,
    });
    const publicKey = createPublicKey(fake.key.privateKey);
    expect(
      verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${claims}`),
        publicKey,
        Buffer.from(signature ?? '', 'base64url'),
      ),
    ).toBe(true);
  });

  it('reports a key Google refuses as a credentials error an owner can act on, without the key', async () => {
    const wrong = { ...fake.key, privateKey: otherPrivateKey() };
    const failure = await source(wrong)
      .getToken()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GoogleMerchantError);
    expect(failure).toMatchObject({
      kind: 'credentials',
      options: { status: 400, reason: 'invalid_grant' },
    });
    const message = (failure as Error).message;
    expect(message).toContain('Invalid JWT Signature.');
    expect(message).toContain('GOOGLE_MERCHANT_KEY_FILE');
    expect(message).not.toContain('PRIVATE KEY');
    expect(message).not.toContain(requests[0]?.assertion.slice(-20));

    const stranger = await source({
      ...fake.key,
      clientEmail: 'someone@else.iam.gserviceaccount.com',
    })
      .getToken()
      .catch((error: unknown) => error);
    expect(stranger).toMatchObject({ kind: 'credentials', options: { reason: 'invalid_grant' } });
  });

  it('keeps the token until 60 seconds before it expires, then asks for a new one', async () => {
    fake.tokenLifetimeSeconds = 3600;
    const tokens = source();
    const first = await tokens.getToken();
    clock += 3600_000 - 61_000;
    expect(await tokens.getToken()).toBe(first);
    expect(requests).toHaveLength(1);
    clock += 2_000;
    const second = await tokens.getToken();
    expect(second).not.toBe(first);
    expect(requests).toHaveLength(2);
    expect(await apiStatus(fake, second)).toBe(200);
  });

  it('makes one token request for callers that ask at the same time', async () => {
    const tokens = source();
    const all = await Promise.all(Array.from({ length: 8 }, () => tokens.getToken()));
    expect(new Set(all).size).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('drops a refused token once: later refusals of that same token do not cost a new grant each', async () => {
    const tokens = source();
    const first = await tokens.getToken();
    tokens.invalidate(first);
    const second = await tokens.getToken();
    expect(second).not.toBe(first);
    expect(requests).toHaveLength(2);
    // A call that failed with the first token reports late: the new one is kept.
    tokens.invalidate(first);
    expect(await tokens.getToken()).toBe(second);
    expect(requests).toHaveLength(2);
  });

  it('tells an unreachable token endpoint and a failing one from a refused key', async () => {
    const unreachable = createAccessTokenSource({
      key: { ...fake.key, tokenUri: 'http://127.0.0.1:9/token' },
    });
    await expect(unreachable.getToken()).rejects.toMatchObject({ kind: 'unavailable' });
    const failing = createAccessTokenSource({
      key: fake.key,
      fetch: async () => new Response('{"error":"internal_failure"}', { status: 503 }),
    });
    await expect(failing.getToken()).rejects.toMatchObject({
      kind: 'unavailable',
      options: { status: 503 },
    });
    const hanging = createAccessTokenSource({
      key: fake.key,
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    await expect(hanging.getToken()).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('parseServiceAccountKey', () => {
  const privateKey = otherPrivateKey();
  const valid = {
    type: 'service_account',
    private_key_id: 'abc123',
    private_key: privateKey,
    client_email: 'sync@project.iam.gserviceaccount.com',
  };

  it('reads the fields of a Google key, with Google’s token endpoint by default', () => {
    expect(parseServiceAccountKey(JSON.stringify(valid))).toEqual({
      clientEmail: 'sync@project.iam.gserviceaccount.com',
      privateKey,
      privateKeyId: 'abc123',
      tokenUri: 'https://oauth2.googleapis.com/token',
    });
    expect(
      parseServiceAccountKey(JSON.stringify({ ...valid, token_uri: 'http://127.0.0.1:4020/token' }))
        .tokenUri,
    ).toBe('http://127.0.0.1:4020/token');
  });

  it('says what is wrong without quoting the file', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...valid, type: 'authorized_user' }, /service_account/],
      [{ ...valid, client_email: undefined }, /client_email/],
      [{ ...valid, private_key: undefined }, /private_key/],
      [{ ...valid, private_key: privateKey.slice(0, 200) }, /not a readable RSA private key/],
      [{ ...valid, token_uri: 'not a url' }, /token_uri/],
    ];
    for (const [json, message] of cases) {
      const attempt = () => parseServiceAccountKey(JSON.stringify(json));
      expect(attempt).toThrow(message);
      expect(attempt).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining('MII') }),
      );
    }
    const broken = `{"private_key": "${privateKey.slice(30, 60)}", `;
    expect(() => parseServiceAccountKey(broken)).toThrow(/not valid JSON/);
    expect(() => parseServiceAccountKey(broken)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(privateKey.slice(30, 60)) }),
    );
  });
});
