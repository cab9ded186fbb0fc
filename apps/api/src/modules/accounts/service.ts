import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type {
  ChangePasswordBody,
  Language,
  LoginBody,
  NotificationPreferences,
  ProfileUpdateBody,
  RegisterBody,
  User,
} from '@shop/shared';
import { newOrderAlertsOn, permissionsOf } from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { orders, passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { storedPhone } from '../../lib/contact.js';
import { createAuthThrottle } from './throttle.js';
import { isUniqueViolation, splitFullName, uniqueUsername } from './usernames.js';

/**
 * OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. The library's default
 * algorithm is argon2id (its `Algorithm` const enum cannot be imported under verbatimModuleSyntax).
 */
const ARGON2_OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type UserRow = typeof users.$inferSelect;

/** What a bearer token resolves to. */
export type TokenResolution =
  | { status: 'valid'; user: UserRow; sessionId: number }
  | { status: 'invalid' }
  | { status: 'expired' };

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    isVerified: row.email_verified_at !== null,
    isAdmin: row.role === 'admin',
    role: row.role,
    permissions: permissionsOf(row.role),
    has_password: row.password_hash !== null,
    notification_preferences: {
      order_confirmations: row.notify_order_confirmations,
      shipping_updates: row.notify_shipping_updates,
      promotional: row.notify_promotional,
      ...(row.role === 'customer' ? {} : { new_order_alerts: newOrderAlertsOn(row.role, row.new_order_alerts) }),
    },
  };
}

const userExists = () => new AppError('USER_EXISTS', 'auth.user_exists');
const invalidCredentials = () => new AppError('UNAUTHENTICATED', 'auth.invalid_credentials');

/** 429 with the whole minutes left, so the shopper knows when to try again. */
export function tooManyAttempts(remainingMs: number): AppError {
  return new AppError('RATE_LIMITED', 'auth.too_many_attempts', undefined, {
    count: Math.max(1, Math.ceil(remainingMs / 60_000)),
  });
}

export interface SessionInput {
  userAgent?: string | undefined;
  /** The client's address: login failures are counted per account and client. */
  client?: string | undefined;
  now?: Date;
  /** The request's language: a staff member's alerts are written in the last one they signed in with. */
  lang?: Language | undefined;
}

export function createAccountsService(db: Database) {
  const throttle = createAuthThrottle(db);
  // A real hash of a random secret: an unknown email costs the same verification as a known one.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS));

  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  async function findById(id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async function getProfile(userId: number): Promise<UserRow> {
    const user = await findById(userId);
    if (!user) throw new AppError('INVALID_TOKEN', 'auth.invalid_token');
    return user;
  }

  /**
   * Confirms an action with the account's current password when it has one (an account made
   * with Google may not); the failure is a field error on `field`.
   */
  async function confirmPassword(user: UserRow, password: string | undefined, field: string): Promise<void> {
    if (user.password_hash === null) return;
    if (!password) {
      throw AppError.validation([{ field, message: 'auth.current_password_required' }]);
    }
    const matches = await verify(user.password_hash, password).catch(() => false);
    if (!matches) throw AppError.validation([{ field, message: 'auth.current_password_wrong' }]);
  }

  /** Ends every session of the user, or every one but `keepSessionId`, in the caller's transaction. */
  async function endSessions(executor: Executor, userId: number, keepSessionId?: number): Promise<void> {
    await executor
      .delete(sessions)
      .where(and(eq(sessions.user_id, userId), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId)));
  }

  /** Reset links still open for the user stop working (the password or the address changed). */
  async function voidResetLinks(executor: Executor, userId: number): Promise<void> {
    await executor
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
  }

  /**
   * Deletes the account in the caller's transaction: sessions, codes, reset links, linked
   * identities and the cart go with it (cascade); orders keep their snapshot and lose only the
   * link to the user (set null). Returns the deleted row, or undefined when there was none.
   */
  async function removeAccount(executor: Executor, userId: number): Promise<UserRow | undefined> {
    const [removed] = await executor.delete(users).where(eq(users.id, userId)).returning();
    return removed;
  }

  async function createSession(userId: number, input: SessionInput = {}): Promise<string> {
    const now = input.now ?? new Date();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await db.insert(sessions).values({
      token_hash: hashSessionToken(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      last_used_at: now,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      created_at: now,
    });
    return token;
  }

  return {
    hashPassword: (password: string) => hash(password, ARGON2_OPTIONS),

    endSessions,

    voidResetLinks,

    removeAccount,

    /**
     * Creates a customer account and its first session; a taken email is USER_EXISTS,
     * answered only after the same password hashing as a new account, so the timing adds
     * nothing. Each address may be tried REGISTER_CAP times per window.
     */
    async register(
      input: RegisterBody,
      session: SessionInput = {},
    ): Promise<{ token: string; user: UserRow }> {
      if (!(await throttle.takeRegistrationAttempt(input.email, session.now))) {
        throw new AppError('RATE_LIMITED', 'error.rate_limited');
      }
      const password_hash = await hash(input.password, ARGON2_OPTIONS);
      if (await findByEmail(input.email)) throw userExists();
      // Two registrations may race for a username or an email: the unique indexes decide.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const [user] = await db
            .insert(users)
            .values({
              username: await uniqueUsername(db, input.email),
              name: input.name,
              ...splitFullName(input.name),
              email: input.email,
              phone: storedPhone(input.phone),
              address: input.address,
              password_hash,
            })
            .returning();
          const token = await createSession(user!.id, session);
          return { token, user: user! };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (await findByEmail(input.email)) throw userExists();
          if (attempt >= 3) throw error;
        }
      }
    },

    /**
     * Checks email and password; unknown email and wrong password fail alike, and both count
     * towards the back-off of this email from this client (429 while it lasts), so neither
     * answers nor timing tell whether an account exists. Failures from one client never block
     * another: nobody can lock the owner out by failing on purpose.
     */
    async login(
      input: LoginBody,
      session: SessionInput = {},
    ): Promise<{ token: string; user: UserRow }> {
      const now = session.now ?? new Date();
      const subject = { email: input.email, client: session.client ?? 'unknown' };
      const blockedMs = await throttle.blockedFor('login', subject, now);
      if (blockedMs > 0) throw tooManyAttempts(blockedMs);
      const user = await findByEmail(input.email);
      const stored = user?.password_hash ?? (await getDummyHash());
      const matches = await verify(stored, input.password).catch(() => false);
      if (!user || user.password_hash === null || !matches) {
        await throttle.recordFailure('login', subject, now);
        throw invalidCredentials();
      }
      await throttle.clear('login', subject);
      const token = await createSession(user.id, session);
      if (user.role !== 'customer' && session.lang !== undefined && user.language !== session.lang) {
        await db.update(users).set({ language: session.lang }).where(eq(users.id, user.id));
      }
      return { token, user };
    },

    findByEmail,

    createSession,

    /** The user behind a bearer token; touches the session's last use. */
    async resolveToken(token: string, now: Date = new Date()): Promise<TokenResolution> {
      if (!TOKEN_PATTERN.test(token)) return { status: 'invalid' };
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(eq(sessions.token_hash, hashSessionToken(token)))
        .limit(1);
      if (!row) return { status: 'invalid' };
      if (row.session.expires_at.getTime() <= now.getTime()) return { status: 'expired' };
      // Written at most once a minute per session, so reads do not turn into writes.
      if (now.getTime() - row.session.last_used_at.getTime() > 60_000) {
        await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, row.session.id));
      }
      return { status: 'valid', user: row.user, sessionId: row.session.id };
    },

    async revokeSession(sessionId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of the user except the one given (after a password change). */
    async revokeOtherSessions(userId: number, keepSessionId: number): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)));
    },

    getProfile,

    /**
     * Sets a new password after checking the current one (when the account has one) and ends
     * every other session; reset links still open die too.
     */
    async changePassword(userId: number, keepSessionId: number, input: ChangePasswordBody): Promise<void> {
      const user = await getProfile(userId);
      await confirmPassword(user, input.current_password, 'current_password');
      const password_hash = await hash(input.new_password, ARGON2_OPTIONS);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash, updated_at: new Date() }).where(eq(users.id, userId));
        await endSessions(tx, userId, keepSessionId);
        await voidResetLinks(tx, userId);
      });
    },

    /**
     * Saves the e-mail notification choices of the Settings tab. Staff may also choose new-order
     * alerts (a customer who sends that choice gets a 400), and their language is recorded, so
     * the alerts are written in the language they use the shop in.
     */
    async updatePreferences(
      user: Pick<UserRow, 'id' | 'role'>,
      input: NotificationPreferences,
      lang: Language,
    ): Promise<NotificationPreferences> {
      const staff = user.role !== 'customer';
      if (!staff && input.new_order_alerts !== undefined) {
        throw AppError.validation([{ field: 'new_order_alerts', message: 'auth.new_order_alerts_staff_only' }]);
      }
      const [row] = await db
        .update(users)
        .set({
          notify_order_confirmations: input.order_confirmations,
          notify_shipping_updates: input.shipping_updates,
          notify_promotional: input.promotional,
          // Staff alerts and a customer's promotional e-mails (the cart reminder) are written in
          // the language the choice was made in.
          language: lang,
          ...(staff && input.new_order_alerts !== undefined ? { new_order_alerts: input.new_order_alerts } : {}),
          updated_at: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) throw new AppError('INVALID_TOKEN', 'auth.invalid_token');
      return presentUser(row).notification_preferences;
    },

    /**
     * Deletes the account after checking its password (when it has one); see removeAccount for
     * what goes with it and what stays.
     */
    async deleteAccount(userId: number, password: string | undefined): Promise<void> {
      const user = await getProfile(userId);
      await confirmPassword(user, password, 'password');
      await removeAccount(db, userId);
    },

    /**
     * Where a promotional e-mail (the cart reminder, docs/decisions/063) to the account goes: its
     * address, name and language (Arabic until it chose one), or null when it did not tick
     * promotional e-mails, its address is not verified, or it is gone.
     */
    async promotionalRecipient(userId: number): Promise<{ to: string; name: string; lang: Language } | null> {
      const [row] = await db
        .select({ email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.notify_promotional, true), isNotNull(users.email_verified_at)));
      return row ? { to: row.email, name: row.name, lang: row.language ?? 'ar' } : null;
    },

    /** Turns the account's promotional e-mails off (an unsubscribe link); nothing for an account that is gone. */
    async stopPromotionalEmails(userId: number): Promise<void> {
      await db.update(users).set({ notify_promotional: false, updated_at: new Date() }).where(eq(users.id, userId));
    },

    /** False only for an order of a signed-in customer who turned order confirmations off. */
    async orderConfirmationWanted(orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ wanted: users.notify_order_confirmations })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.user_id))
        .where(eq(orders.id, orderId))
        .limit(1);
      return row?.wanted ?? true;
    },

    /** False only for an order of a signed-in customer who turned shipping updates off. */
    async shippingUpdatesWanted(orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ wanted: users.notify_shipping_updates })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.user_id))
        .where(eq(orders.id, orderId))
        .limit(1);
      return row?.wanted ?? true;
    },

    /**
     * Updates the given fields. A new email needs the current password (when the account has
     * one), must be free, has to be verified again, and ends every other session: a stolen
     * token alone cannot move the account to another mailbox.
     */
    async updateProfile(userId: number, keepSessionId: number, input: ProfileUpdateBody): Promise<UserRow> {
      const current = await getProfile(userId);
      const changes: Partial<typeof users.$inferInsert> = { updated_at: new Date() };
      if (input.first_name !== undefined) changes.first_name = input.first_name;
      if (input.last_name !== undefined) changes.last_name = input.last_name;
      if (input.phone !== undefined) changes.phone = storedPhone(input.phone);
      if (input.email !== undefined && input.email !== current.email) {
        await confirmPassword(current, input.current_password, 'current_password');
        const owner = await findByEmail(input.email);
        if (owner && owner.id !== userId) throw userExists();
        changes.email = input.email;
        changes.email_verified_at = null;
      }
      try {
        return await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set(changes)
            .where(eq(users.id, userId))
            .returning();
          // A reset link mailed to the old address must not open the account any more, nor may
          // the other sessions stay signed in to the moved account.
          if (changes.email !== undefined) {
            await voidResetLinks(tx, userId);
            await endSessions(tx, userId, keepSessionId);
          }
          return updated!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw userExists();
        throw error;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
