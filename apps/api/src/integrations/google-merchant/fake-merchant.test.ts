import { createSign, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMerchant, type FakeMerchant } from './fake-merchant.js';
import { MERCHANT_SCOPE, parseServiceAccountKey } from './token.js';

const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A JWT with any header and claims, signed with `privateKey` (RS256). */
function jwt(header: object, claims: object, privateKey: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url')}`;
}

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function validInput(offerId: string): Record<string, unknown> {
  return {
    offerId,
    contentLanguage: 'ar',
    feedLabel: 'KW',
    productAttributes: {
      title: 'سبحة يسر',
      link: `https://shop.example/products/${offerId}`,
      imageLink: `https://shop.example/uploads/${offerId}.jpg`,
      availability: 'IN_STOCK',
      condition: 'NEW',
      price: { amountMicros: '12500000', currencyCode: 'KWD' },
      gtins: ['6281234567890'],
    },
  };
}

describe('Google Merchant test double', () => {
  let fake: FakeMerchant;

  beforeEach(async () => {
    fake = await startFakeMerchant();
  });
  afterEach(async () => {
    await fake.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const claims = (overrides: Record<string, unknown> = {}) => ({
    iss: fake.key.clientEmail,
    scope: MERCHANT_SCOPE,
    aud: fake.key.tokenUri,
    iat: now(),
    exp: now() + 3600,
    ...overrides,
  });
  const grant = (assertion: string) =>
    postForm(fake.key.tokenUri, { grant_type: GRANT, assertion });

  async function token(): Promise<string> {
    const { body } = await grant(jwt({ alg: 'RS256', typ: 'JWT' }, claims(), fake.key.privateKey));
    return body.access_token as string;
  }

  async function api(
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const response = await fetch(`${fake.url}${path}`, {
      method,
      headers: {
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  }

  const insertPath = () =>
    `/products/v1/accounts/${fake.accountId}/productInputs:insert?dataSource=${encodeURIComponent(fake.dataSource)}`;

  it('writes a service-account key whose token_uri is the double, removed on close', async () => {
    const key = parseServiceAccountKey(readFileSync(fake.keyFile, 'utf8'));
    expect(key).toEqual(fake.key);
    expect(key.tokenUri).toBe(`${fake.url}/token`);
    const other = await startFakeMerchant();
    expect(other.key.privateKey).not.toBe(fake.key.privateKey);
    await other.close();
    expect(existsSync(other.keyFile)).toBe(false);
  });

  it('issues an access token for a correctly signed grant, with expires_in', async () => {
    fake.tokenLifetimeSeconds = 120;
    const { status, body } = await grant(
      jwt({ alg: 'RS256', typ: 'JWT', kid: fake.key.privateKeyId }, claims(), fake.key.privateKey),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 120 });
    expect(body.access_token).toMatch(/^ya29\./);
  });

  it('refuses grants the way Google’s token endpoint does', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const sign = (overrides: Record<string, unknown>, key = fake.key.privateKey) =>
      jwt({ alg: 'RS256', typ: 'JWT' }, claims(overrides), key);
    const cases: Array<
      [Promise<{ status: number; body: Record<string, unknown> }>, string, RegExp]
    > = [
      [
        postForm(fake.key.tokenUri, { grant_type: 'password', assertion: sign({}) }),
        'unsupported_grant_type',
        /grant_type/,
      ],
      [grant('not.a.jwt'), 'invalid_grant', /not a JWT/],
      [grant(sign({}, otherKey)), 'invalid_grant', /^Invalid JWT Signature\.$/],
      [
        grant(jwt({ alg: 'RS256', kid: 'other-key' }, claims(), fake.key.privateKey)),
        'invalid_grant',
        /Signature/,
      ],
      [grant(jwt({ alg: 'HS256' }, claims(), fake.key.privateKey)), 'invalid_grant', /Signature/],
      [
        grant(sign({ iss: 'someone@else.iam.gserviceaccount.com' })),
        'invalid_grant',
        /account not found/,
      ],
      [grant(sign({ aud: 'https://oauth2.googleapis.com/token' })), 'invalid_grant', /audience/],
      [grant(sign({ scope: 'https://www.googleapis.com/auth/drive' })), 'invalid_scope', /scope/],
      [grant(sign({ exp: now() + 7200 })), 'invalid_grant', /short-lived token/],
      [grant(sign({ iat: now() - 7200, exp: now() - 3600 })), 'invalid_grant', /short-lived token/],
      [
        grant(sign({ iat: now() + 3600, exp: now() + 7200 })),
        'invalid_grant',
        /reasonable timeframe/,
      ],
    ];
    for (const [request, error, description] of cases) {
      const { status, body } = await request;
      expect(status).toBe(400);
      expect(body.error).toBe(error);
      expect(body.error_description).toMatch(description);
    }
    const wrongType = await fetch(fake.key.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: GRANT, assertion: sign({}) }),
    });
    expect(wrongType.status).toBe(400);
  });

  it('answers API calls without a valid, unexpired token with 401 UNAUTHENTICATED', async () => {
    const accountPath = `/accounts/v1/accounts/${fake.accountId}`;
    const missing = await api('GET', accountPath);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect((await api('GET', accountPath, { token: 'ya29.invented' })).status).toBe(401);
    fake.tokenLifetimeSeconds = 0;
    expect((await api('GET', accountPath, { token: await token() })).status).toBe(401);
    fake.tokenLifetimeSeconds = 3599;
    const valid = await token();
    expect((await api('GET', accountPath, { token: valid })).body).toMatchObject({
      name: `accounts/${fake.accountId}`,
      accountId: fake.accountId,
    });
    fake.revokeTokens();
    expect((await api('GET', accountPath, { token: valid })).status).toBe(401);
  });

  it('checks the account in the path and the data source in the query', async () => {
    const valid = await token();
    const other = await api('GET', '/accounts/v1/accounts/1', { token: valid });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: 'The caller does not have access to the accounts: [1]',
    });
    const notNumber = await api('GET', '/accounts/v1/accounts/abcd', { token: valid });
    expect(notNumber.status).toBe(400);
    const base = `/products/v1/accounts/${fake.accountId}/productInputs:insert`;
    const noSource = await api('POST', base, { token: valid, body: validInput('1') });
    expect(noSource.status).toBe(400);
    expect(JSON.stringify(noSource.body)).toContain('data_source');
    const wrongSource = await api(
      'POST',
      `${base}?dataSource=accounts/${fake.accountId}/dataSources/1`,
      {
        token: valid,
        body: validInput('1'),
      },
    );
    expect(wrongSource.status).toBe(400);
    expect(fake.products.size).toBe(0);
  });

  it('validates a ProductInput like v1: required fields, v1 names and enums, integer micros', async () => {
    const valid = await token();
    const attributes = validInput('1').productAttributes as Record<string, unknown>;
    const refused: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...validInput('1'), offerId: undefined }, /offer_id/],
      [{ ...validInput('1'), contentLanguage: undefined }, /content_language/],
      [{ ...validInput('1'), feedLabel: 'kw' }, /feed_label/],
      [{ ...validInput('1'), productAttributes: undefined }, /product_attributes/],
      [
        { ...validInput('1'), attributes },
        /Unknown name "attributes" at 'product_input': Cannot find field\./,
      ],
      [{ ...validInput('1'), channel: 'ONLINE' }, /Unknown name "channel"/],
      [
        { ...validInput('1'), productAttributes: { ...attributes, gtin: '6281234567890' } },
        /Unknown name "gtin" at 'product_input\.product_attributes'/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, title: undefined } },
        /product_attributes\.title/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, link: 'shop.example/x' } },
        /product_attributes\.link/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, imageLink: undefined } },
        /product_attributes\.image_link/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, price: undefined } },
        /product_attributes\.price/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, availability: 'in stock' } },
        /Invalid value at 'product_input\.product_attributes\.availability'/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, availability: 'in_stock' } },
        /availability/,
      ],
      [{ ...validInput('1'), productAttributes: { ...attributes, condition: 'new' } }, /condition/],
      [
        {
          ...validInput('1'),
          productAttributes: {
            ...attributes,
            price: { amountMicros: '12499999.999', currencyCode: 'KWD' },
          },
        },
        /amount_micros/,
      ],
      [
        {
          ...validInput('1'),
          productAttributes: { ...attributes, price: { amountMicros: 12.5, currencyCode: 'KWD' } },
        },
        /amount_micros/,
      ],
      [
        {
          ...validInput('1'),
          productAttributes: {
            ...attributes,
            price: { amountMicros: '12500000', currencyCode: 'KD' },
          },
        },
        /currency_code/,
      ],
      [
        { ...validInput('1'), productAttributes: { ...attributes, gtins: '6281234567890' } },
        /gtins/,
      ],
    ];
    for (const [body, message] of refused) {
      const answer = await api('POST', insertPath(), { token: valid, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect((answer.body.error as { message: string }).message, JSON.stringify(body)).toMatch(
        message,
      );
    }
    expect(fake.products.size).toBe(0);

    const stored = await api('POST', insertPath(), { token: valid, body: validInput('1') });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      name: `accounts/${fake.accountId}/productInputs/ar~KW~1`,
      product: `accounts/${fake.accountId}/products/ar~KW~1`,
      offerId: '1',
    });
    expect(fake.productInput('1')?.productAttributes.price).toEqual({
      amountMicros: '12500000',
      currencyCode: 'KWD',
    });
  });

  it('deletes a stored input by lang~label~offerId or its base64url form, 404 when absent', async () => {
    const valid = await token();
    const query = `?dataSource=${encodeURIComponent(fake.dataSource)}`;
    const base = `/products/v1/accounts/${fake.accountId}/productInputs`;
    await api('POST', insertPath(), { token: valid, body: validInput('1') });
    await api('POST', insertPath(), { token: valid, body: validInput('a/b') });
    expect(fake.products.size).toBe(2);
    expect((await api('DELETE', `${base}/ar~KW~1${query}`, { token: valid })).status).toBe(200);
    const encoded = Buffer.from('ar~KW~a/b').toString('base64url');
    expect((await api('DELETE', `${base}/${encoded}${query}`, { token: valid })).status).toBe(200);
    expect(fake.products.size).toBe(0);
    const absent = await api('DELETE', `${base}/ar~KW~1${query}`, { token: valid });
    expect(absent.status).toBe(404);
    expect(absent.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it('switches: unregistered project, not a user, 429 with Retry-After, 5xx, refused offers', async () => {
    const valid = await token();
    const accountPath = `/accounts/v1/accounts/${fake.accountId}`;
    fake.mode = 'unregistered';
    const unregistered = await api('GET', accountPath, { token: valid });
    expect(unregistered.status).toBe(401);
    expect(unregistered.body.error).toMatchObject({ status: 'UNAUTHENTICATED' });
    expect(String((unregistered.body.error as { message: string }).message)).toMatch(
      /^GCP project with id \S+ and number \d+ is not registered with the merchant account\./,
    );
    fake.mode = 'not_user';
    const notUser = await api('GET', accountPath, { token: valid });
    expect(notUser.status).toBe(403);
    expect(JSON.stringify(notUser.body)).toContain('PERMISSION_DENIED_ACCOUNTS');
    fake.mode = 'ok';

    fake.failNext('429', 2);
    const limited = await api('GET', accountPath, { token: valid });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    expect((await api('GET', accountPath, { token: valid })).status).toBe(429);
    expect((await api('GET', accountPath, { token: valid })).status).toBe(200);
    fake.failNext('503');
    expect((await api('GET', accountPath, { token: valid })).body.error).toMatchObject({
      code: 503,
      status: 'UNAVAILABLE',
    });
    fake.failNext('500');
    expect((await api('GET', accountPath, { token: valid })).status).toBe(500);

    fake.refuseOffer('7', 'product_attributes.gtins', 'The GTIN is not valid.');
    const refused = await api('POST', insertPath(), { token: valid, body: validInput('7') });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: '[product_attributes.gtins] The GTIN is not valid.',
      details: [
        expect.objectContaining({
          metadata: expect.objectContaining({ FIELD_LOCATION: 'product_attributes.gtins' }),
        }),
      ],
    });
    fake.acceptOffer('7');
    expect((await api('POST', insertPath(), { token: valid, body: validInput('7') })).status).toBe(
      200,
    );

    fake.delayMs = 200;
    const startedAt = Date.now();
    await api('GET', accountPath, { token: valid });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(190);
  });

  it('logs each call (method, path, status, time) without tokens', async () => {
    const valid = await token();
    await api('GET', `/accounts/v1/accounts/${fake.accountId}`, { token: valid });
    await api('POST', insertPath(), { token: valid, body: validInput('3') });
    expect(fake.calls.map((call) => [call.operation, call.method, call.status])).toEqual([
      ['token', 'POST', 200],
      ['getAccount', 'GET', 200],
      ['insert', 'POST', 200],
    ]);
    expect(fake.calls[2]).toMatchObject({ offerId: '3', path: insertPath() });
    expect(fake.calls.every((call) => typeof call.at === 'number')).toBe(true);
    expect(JSON.stringify(fake.calls)).not.toContain(valid);
  });
});
