import type { InjectOptions } from 'fastify';
import type { App } from '../src/app.js';

export type TestLang = 'ar' | 'en';
export type TestHttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let issuedAddresses = 0;

/**
 * A client address no earlier call in this test file was given, so per-IP rate limits do not
 * interfere between tests. They come from 10.0.0.0/8 and never repeat, while the tests that
 * pin an address to reach a limit use the documentation ranges (192.0.2.x, 203.0.113.x).
 */
export function nextTestIp(): string {
  issuedAddresses += 1;
  const count = issuedAddresses;
  return `10.${(count >> 16) & 255}.${(count >> 8) & 255}.${count & 255}`;
}

export interface CallOptions {
  /** Sent as `authorization: Bearer <token>`. */
  token?: string;
  /** The accept-language of the request; English unless told. */
  lang?: TestLang;
  /** A fixed client address (to reach a per-IP limit); a fresh one from nextTestIp() unless told. */
  ip?: string;
  cookies?: Record<string, string>;
  /** Further headers; they win over the ones above. */
  headers?: Record<string, string>;
}

/**
 * `call(method, url, payload?, options)` against the app `getApp` gives at call time (the app is
 * usually built in a beforeAll, after the caller is made).
 */
export function apiCaller(getApp: () => App) {
  return (
    method: TestHttpMethod,
    url: string,
    payload?: InjectOptions['payload'],
    options: CallOptions = {},
  ) =>
    getApp().inject({
      method,
      url,
      headers: {
        'accept-language': options.lang ?? 'en',
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      remoteAddress: options.ip ?? nextTestIp(),
      ...(payload === undefined ? {} : { payload }),
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });
}
