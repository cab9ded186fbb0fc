/**
 * What each role may do in the back office (docs/decisions/008). The server checks these on every
 * back-office route; the web app reads the same table only to hide what would be refused.
 * Kept free of zod so browser code can import it cheaply.
 */

export const USER_ROLES = ['customer', 'moderator', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

export const PERMISSIONS = [
  /** Enter /admin at all. */
  'backoffice.enter',
  /** The dashboard's figures. */
  'dashboard.view',
  /** Read the catalogue as the back office sees it (drafts, every category, attributes, slides). */
  'catalog.read',
  /** Create, change and delete products, categories, attributes and slides. */
  'catalog.write',
  /** See orders, change their status, print invoices. */
  'orders.manage',
  /** Delete orders. */
  'orders.delete',
  /** Refund a paid online order in full through UPayments (administrators). */
  'orders.refund',
  'users.manage',
  'settings.write',
  'promotions.manage',
  'locations.manage',
  'merchant.sync',
  /** Read the audit trail. */
  'audit.read',
  /** Read the sales reports (docs/decisions/055). */
  'reports.read',
  /** Approve, reject and answer shoppers' reviews (docs/decisions/064). */
  'reviews.moderate',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MODERATOR_PERMISSIONS: readonly Permission[] = [
  'backoffice.enter',
  'dashboard.view',
  'catalog.read',
  'orders.manage',
  'reports.read',
  'reviews.moderate',
];

export const ROLE_PERMISSIONS: Readonly<Record<UserRoleName, readonly Permission[]>> = {
  customer: [],
  moderator: MODERATOR_PERMISSIONS,
  admin: PERMISSIONS,
};

/** Whether a role holds a permission. Unknown roles hold none. */
export function roleCan(role: string, permission: Permission): boolean {
  return (ROLE_PERMISSIONS as Record<string, readonly Permission[] | undefined>)[role]?.includes(permission) ?? false;
}

/** Every permission of a role, in the table's order. */
export function permissionsOf(role: string): Permission[] {
  return [...((ROLE_PERMISSIONS as Record<string, readonly Permission[] | undefined>)[role] ?? [])];
}
