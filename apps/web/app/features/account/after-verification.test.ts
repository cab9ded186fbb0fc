import { describe, expect, it } from 'vitest';
import { afterVerification } from './after-verification';

describe('afterVerification', () => {
  it('sends a guest to the login form', () => {
    expect(afterVerification(null, 'sara@example.com', '/checkout')).toEqual({ kind: 'login', to: '/login' });
  });

  it('sends the signed-in owner of the address to the profile, or to returnTo', () => {
    const user = { email: 'Sara@Example.com' };
    expect(afterVerification(user, 'sara@example.com', null)).toEqual({ kind: 'signed_in', to: '/profile' });
    expect(afterVerification(user, 'sara@example.com', '/checkout')).toEqual({ kind: 'signed_in', to: '/checkout' });
  });

  it('never follows a returnTo to another site', () => {
    const user = { email: 'sara@example.com' };
    for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      expect(afterVerification(user, 'sara@example.com', evil)).toEqual({ kind: 'signed_in', to: '/profile' });
    }
  });

  it('sends someone signed in with another address to the login form', () => {
    expect(afterVerification({ email: 'noor@example.com' }, 'sara@example.com', null)).toEqual({ kind: 'login', to: '/login' });
  });
});
