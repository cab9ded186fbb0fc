import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isInvalidTokenError, staysOnInvalidToken } from './auth-token';

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
