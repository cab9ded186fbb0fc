import type { User } from '@shop/shared';
import { safeReturnTo } from './return-to';

/** Where a signed-in shopper goes after verifying, when no returnTo says otherwise. */
export const VERIFIED_SIGNED_IN_HOME = '/profile';

/** Where the verification screen sends the shopper once the code is accepted. */
export type AfterVerification = { kind: 'signed_in'; to: string } | { kind: 'login'; to: '/login' };

/**
 * After the e-mail is verified: a shopper already signed in with that address (registration signs
 * in) goes on to where they were going, the `returnTo` of the link when it is a path of this site,
 * else the profile; anyone else (a guest, or signed in with another address) signs in at /login.
 */
export function afterVerification(
  user: Pick<User, 'email'> | null,
  verifiedEmail: string,
  returnTo: string | null,
): AfterVerification {
  if (user && user.email.trim().toLowerCase() === verifiedEmail.trim().toLowerCase()) {
    return { kind: 'signed_in', to: safeReturnTo(returnTo, VERIFIED_SIGNED_IN_HOME) };
  }
  return { kind: 'login', to: '/login' };
}
