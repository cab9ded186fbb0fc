import { data, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError, createApi } from './api';
import { pageAnswerLanguage, pageAnswerOf, pageAnswerResponse, resourceAnswerOf, strongerAnswer } from './page-answer';

const refused = new ApiError(400, 'VALIDATION_ERROR', 'Validation failed');
const down = new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is currently unavailable', [], '5');

describe('pageAnswerOf', () => {
  it('answers a refused query string with 400 and the database down with 503 and its Retry-After', () => {
    expect(pageAnswerOf(refused)).toEqual({ status: 400, retryAfter: null });
    expect(pageAnswerOf(down)).toEqual({ status: 503, retryAfter: '5' });
  });

  it('leaves every other failure a server failure', () => {
    expect(pageAnswerOf(new ApiError(500, 'INTERNAL', 'Internal Server Error'))).toBeUndefined();
    expect(pageAnswerOf(new ApiError(503, 'PAYMENT_UNAVAILABLE', 'Online payment is off'))).toBeUndefined();
    expect(pageAnswerOf(new ApiError(400, 'INVALID_CODE', 'Wrong code'))).toBeUndefined();
    expect(pageAnswerOf(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBeUndefined();
    expect(pageAnswerOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(pageAnswerOf(data(null, { status: 404 }))).toBeUndefined();
  });

  it("reads the API reply's Retry-After through the client", async () => {
    const api = createApi(async () => ({
      ok: false,
      status: 503,
      statusText: 'Service Unavailable',
      headers: new Headers({ 'retry-after': '5' }),
      json: async () => ({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'down' }),
    }));
    const error: unknown = await api.get('/settings').catch((failure: unknown) => failure);
    expect(pageAnswerOf(error)).toEqual({ status: 503, retryAfter: '5' });
  });
});

describe('strongerAnswer', () => {
  it('keeps the outage over a refused address, whichever came first', () => {
    const badRequest = { status: 400, retryAfter: null } as const;
    const unavailable = { status: 503, retryAfter: '5' } as const;
    expect(strongerAnswer(undefined, badRequest)).toBe(badRequest);
    expect(strongerAnswer(badRequest, unavailable)).toBe(unavailable);
    expect(strongerAnswer(unavailable, badRequest)).toBe(unavailable);
  });
});

describe('the answer as a response', () => {
  it('carries the visitor language for the error page', async () => {
    const response = pageAnswerResponse({ status: 503, retryAfter: '5' }, 'en');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ lang: 'en' });
    // React Router hands the error page an error response with the body as its data.
    const error = { status: 503, statusText: '', internal: false, data: { lang: 'en' } };
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(pageAnswerLanguage(error)).toBe('en');
    expect(pageAnswerLanguage({ ...error, data: { lang: 'fr' } })).toBeUndefined();
    expect(pageAnswerLanguage(new Error('Unexpected Server Error'))).toBeUndefined();
  });

  it("is a resource route's bare status, Retry-After and no-store", () => {
    const response = resourceAnswerOf(down);
    expect(response?.status).toBe(503);
    expect(response?.headers.get('retry-after')).toBe('5');
    expect(response?.headers.get('cache-control')).toBe('no-store');
    expect(resourceAnswerOf(refused)?.headers.get('retry-after')).toBeNull();
    expect(resourceAnswerOf(new Error('boom'))).toBeUndefined();
  });
});
