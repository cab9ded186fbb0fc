/**
 * The accounts module's public face: what the other modules, the composition root (services.ts,
 * routes.ts, app.ts) and code outside the module use of it. Every other file in this folder is
 * the module's own; lint refuses an import that reaches past this file (docs/decisions/042).
 */
export { accountNames, customerCount } from './account-stats.js';
export { createAddressBook } from './addresses.js';
export type { AddressBook, AddressFields, OrderAddressOutcome } from './addresses.js';
export { createEmailVerificationService } from './email-verification.js';
export { createGoogleSignInService, googleSignInConfigured } from './google-service.js';
export { redactedRequestSerializer } from './log-redaction.js';
export { createPasswordResetService } from './password-reset.js';
export { accountsRoutes } from './routes.js';
export { createAccountsService } from './service.js';
export type { AccountsService, UserRow } from './service.js';
export { createAuthThrottle } from './throttle.js';
export { isUniqueViolation, splitFullName, uniqueUsername } from './usernames.js';
