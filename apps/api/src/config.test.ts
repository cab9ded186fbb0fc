import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

  it('keeps a search index in each process unless SEARCH_INDEX=false', () => {
    expect(loadConfig({}).searchIndex).toBe(true);
    expect(loadConfig({ SEARCH_INDEX: 'true' }).searchIndex).toBe(true);
    expect(loadConfig({ SEARCH_INDEX: 'false' }).searchIndex).toBe(false);
    expect(() => loadConfig({ SEARCH_INDEX: 'off' })).toThrow(/SEARCH_INDEX/);
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://shop.example.com');
    // A number left empty takes its default, not 0 (which would turn the page cache off, or
    // listen on a random port).
    const blanks = loadConfig({
      PORT: '',
      PAGE_CACHE_SECONDS: ' ',
      CATALOG_CACHE_SECONDS: '',
      DB_POOL_SIZE: '',
      HOST: '',
    });
    expect(blanks.port).toBe(3000);
    expect(blanks.pageCacheTtlMs).toBe(60_000);
    expect(blanks.host).toBe('0.0.0.0');
    expect(blanks.catalogCacheTtlMs).toBe(10_000);
    expect(blanks.dbPoolSize).toBe(10);
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

  describe('Google Merchant', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'config-merchant-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const keyJson = {
      type: 'service_account',
      project_id: 'shop',
      private_key_id: 'k1',
      private_key: privateKey,
      client_email: 'merchant@shop.iam.gserviceaccount.com',
    };
    const keyFile = (name: string, contents: unknown) => {
      const file = path.join(dir, name);
      writeFileSync(file, typeof contents === 'string' ? contents : JSON.stringify(contents));
      return file;
    };
    const goodKey = keyFile('good.json', keyJson);
    const complete = {
      GOOGLE_MERCHANT_ACCOUNT_ID: '123456789',
      GOOGLE_MERCHANT_DATA_SOURCE: '987654321',
      GOOGLE_MERCHANT_KEY_FILE: goodKey,
    };

    it('is off without its variables, with the content language and feed label still set', () => {
      const config = loadConfig({});
      expect(config.googleMerchant).toBeUndefined();
      expect(config.googleMerchantSettings).toEqual({ contentLanguage: 'ar', feedLabel: 'KW' });
      expect(
        loadConfig({ GOOGLE_MERCHANT_CONTENT_LANGUAGE: 'en', GOOGLE_MERCHANT_FEED_LABEL: 'KW-ONLINE_2' })
          .googleMerchantSettings,
      ).toEqual({ contentLanguage: 'en', feedLabel: 'KW-ONLINE_2' });
      expect(() => loadConfig({ GOOGLE_MERCHANT_CONTENT_LANGUAGE: 'arabic' })).toThrow(/GOOGLE_MERCHANT_CONTENT_LANGUAGE/);
      expect(() => loadConfig({ GOOGLE_MERCHANT_FEED_LABEL: 'kw' })).toThrow(/GOOGLE_MERCHANT_FEED_LABEL/);
      expect(() => loadConfig({ GOOGLE_MERCHANT_FEED_LABEL: 'K'.repeat(21) })).toThrow(/GOOGLE_MERCHANT_FEED_LABEL/);
    });

    it('reads the account, the data source and the key at start, with Google’s defaults', () => {
      expect(loadConfig(complete).googleMerchant).toEqual({
        accountId: '123456789',
        dataSource: 'accounts/123456789/dataSources/987654321',
        key: {
          clientEmail: 'merchant@shop.iam.gserviceaccount.com',
          privateKey,
          privateKeyId: 'k1',
          tokenUri: 'https://oauth2.googleapis.com/token',
        },
        apiUrl: 'https://merchantapi.googleapis.com',
        contentLanguage: 'ar',
        feedLabel: 'KW',
        timeoutMs: 15_000,
      });
      const doubleKey = keyFile('double.json', { ...keyJson, token_uri: 'http://127.0.0.1:4020/token' });
      expect(
        loadConfig({
          ...complete,
          GOOGLE_MERCHANT_DATA_SOURCE: 'accounts/123456789/dataSources/5',
          GOOGLE_MERCHANT_KEY_FILE: doubleKey,
          GOOGLE_MERCHANT_API_URL: 'http://127.0.0.1:4020/',
          GOOGLE_MERCHANT_FEED_LABEL: 'KW2',
          GOOGLE_MERCHANT_TIMEOUT_SECONDS: '0.5',
        }).googleMerchant,
      ).toMatchObject({
        dataSource: 'accounts/123456789/dataSources/5',
        key: { tokenUri: 'http://127.0.0.1:4020/token' },
        apiUrl: 'http://127.0.0.1:4020',
        feedLabel: 'KW2',
        timeoutMs: 500,
      });
    });

    it('fails start-up on a partial set, naming what is missing', () => {
      expect(() => loadConfig({ GOOGLE_MERCHANT_ACCOUNT_ID: '123' })).toThrow(
        /GOOGLE_MERCHANT_DATA_SOURCE: is required when GOOGLE_MERCHANT_ACCOUNT_ID is set[^\n]*\n\s+GOOGLE_MERCHANT_KEY_FILE: is required/,
      );
      expect(() => loadConfig({ ...complete, GOOGLE_MERCHANT_KEY_FILE: '' })).toThrow(
        /GOOGLE_MERCHANT_KEY_FILE: is required when GOOGLE_MERCHANT_ACCOUNT_ID and GOOGLE_MERCHANT_DATA_SOURCE are set/,
      );
      expect(() => loadConfig({ GOOGLE_MERCHANT_KEY_FILE: goodKey })).toThrow(/GOOGLE_MERCHANT_ACCOUNT_ID: is required/);
    });

    it('refuses a bad account id, a data source of another account and an insecure API URL', () => {
      expect(() => loadConfig({ ...complete, GOOGLE_MERCHANT_ACCOUNT_ID: 'shop-123' })).toThrow(/GOOGLE_MERCHANT_ACCOUNT_ID: must be the Merchant Center account id/);
      expect(() => loadConfig({ ...complete, GOOGLE_MERCHANT_DATA_SOURCE: 'datasource-1' })).toThrow(/GOOGLE_MERCHANT_DATA_SOURCE: must be/);
      expect(() => loadConfig({ ...complete, GOOGLE_MERCHANT_DATA_SOURCE: 'accounts/555/dataSources/1' })).toThrow(
        /GOOGLE_MERCHANT_DATA_SOURCE: belongs to account 555, not to GOOGLE_MERCHANT_ACCOUNT_ID 123456789/,
      );
      expect(() => loadConfig({ ...complete, GOOGLE_MERCHANT_API_URL: 'http://merchant.example' })).toThrow(/GOOGLE_MERCHANT_API_URL: must be an https/);
      expect(() => loadConfig({ ...complete, GOOGLE_MERCHANT_TIMEOUT_SECONDS: '0' })).toThrow(/GOOGLE_MERCHANT_TIMEOUT_SECONDS/);
    });

    it('refuses a key file that is missing or not a service-account key, never quoting the key', () => {
      const cases: Array<[string, RegExp]> = [
        [path.join(dir, 'absent.json'), /cannot be read \(no such file/],
        [keyFile('broken.json', `{"private_key": "${privateKey.slice(0, 80)}`), /is not valid JSON/],
        [keyFile('user.json', { ...keyJson, type: 'authorized_user' }), /"type" must be "service_account"/],
        [keyFile('nokey.json', { ...keyJson, private_key: privateKey.slice(0, 300) }), /not a readable RSA private key/],
        [keyFile('noemail.json', { ...keyJson, client_email: '' }), /client_email/],
        [keyFile('insecure.json', { ...keyJson, token_uri: 'http://oauth.example/token' }), /"token_uri" that is not an https/],
      ];
      for (const [file, message] of cases) {
        const attempt = () => loadConfig({ ...complete, GOOGLE_MERCHANT_KEY_FILE: file });
        expect(attempt).toThrow(ConfigError);
        expect(attempt).toThrow(new RegExp(`GOOGLE_MERCHANT_KEY_FILE: .*${message.source}`));
        expect(attempt).toThrow(expect.objectContaining({ message: expect.not.stringContaining(privateKey.slice(40, 80)) }));
      }
    });
  });
});
