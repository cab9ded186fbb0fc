import { z } from 'zod';
import { isStorePhoneNumber, latinDigits, STORE_PHONE_MAX } from '../backoffice-limits.js';
import { USER_ROLES } from '../permissions.js';
import { registerBodySchema } from './accounts.js';
import {
  idParam,
  moneySchema,
  optionalSearchQuery,
  pageQueryFields,
  paginationSchema,
  successShape,
} from './common.js';
import { optionalFormText } from './form-fields.js';
import { withMaxLength } from './admin-form-text.js';

/**
 * The back office's users, all
 * under the `users.manage` permission (administrators only, docs/decisions/008).
 *
 * - `GET /api/admin/users?search=&role=&page=&limit=`: newest first, `ADMIN_USERS_PAGE_SIZE` a
 *   page unless `limit` says otherwise; `search` finds a part of the name or the e-mail, case
 *   ignored; `counts` are over every user, whatever the filters.
 * - `GET /api/admin/users/:id`, `POST /api/admin/users` (201), `PUT /api/admin/users/:id` (every
 *   field again; an absent or empty password keeps the current one), `DELETE /api/admin/users/:id`
 *   (the account's orders stay, detached from it).
 *
 * The fields follow the shop's one account policy (registration's name, e-mail, password and
 * address rules, contracts/accounts.ts); the phone follows one pattern (digits, spaces,
 * hyphens, parentheses, an optional leading +) with the shop's 8 to 15 digits.
 */

/** Users a page of the list holds unless `limit` says otherwise. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** Largest page a caller may ask for. */
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;

/** The phone pattern; Arabic-Indic digits are stored as ASCII digits; blank means none. */
const phone = z.preprocess(
  (value) => (typeof value === 'string' ? latinDigits(value) : value),
  withMaxLength(STORE_PHONE_MAX, 'users.phone_invalid', optionalFormText(STORE_PHONE_MAX)).refine(
    (value) => value === null || isStorePhoneNumber(value),
    'users.phone_invalid',
  ),
);

const role = z.enum(USER_ROLES, { error: 'users.role_invalid' });

const { name, email, password, address } = registerBodySchema.shape;

/** POST /api/admin/users: the user form's fields; the role defaults to customer. */
export const adminUserCreateSchema = z.object({
  name,
  email,
  password,
  phone,
  address,
  role: role.default('customer'),
});
export type AdminUserCreate = z.output<typeof adminUserCreateSchema>;

/**
 * PUT /api/admin/users/:id: the same fields; the password is optional (absent, null or empty
 * keeps the current one) and, when given, follows the same rule as on create.
 */
export const adminUserUpdateSchema = adminUserCreateSchema.extend({
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), password.optional()),
  role,
});
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The list's filters. An empty role means every role. */
export const adminUserListQuerySchema = z.object({
  search: optionalSearchQuery,
  role: z
    .enum(['', ...USER_ROLES], { error: 'users.role_invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  ...pageQueryFields({ defaultLimit: ADMIN_USERS_PAGE_SIZE, maxLimit: ADMIN_USERS_PAGE_SIZE_MAX }),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminUserParamsSchema = z.object({ id: idParam });

/** A user as the back office sees it. Never the password (write only). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** ISO 8601 time the account was made (the list's joined date). */
  created_at: z.string(),
  email_verified: z.boolean(),
  /** Whether the account can sign in with a password (one made with Google may not). */
  has_password: z.boolean(),
  /** The latest use of one of its open sessions (ISO 8601); null when none is open. */
  last_active_at: z.string().nullable(),
  /** Orders placed from the account: they stay (detached) when it is deleted. */
  order_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** How many users there are, over every user whatever the list's filters. */
export const adminUserCountsSchema = z.object({
  total: z.number().int(),
  admins: z.number().int(),
  customers: z.number().int(),
  moderators: z.number().int(),
});
export type AdminUserCounts = z.infer<typeof adminUserCountsSchema>;

export const adminUserListResponseSchema = successShape({
  users: z.array(adminUserSchema),
  pagination: paginationSchema,
  counts: adminUserCountsSchema,
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminUserResponseSchema = successShape({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/**
 * GET /api/admin/users/:id: the user with their orders' figures. total_spent (KWD) sums
 * total_amount − refunded_amount over their orders that are neither cancelled nor awaiting or
 * failed payment (apps/api/src/modules/orders/customer-figures.ts); last_order_at is the newest
 * order's time (ISO 8601), null without orders.
 */
export const adminUserDetailSchema = adminUserSchema.extend({
  orders_count: z.number().int(),
  total_spent: moneySchema,
  last_order_at: z.string().nullable(),
  /** Staff only: whether they are e-mailed every new order (newOrderAlertsOn); absent for customers. */
  new_order_alerts: z.boolean().optional(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserDetailResponseSchema = successShape({ user: adminUserDetailSchema });
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponseSchema>;

/** DELETE reply: the message and how many orders stayed, detached from the account. */
export const adminUserDeleteResponseSchema = successShape({
  message: z.string(),
  orders_kept: z.number().int(),
});
export type AdminUserDeleteResponse = z.infer<typeof adminUserDeleteResponseSchema>;
