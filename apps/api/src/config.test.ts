import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.uploadsDir).toBe(path.join(path.resolve('./data'), 'uploads'));
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://shop.example.com');
  });

  it('fails fast naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('trusts no proxy unless told, then hops, addresses or keywords', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('closes slow connections by default, with timeouts that can be tuned but not turned off', () => {
    expect(loadConfig({}).timeouts).toEqual({
      connectionMs: 30_000,
      requestMs: 120_000,
      headersMs: 20_000,
      keepAliveMs: 5_000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '300', KEEP_ALIVE_TIMEOUT_SECONDS: '0.5' }).timeouts)
      .toMatchObject({ requestMs: 300_000, keepAliveMs: 500 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ CONNECTION_TIMEOUT_SECONDS: 'never' })).toThrow(/CONNECTION_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }))
      .toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: '90' })).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
  });

  it('serves the API reference page outside production unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('turns online payment on only with a UPayments key, on the sandbox unless told, over https', () => {
    expect(loadConfig({}).upayments).toBeUndefined();
    expect(loadConfig({}).paymentTimeoutMs).toBe(30 * 60_000);
    expect(loadConfig({ UPAYMENTS_API_KEY: 'key' }).upayments).toEqual({
      apiUrl: 'https://sandboxapi.upayments.com/api/v1',
      apiKey: 'key',
      gateway: undefined,
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({
        UPAYMENTS_API_KEY: 'key',
        UPAYMENTS_API_URL: 'https://apiv2api.upayments.com/api/v1/',
        UPAYMENTS_GATEWAY: 'knet',
        PAYMENT_TIMEOUT_MINUTES: '45',
      }),
    ).toMatchObject({
      upayments: { apiUrl: 'https://apiv2api.upayments.com/api/v1', gateway: 'knet' },
      paymentTimeoutMs: 45 * 60_000,
    });
    // The test double on loopback may be plain http; nothing else may.
    expect(loadConfig({ UPAYMENTS_API_KEY: 'key', UPAYMENTS_API_URL: 'http://127.0.0.1:4010/api/v1' }).upayments?.apiUrl)
      .toBe('http://127.0.0.1:4010/api/v1');
    expect(() => loadConfig({ UPAYMENTS_API_KEY: 'key', UPAYMENTS_API_URL: 'http://pay.example/api/v1' }))
      .toThrow(/UPAYMENTS_API_URL: must be an https/);
    expect(() => loadConfig({ UPAYMENTS_API_KEY: 'key', UPAYMENTS_GATEWAY: 'paypal' })).toThrow(/UPAYMENTS_GATEWAY: must be one of knet/);
    expect(() => loadConfig({ UPAYMENTS_GATEWAY: 'knet' })).toThrow(/UPAYMENTS_API_KEY: is required/);
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(/PAYMENT_TIMEOUT_MINUTES/);
  });

  it('never puts the UPayments key in its error messages', () => {
    const secret = 'super-secret-upayments-key';
    expect(() => loadConfig({ UPAYMENTS_API_KEY: secret, UPAYMENTS_API_URL: 'ftp://x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(secret) }),
    );
  });
});
