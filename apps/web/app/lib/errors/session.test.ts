import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { endInvalidSession, isInvalidTokenError, staysOnInvalidToken } from './session';

describe('isInvalidTokenError', () => {
  it('accepts a 401 with the token codes', () => {
    expect(isInvalidTokenError(new ApiError(401, 'INVALID_TOKEN', 'x'))).toBe(true);
    expect(isInvalidTokenError(new ApiError(401, 'TOKEN_EXPIRED', 'x'))).toBe(true);
  });

  it('accepts a 401 whose message mentions token, authentication or unauthorized', () => {
    expect(isInvalidTokenError(new ApiError(401, 'UNAUTHENTICATED', 'Bad token'))).toBe(true);
    expect(isInvalidTokenError(new ApiError(401, 'UNAUTHENTICATED', 'Authentication required'))).toBe(true);
    expect(isInvalidTokenError(new ApiError(401, 'UNAUTHENTICATED', 'Unauthorized'))).toBe(true);
  });

  it('refuses other 401s, other statuses and other errors', () => {
    expect(isInvalidTokenError(new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password'))).toBe(false);
    expect(isInvalidTokenError(new ApiError(403, 'INVALID_TOKEN', 'token'))).toBe(false);
    expect(isInvalidTokenError(new Error('token'))).toBe(false);
  });
});

describe('staysOnInvalidToken', () => {
  it('keeps the user on login, register and admin pages', () => {
    expect(staysOnInvalidToken('/login')).toBe(true);
    expect(staysOnInvalidToken('/register')).toBe(true);
    expect(staysOnInvalidToken('/admin/orders')).toBe(true);
  });

  it('sends the user to /login from any other page', () => {
    expect(staysOnInvalidToken('/profile')).toBe(false);
    expect(staysOnInvalidToken('/loginx')).toBe(false);
    expect(staysOnInvalidToken('/')).toBe(false);
  });
});

describe('endInvalidSession', () => {
  function session(path: string) {
    const calls: string[] = [];
    return {
      calls,
      session: {
        forget: () => calls.push('forget'),
        signOutOnServer: () => calls.push('sign out on server'),
        goToLogin: () => calls.push('go to /login'),
        currentPath: () => path,
      },
    };
  }

  it('clears an expired session here and on the server, and sends a shopper to /login', () => {
    const { calls, session: checkout } = session('/checkout');
    expect(endInvalidSession(new ApiError(401, 'TOKEN_EXPIRED', 'Token expired'), checkout)).toBe(true);
    expect(calls).toEqual(['sign out on server', 'forget', 'go to /login']);
  });

  it('clears it but stays on a back-office or login page, which show their own way in', () => {
    for (const path of ['/admin/products/new', '/login']) {
      const { calls, session: staying } = session(path);
      expect(endInvalidSession(new ApiError(401, 'INVALID_TOKEN', 'Invalid token'), staying)).toBe(true);
      expect(calls).toEqual(['sign out on server', 'forget']);
    }
  });

  it('leaves the session alone for any other failure', () => {
    const { calls, session: profile } = session('/profile');
    expect(endInvalidSession(new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password'), profile)).toBe(false);
    expect(endInvalidSession(new ApiError(403, 'FORBIDDEN', 'Access denied'), profile)).toBe(false);
    expect(endInvalidSession(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), profile)).toBe(false);
    expect(calls).toEqual([]);
  });
});
