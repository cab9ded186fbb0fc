import { describe, expect, it } from 'vitest';
import type { User } from '@shop/shared';
import { gateDecision, loginPathFor, type GateInput } from './gate';

function user(role: User['role'], permissions: User['permissions']): User {
  return {
    id: 1,
    username: 'u',
    name: 'Name',
    first_name: null,
    last_name: null,
    email: 'u@example.com',
    phone: null,
    address: null,
    isVerified: true,
    isAdmin: role === 'admin',
    role,
    permissions,
    has_password: true,
    notification_preferences: { order_confirmations: true, shipping_updates: true, promotional: false },
  };
}

const base: GateInput = { waited: true, status: 'authenticated', hasToken: true, user: null, graceOver: false };

describe('admin access gate', () => {
  it('waits first, whatever else is known', () => {
    expect(gateDecision({ ...base, waited: false, user: user('admin', ['backoffice.enter']) })).toBe('wait');
  });

  it('sends a visitor without a stored token to login', () => {
    expect(gateDecision({ ...base, hasToken: false, status: 'loading' })).toBe('redirect');
  });

  it('shows the loading screen while the session loads, then gives up after the grace second', () => {
    expect(gateDecision({ ...base, status: 'loading' })).toBe('loading');
    expect(gateDecision({ ...base, status: 'loading', graceOver: true })).toBe('redirect');
  });

  it('redirects when the token turned out invalid', () => {
    expect(gateDecision({ ...base, status: 'unauthenticated' })).toBe('redirect');
  });

  it('denies a customer and lets administrators and moderators in', () => {
    expect(gateDecision({ ...base, user: user('customer', []) })).toBe('denied');
    expect(gateDecision({ ...base, user: user('admin', ['backoffice.enter', 'catalog.write']) })).toBe('allowed');
    expect(gateDecision({ ...base, user: user('moderator', ['backoffice.enter', 'catalog.read']) })).toBe('allowed');
  });

  it('keeps the way back in the login link', () => {
    expect(loginPathFor('/admin')).toBe('/login?returnTo=/admin');
    expect(loginPathFor('/admin?tab=products&search=a b')).toBe('/login?returnTo=/admin%3Ftab%3Dproducts%26search%3Da%20b');
  });
});
