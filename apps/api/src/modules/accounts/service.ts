import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { LoginBody, ProfileUpdateBody, RegisterBody, User } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

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
const USERNAME_MAX = 30;

type UserRow = typeof users.$inferSelect;

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
    has_password: row.password_hash !== null,
    notification_preferences: {
      order_confirmations: row.notify_order_confirmations,
      shipping_updates: row.notify_shipping_updates,
      promotional: row.notify_promotional,
    },
  };
}

/** True when a database error is a unique-constraint violation (possibly wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The base of a username: the email's local part reduced to [a-z0-9._-]. */
function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, USERNAME_MAX - 5);
  return cleaned.length >= 2 ? cleaned : `user${cleaned}`;
}

const userExists = () => new AppError('USER_EXISTS', 'auth.user_exists');
const invalidCredentials = () => new AppError('UNAUTHENTICATED', 'auth.invalid_credentials');

export interface SessionInput {
  userAgent?: string | undefined;
  now?: Date;
}

export function createAccountsService(db: Database) {
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

  async function usernameTaken(username: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username))
      .limit(1);
    return row !== undefined;
  }

  /** A free username from the email's local part, with a random suffix when taken. */
  async function uniqueUsername(email: string): Promise<string> {
    const base = usernameBase(email);
    if (!(await usernameTaken(base))) return base;
    for (;;) {
      const candidate = `${base}${randomBytes(2).readUInt16BE(0) % 10_000}`;
      if (!(await usernameTaken(candidate))) return candidate;
    }
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

    /** Creates a customer account and its first session; a taken email is USER_EXISTS. */
    async register(
      input: RegisterBody,
      session: SessionInput = {},
    ): Promise<{ token: string; user: UserRow }> {
      if (await findByEmail(input.email)) throw userExists();
      const password_hash = await hash(input.password, ARGON2_OPTIONS);
      // Two registrations may race for a username or an email: the unique indexes decide.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const [user] = await db
            .insert(users)
            .values({
              username: await uniqueUsername(input.email),
              name: input.name,
              email: input.email,
              phone: input.phone,
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

    /** Checks email and password; unknown email and wrong password fail alike. */
    async login(
      input: LoginBody,
      session: SessionInput = {},
    ): Promise<{ token: string; user: UserRow }> {
      const user = await findByEmail(input.email);
      const stored = user?.password_hash ?? (await getDummyHash());
      const matches = await verify(stored, input.password).catch(() => false);
      if (!user || user.password_hash === null || !matches) throw invalidCredentials();
      const token = await createSession(user.id, session);
      return { token, user };
    },

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

    /** Updates the given fields; a new email must be free and has to be verified again. */
    async updateProfile(userId: number, input: ProfileUpdateBody): Promise<UserRow> {
      const current = await getProfile(userId);
      const changes: Partial<typeof users.$inferInsert> = { updated_at: new Date() };
      if (input.first_name !== undefined) changes.first_name = input.first_name;
      if (input.last_name !== undefined) changes.last_name = input.last_name;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.email !== undefined && input.email !== current.email) {
        const owner = await findByEmail(input.email);
        if (owner && owner.id !== userId) throw userExists();
        changes.email = input.email;
        changes.email_verified_at = null;
      }
      try {
        const [updated] = await db
          .update(users)
          .set(changes)
          .where(eq(users.id, userId))
          .returning();
        return updated!;
      } catch (error) {
        if (isUniqueViolation(error)) throw userExists();
        throw error;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
