import type { Permission, User } from '@shop/shared';
import type { AuthStatus } from '../../account/auth';

/** The access gate's two waits. */
export const GATE_INITIAL_WAIT_MS = 100;
export const GATE_USER_GRACE_MS = 1000;

export type GateDecision = 'wait' | 'loading' | 'redirect' | 'denied' | 'allowed';

export interface GateInput {
  /** The 100 ms initial wait is over. */
  waited: boolean;
  status: AuthStatus;
  hasToken: boolean;
  user: User | null;
  /** One second has passed since the gate started (step 4). */
  graceOver: boolean;
}

/**
 * The admin access gate, step by step. The back office is entered by roles
 * holding `backoffice.enter` (docs/decisions/008): administrators and moderators.
 */
export function gateDecision({ waited, status, hasToken, user, graceOver }: GateInput): GateDecision {
  if (!waited) return 'wait'; // 1
  if (!hasToken) return 'redirect'; // 3
  if (status === 'loading') return graceOver ? 'redirect' : 'loading'; // 2 and 4
  if (status !== 'authenticated' || !user) return 'redirect'; // 5
  if (!userCan(user, 'backoffice.enter')) return 'denied'; // 6
  return 'allowed'; // 7
}

/**
 * Whether the signed-in user holds a permission (the server checks it again on every call). The
 * back office's one permission check: screens never read the role or the permission list.
 */
export function userCan(user: Pick<User, 'permissions'> | null | undefined, permission: Permission): boolean {
  return user?.permissions.includes(permission) ?? false;
}

/** The login page that brings the admin back to where they were. */
export function loginPathFor(returnTo: string): string {
  // Slashes stay readable (/login?returnTo=/admin); everything else is encoded.
  return `/login?returnTo=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}`;
}
