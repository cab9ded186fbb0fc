import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleMerchantClient, type GoogleMerchantClientOptions } from './client.js';
import { startFakeMerchant, type FakeMerchant } from './fake-merchant.js';
import { GoogleMerchantError, type MerchantProductInput } from './types.js';

function productInput(
  offerId: string,
  overrides: Partial<MerchantProductInput> = {},
): MerchantProductInput {
  return {
    offerId,
    contentLanguage: 'ar',
    feedLabel: 'KW',
    productAttributes: {
      title: 'مسبحة كهرمان ٣٣ حبة',
      description: 'كهرمان طبيعي & خيط حرير',
      link: `https://shop.example/products/${offerId}`,
      imageLink: `https://shop.example/uploads/products/${offerId}.jpg`,
      availability: 'IN_STOCK',
      condition: 'NEW',
      price: { amountMicros: '12500000', currencyCode: 'KWD' },
      brand: 'سبحة',
      identifierExists: false,
      productTypes: ['مسابح > كهرمان'],
    },
    ...overrides,
  };
}

interface LogEntry {
  level: 'debug' | 'warn';
  details: Record<string, unknown>;
  message: string;
}

describe('Google Merchant client against the test double', () => {
  let fake: FakeMerchant;
  let logs: LogEntry[];
  let delays: number[];
  /** Every secret that crossed the wire: tokens issued and sent, assertions posted. */
  let secrets: string[];

  beforeEach(async () => {
    fake = await startFakeMerchant();
    logs = [];
    delays = [];
    secrets = [];
  });
  afterEach(async () => {
    await fake.close();
  });

  /** fetch that remembers the secrets it carries, so the logs can be checked for them. */
  const watchingFetch: typeof fetch = async (input, init) => {
    const authorization = new Headers(init?.headers).get('authorization');
    if (authorization !== null) secrets.push(authorization.replace(/^Bearer /, ''));
    const assertion = new URLSearchParams(String(init?.body ?? '')).get('assertion');
    if (assertion !== null) secrets.push(assertion);
    const response = await fetch(input, init);
    const text = await response.clone().text();
    const token = /"access_token":"([^"]+)"/.exec(text)?.[1];
    if (token !== undefined) secrets.push(token);
    return response;
  };

  function client(overrides: Partial<GoogleMerchantClientOptions> = {}) {
    return createGoogleMerchantClient({
      accountId: fake.accountId,
      dataSource: fake.dataSource,
      key: fake.key,
      apiUrl: fake.url,
      contentLanguage: 'ar',
      feedLabel: 'KW',
      timeoutMs: 2_000,
      fetch: watchingFetch,
      log: {
        debug: (details, message) => logs.push({ level: 'debug', details, message }),
        warn: (details, message) => logs.push({ level: 'warn', details, message }),
      },
      sleep: async (ms) => {
        delays.push(ms);
      },
      ...overrides,
    });
  }

  const apiCalls = () => fake.calls.filter((call) => call.operation !== 'token');
  const tokenCalls = () => fake.calls.filter((call) => call.operation === 'token');

  async function failureOf(promise: Promise<unknown>): Promise<GoogleMerchantError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(GoogleMerchantError);
    return error as GoogleMerchantError;
  }

  it('tests the connection: the account’s name', async () => {
    await expect(client().getAccount()).resolves.toEqual({
      name: `accounts/${fake.accountId}`,
      accountId: fake.accountId,
      accountName: 'متجر السبح (test double)',
    });
    expect(tokenCalls()).toHaveLength(1);
  });

  it('inserts (replacing) and deletes a product input, with one token for all the calls', async () => {
    const merchant = client();
    await expect(merchant.insertProductInput(productInput('42'))).resolves.toEqual({
      name: `accounts/${fake.accountId}/productInputs/ar~KW~42`,
    });
    await merchant.insertProductInput(
      productInput('42', {
        productAttributes: { ...productInput('42').productAttributes, title: 'New title' },
      }),
    );
    expect(fake.products.size).toBe(1);
    expect(fake.productInput('42')?.productAttributes.title).toBe('New title');
    await merchant.deleteProductInput('42');
    expect(fake.products.size).toBe(0);
    expect(tokenCalls()).toHaveLength(1);
    expect(apiCalls().map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual([
      `POST /products/v1/accounts/${fake.accountId}/productInputs:insert`,
      `POST /products/v1/accounts/${fake.accountId}/productInputs:insert`,
      `DELETE /products/v1/accounts/${fake.accountId}/productInputs/ar~KW~42`,
    ]);
    expect(new URL(apiCalls()[0]?.path ?? '', fake.url).searchParams.get('dataSource')).toBe(
      fake.dataSource,
    );
  });

  it('addresses offer ids with reserved characters as unpadded base64url of lang~label~offerId', async () => {
    const merchant = client();
    const { name } = await merchant.insertProductInput(productInput('SKU/1.5+x'));
    const encoded = Buffer.from('ar~KW~SKU/1.5+x').toString('base64url');
    expect(name).toBe(`accounts/${fake.accountId}/productInputs/${encoded}`);
    await merchant.deleteProductInput('SKU/1.5+x');
    expect(apiCalls().at(-1)?.path).toContain(`/productInputs/${encoded}?`);
    expect(fake.products.size).toBe(0);
  });

  it('reports a product Google does not have as not_found', async () => {
    const error = await failureOf(client().deleteProductInput('missing'));
    expect(error).toMatchObject({ kind: 'not_found', options: { status: 404 } });
  });

  it('reports an unregistered Cloud project without asking for a new token', async () => {
    fake.mode = 'unregistered';
    const error = await failureOf(client().getAccount());
    expect(error.kind).toBe('unregistered');
    expect(error.options.status).toBe(401);
    expect(error.message).toContain('is not registered with the merchant account');
    expect(tokenCalls()).toHaveLength(1);
    expect(apiCalls()).toHaveLength(1);
  });

  it('reports a key Google refuses (another private key) as credentials', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const error = await failureOf(
      client({ key: { ...fake.key, privateKey: otherKey } }).getAccount(),
    );
    expect(error).toMatchObject({
      kind: 'credentials',
      options: { reason: 'invalid_grant', detail: 'invalid_grant: Invalid JWT Signature.' },
    });
    expect(apiCalls()).toHaveLength(0);
  });

  it('asks for a new token once when Google refuses one, and goes on with it', async () => {
    const merchant = client();
    await merchant.getAccount();
    fake.revokeTokens();
    await expect(merchant.getAccount()).resolves.toMatchObject({ accountId: fake.accountId });
    expect(tokenCalls()).toHaveLength(2);
    expect(apiCalls().map((call) => call.status)).toEqual([200, 401, 200]);
  });

  it('gives up as credentials when the new token is refused too (only one refresh)', async () => {
    fake.tokenLifetimeSeconds = 0;
    const error = await failureOf(client().getAccount());
    expect(error).toMatchObject({ kind: 'credentials', options: { status: 401 } });
    expect(tokenCalls()).toHaveLength(2);
    expect(apiCalls()).toHaveLength(2);
  });

  it('reports a service account that is not a user of the account as not_user', async () => {
    fake.mode = 'not_user';
    const error = await failureOf(client().getAccount());
    expect(error).toMatchObject({ kind: 'not_user', options: { status: 403 } });
    expect(error.message).toContain(
      `The caller does not have access to the accounts: [${fake.accountId}]`,
    );
    const otherAccount = await failureOf(client({ accountId: '999' }).getAccount());
    expect(otherAccount.kind).toBe('not_user');
  });

  it('reports a field Google refused, with the field', async () => {
    fake.refuseOffer('7', 'product_attributes.gtins', 'The GTIN is not valid.');
    const refused = await failureOf(client().insertProductInput(productInput('7')));
    expect(refused).toMatchObject({
      kind: 'invalid_field',
      options: { status: 400, field: 'product_attributes.gtins' },
    });
    expect(refused.message).toContain('The GTIN is not valid.');

    const v1beta = { ...productInput('8'), attributes: {} } as MerchantProductInput;
    const unknown = await failureOf(client().insertProductInput(v1beta));
    expect(unknown).toMatchObject({ kind: 'invalid_field', options: { field: 'attributes' } });
    expect(unknown.message).toContain('Unknown name "attributes"');

    const feedSpelling = productInput('9');
    (feedSpelling.productAttributes as { availability: string }).availability = 'in stock';
    await expect(client().insertProductInput(feedSpelling)).rejects.toMatchObject({
      kind: 'invalid_field',
      options: { field: 'product_attributes.availability' },
    });
    expect(apiCalls()).toHaveLength(3);
  });

  it('retries a 429 after the Retry-After Google sent, then succeeds', async () => {
    fake.failNext('429', 1);
    await expect(client().getAccount()).resolves.toMatchObject({ accountId: fake.accountId });
    expect(apiCalls().map((call) => call.status)).toEqual([429, 200]);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('reports quota after four tries of 429, backing off in between', async () => {
    fake.failNext('429', 10);
    fake.retryAfterSeconds = null;
    const error = await failureOf(client({ retry: { baseDelayMs: 100 } }).getAccount());
    expect(error).toMatchObject({ kind: 'quota', options: { status: 429 } });
    expect(apiCalls()).toHaveLength(4);
    expect(delays).toHaveLength(3);
    // Exponential with jitter: each within [50%, 100%] of 100, 200, 400 ms.
    delays.forEach((delay, retry) => {
      expect(delay).toBeGreaterThanOrEqual(50 * 2 ** retry);
      expect(delay).toBeLessThanOrEqual(100 * 2 ** retry);
    });
  });

  it('does not wait for a Retry-After longer than it would ever wait', async () => {
    fake.failNext('429', 10);
    fake.retryAfterSeconds = 3600;
    const error = await failureOf(client().getAccount());
    expect(error.kind).toBe('quota');
    expect(apiCalls()).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries 5xx and reports unavailable when Google keeps failing', async () => {
    fake.failNext('500', 2);
    await expect(client().insertProductInput(productInput('1'))).resolves.toBeDefined();
    expect(apiCalls().map((call) => call.status)).toEqual([500, 500, 200]);

    fake.failNext('503', 10);
    const error = await failureOf(client().insertProductInput(productInput('2')));
    expect(error).toMatchObject({
      kind: 'unavailable',
      options: { status: 503, detail: 'The service is currently unavailable.' },
    });
    expect(apiCalls()).toHaveLength(3 + 4);
  });

  it('retries a connection that fails and then reports unavailable', async () => {
    const error = await failureOf(client({ apiUrl: 'http://127.0.0.1:9' }).getAccount());
    expect(error.kind).toBe('unavailable');
    expect(error.options.status).toBeUndefined();
    expect(error.options.detail).toMatch(/fetch failed/);
    expect(delays).toHaveLength(3);
  });

  it('times out a call that gets no answer, without retrying it', async () => {
    fake.delayMs = 1_000;
    const startedAt = Date.now();
    const error = await failureOf(client({ timeoutMs: 150 }).getAccount());
    expect(error.kind).toBe('timeout');
    expect(Date.now() - startedAt).toBeLessThan(900);
    expect(apiCalls()).toHaveLength(1);
  });

  it('makes one insert per product for a bulk of 150, a few at a time', async () => {
    const merchant = client();
    const offerIds = Array.from({ length: 150 }, (_, index) => String(index + 1));
    const queue = [...offerIds];
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        for (let offerId = queue.shift(); offerId !== undefined; offerId = queue.shift())
          await merchant.insertProductInput(productInput(offerId));
      }),
    );
    expect(apiCalls().filter((call) => call.operation === 'insert')).toHaveLength(150);
    expect(fake.products.size).toBe(150);
    expect(tokenCalls()).toHaveLength(1);
  });

  it('logs calls and failures without the key, the assertion or any token', async () => {
    const merchant = client();
    await merchant.getAccount();
    fake.revokeTokens();
    await merchant.insertProductInput(productInput('5'));
    fake.refuseOffer('6', 'product_attributes.title', 'Too long.');
    await merchant.insertProductInput(productInput('6')).catch(() => undefined);
    fake.mode = 'unregistered';
    await merchant.getAccount().catch(() => undefined);
    const badKey = client({
      key: {
        ...fake.key,
        privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      },
    });
    await badKey.getAccount().catch(() => undefined);

    expect(logs.some((entry) => entry.level === 'debug')).toBe(true);
    expect(logs.filter((entry) => entry.level === 'warn').length).toBeGreaterThanOrEqual(3);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const logged = JSON.stringify(logs);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toContain('PRIVATE KEY');
    expect(logged).not.toContain(fake.key.privateKey.split('\n')[1]);
    expect(logged).not.toMatch(/ya29\./);
  });
});
