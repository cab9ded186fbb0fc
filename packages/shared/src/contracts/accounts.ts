import { z } from 'zod';
import { successShape } from './common.js';

export const USER_ROLES = ['customer', 'moderator', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

const optionalTrimmed = (max: number) =>
  z
    .string()
    .max(max, 'validation.too_long')
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed ? trimmed : null;
    });

const emailField = z
  .string({ error: 'auth.email_required' })
  .trim()
  .min(1, 'auth.email_required')
  .max(254, 'validation.too_long')
  .pipe(z.email('auth.email_invalid'))
  .transform((value) => value.toLowerCase());

const phoneField = optionalTrimmed(30).refine(
  (value) => value === null || value.length >= 8,
  'auth.phone_too_short',
);

/** Registration (spec section 3): name trimmed, email trimmed and lower-cased, phone/address or null. */
export const registerBodySchema = z.object({
  name: z
    .string({ error: 'auth.name_required' })
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

/** Profile update (spec section 3): absent fields stay as they are. */
export const profileUpdateBodySchema = z.object({
  first_name: optionalTrimmed(100).optional(),
  last_name: optionalTrimmed(100).optional(),
  phone: phoneField.optional(),
  email: emailField.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

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
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = successShape({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileResponseSchema = successShape({ user: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const logoutResponseSchema = successShape({});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
