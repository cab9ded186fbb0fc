import { describe, expect, it } from 'vitest';
import { actionFailureText, notSent, serverMessage } from './action-failure';
import { ApiError } from './api';

const texts = { fallback: 'Failed to add item to cart', notSent: "Couldn't send — you're offline." };

describe('notSent', () => {
  it('is true when the API client could not reach the server', () => {
    expect(notSent(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(true);
  });

  it("is true for the browsers' own fetch failures", () => {
    expect(notSent(new TypeError('Failed to fetch'))).toBe(true);
    expect(notSent(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(notSent(new TypeError('Load failed'))).toBe(true);
  });

  it('is false for an answer of the server and for a programming error', () => {
    expect(notSent(new ApiError(409, 'OUT_OF_STOCK', 'Not enough stock'))).toBe(false);
    expect(notSent(new ApiError(500, 'INTERNAL', 'Internal Server Error'))).toBe(false);
    expect(notSent(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(notSent(undefined)).toBe(false);
  });
});

describe('actionFailureText', () => {
  it('says the action was not sent when the network failed', () => {
    expect(actionFailureText(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), texts)).toBe(texts.notSent);
    expect(actionFailureText(new TypeError('Failed to fetch'), texts)).toBe(texts.notSent);
  });

  it("shows the server's own message for a refusal", () => {
    expect(actionFailureText(new ApiError(400, 'VALIDATION_ERROR', 'Quantity must be at least 1'), texts)).toBe(
      'Quantity must be at least 1',
    );
  });

  it("falls back to the action's text for a server failure, an empty message or an unknown error", () => {
    expect(actionFailureText(new ApiError(500, 'INTERNAL', 'Internal Server Error'), texts)).toBe(texts.fallback);
    expect(actionFailureText(new ApiError(502, 'INTERNAL', 'Bad Gateway'), texts)).toBe(texts.fallback);
    expect(actionFailureText(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a minute'), texts)).toBe(
      'Try again in a minute',
    );
    expect(actionFailureText(new ApiError(404, 'NOT_FOUND', ''), texts)).toBe(texts.fallback);
    expect(actionFailureText(new Error('boom'), texts)).toBe(texts.fallback);
  });
});

describe('server replies', () => {
  it('prefers the server message but not for network or unexplained failures', () => {
    expect(serverMessage(new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password'))).toBe('Invalid email or password');
    expect(serverMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBeNull();
    expect(serverMessage(new ApiError(502, 'INTERNAL', 'Bad Gateway'))).toBeNull();
    expect(serverMessage(new Error('boom'))).toBeNull();
  });
});
