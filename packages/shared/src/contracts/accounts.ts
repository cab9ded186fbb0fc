import { z } from 'zod';
import { PERMISSIONS, USER_ROLES } from '../permissions.js';
import { plainText, successShape } from './common.js';

export { USER_ROLES, type UserRoleName } from '../permissions.js';

const optionalTrimmed = (max: number) =>
  plainText()
    .max(max, 'validation.too_long')
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed ? trimmed : null;
    });

/** An e-mail address as the shop takes it: trimmed, at most 254 characters, lower-cased. */
export const emailField = plainText('auth.email_required')
  .trim()
  .min(1, 'auth.email_required')
  .max(254, 'validation.too_long')
  .pipe(z.email('auth.email_invalid'))
  .transform((value) => value.toLowerCase());

const phoneField = optionalTrimmed(30).refine(
  (value) => value === null || value.length >= 8,
  'auth.phone_too_short',
);

/** Registration: name trimmed, email trimmed and lower-cased, phone/address or null. */
export const registerBodySchema = z.object({
  name: plainText('auth.name_required')
    .trim()
    .min(1, 'auth.name_required')
    .min(2, 'auth.name_too_short')
    .max(200, 'validation.too_long'),
  email: emailField,
  password: z
    .string({ error: 'auth.password_required' })
    .min(1, 'auth.password_required')
    .min(6, 'auth.password_too_short')
    .max(256, 'validation.too_long'),
  phone: phoneField,
  address: optionalTrimmed(500),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'auth.password_required' })
    .min(1, 'auth.password_required')
    .max(256, 'validation.too_long'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Profile update: absent fields stay as they are. */
export const profileUpdateBodySchema = z.object({
  first_name: optionalTrimmed(100).optional(),
  last_name: optionalTrimmed(100).optional(),
  phone: phoneField.optional(),
  email: emailField.optional(),
  /** Required with a new email when the account has a password (Google accounts may not). */
  current_password: z.string().max(256, 'validation.too_long').optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export const notificationPreferencesSchema = z.object({
  order_confirmations: z.boolean({ error: 'validation.boolean_invalid' }),
  shipping_updates: z.boolean({ error: 'validation.boolean_invalid' }),
  promotional: z.boolean({ error: 'validation.boolean_invalid' }),
  /**
   * Staff only (admin, moderator): e-mail me every new order (issue 30). In a reply, the effective
   * choice (administrators on, moderators off until they choose); absent for customers, and a
   * customer who sends it gets a 400.
   */
  new_order_alerts: z.boolean({ error: 'validation.boolean_invalid' }).optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  role: z.enum(USER_ROLES),
  /** What the role may do in the back office (docs/decisions/008); empty for customers. */
  permissions: z.array(z.enum(PERMISSIONS)),
  /** False for an account created with Google that never set a password. */
  has_password: z.boolean(),
  notification_preferences: notificationPreferencesSchema,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = successShape({
  token: z.string(),
  user: userSchema,
  /** Registration only: whether the verification code e-mail went out (false: offer resend). */
  verification_sent: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileResponseSchema = successShape({ user: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const logoutResponseSchema = successShape({});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Email verification, password reset, settings and Google sign-in
// ---------------------------------------------------------------------------------------------

/** A reply that only carries a human message in the request's language. */
export const messageResponseSchema = successShape({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** resend-verification, resend-verification-code and forgot-password: `{ email }`. */
export const emailBodySchema = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBodySchema>;

export const verifyEmailCodeBodySchema = z.object({
  email: emailField,
  code: z
    .string({ error: 'auth.code_invalid_format' })
    .trim()
    .regex(/^\d{6}$/, 'auth.code_invalid_format'),
});
export type VerifyEmailCodeBody = z.infer<typeof verifyEmailCodeBodySchema>;

/** The reset token of a link: 43 url-safe characters (32 random bytes). */
export const resetTokenSchema = z
  .string({ error: 'auth.reset_token_invalid' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'auth.reset_token_invalid');

export const resetTokenParamsSchema = z.object({ token: resetTokenSchema });

export const verifyResetTokenResponseSchema = successShape({
  valid: z.literal(true),
  /** The account's email, partly masked (e.g. "ah***@example.com"). */
  email: z.string(),
});
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

const newPasswordField = z
  .string({ error: 'auth.password_required' })
  .min(1, 'auth.password_required')
  .min(6, 'auth.password_too_short')
  .max(256, 'validation.too_long');

export const resetPasswordBodySchema = z.object({
  token: resetTokenSchema,
  password: newPasswordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Change password from the profile's Settings tab. */
export const changePasswordBodySchema = z.object({
  /** Required when the account has a password (accounts made with Google may not). */
  current_password: z.string().max(256, 'validation.too_long').optional(),
  new_password: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const preferencesResponseSchema = successShape({
  message: z.string(),
  notification_preferences: notificationPreferencesSchema,
});
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/** Deleting the account: the current password confirms it when the account has one. */
export const deleteAccountBodySchema = z.object({
  password: z.string().max(256, 'validation.too_long').optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** POST /auth/google: where to send the browser (Google's consent page). */
export const googleStartResponseSchema = successShape({ url: z.string() });
export type GoogleStartResponse = z.infer<typeof googleStartResponseSchema>;

/** POST /auth/google/callback: the query parameters Google returned to /auth/google/callback. */
export const googleCallbackBodySchema = z.object({
  code: z.string({ error: 'auth.google_failed' }).min(1, 'auth.google_failed').max(2048),
  state: z.string({ error: 'auth.google_failed' }).min(1, 'auth.google_failed').max(512),
});
export type GoogleCallbackBody = z.infer<typeof googleCallbackBodySchema>;
