import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { pathInLanguage, RESET_LINK_TTL_MS, type Language, type ResetPasswordBody } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { maskEmail } from '../../lib/mask-email.js';
import type { NotificationsService } from '../notifications/index.js';
import { emailSendFailed } from './email-verification.js';
import type { AccountsService } from './service.js';
import type { AuthThrottle } from './throttle.js';

const RESET_TOKEN_BYTES = 32;
const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface PasswordResetDeps {
  accounts: Pick<AccountsService, 'findByEmail' | 'hashPassword'>;
  notifications: Pick<NotificationsService, 'sendPasswordReset'>;
  throttle: Pick<AuthThrottle, 'takeEmailAllowance' | 'clear'>;
  /** Base of the link (config.publicUrl), never the request's Host header. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const invalidResetToken = () => new AppError('INVALID_RESET_TOKEN', 'auth.reset_token_invalid');

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Password reset by e-mailed link: a single-use token of 32 random bytes, stored as its SHA-256,
 * valid for an hour; a newer link replaces the older ones.
 */
export function createPasswordResetService(db: Database, deps: PasswordResetDeps) {
  /** The user of a token that is still usable, or undefined. */
  async function findUsable(token: string, now: Date) {
    if (!RESET_TOKEN_PATTERN.test(token)) return undefined;
    const [row] = await db
      .select({ email: users.email })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
      .where(
        and(
          eq(passwordResetTokens.token_hash, hashResetToken(token)),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, now),
        ),
      )
      .limit(1);
    return row;
  }

  return {
    /**
     * forgot-password: mails a link when an account uses the email and its allowance is not used
     * up; otherwise does nothing, and the caller answers the same either way. Rejects with
     * EMAIL_FAILED when the mail server fails.
     */
    async requestReset(email: string, lang: Language, now: Date = new Date()): Promise<void> {
      const user = await deps.accounts.findByEmail(email);
      if (!user) return;
      if (!(await deps.throttle.takeEmailAllowance('reset_email', user.email, now))) return;
      const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.user_id, user.id), isNull(passwordResetTokens.used_at)));
        await tx.insert(passwordResetTokens).values({
          user_id: user.id,
          token_hash: hashResetToken(token),
          expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS),
          created_at: now,
        });
      });
      // The page in the language the shopper asked from (Arabic at the root, English under /en).
      const resetUrl = `${deps.publicUrl}${pathInLanguage(`/reset-password?token=${token}`, lang)}`;
      try {
        await deps.notifications.sendPasswordReset({ to: user.email, name: user.name, lang }, resetUrl);
      } catch (error) {
        deps.log.warn({ err: error, userId: user.id }, 'Password reset e-mail could not be sent');
        throw emailSendFailed();
      }
    },

    /** The masked email of a usable token; INVALID_RESET_TOKEN for anything else. */
    async checkToken(token: string, now: Date = new Date()): Promise<{ email: string }> {
      const row = await findUsable(token, now);
      if (!row) throw invalidResetToken();
      return { email: maskEmail(row.email) };
    },

    /**
     * Sets the new password and uses the token up (a guarded update, so two requests cannot both
     * use it), ends every session of the account and marks its email verified: the link proved
     * the shopper reads that mailbox.
     */
    async resetPassword(input: ResetPasswordBody, now: Date = new Date()): Promise<void> {
      if (!RESET_TOKEN_PATTERN.test(input.token)) throw invalidResetToken();
      // Hashing is slow: done before the transaction, and only for a token that looks usable.
      if (!(await findUsable(input.token, now))) throw invalidResetToken();
      const password_hash = await deps.accounts.hashPassword(input.password);
      const email = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ used_at: now })
          .where(
            and(
              eq(passwordResetTokens.token_hash, hashResetToken(input.token)),
              isNull(passwordResetTokens.used_at),
              gt(passwordResetTokens.expires_at, now),
            ),
          )
          .returning({ user_id: passwordResetTokens.user_id });
        if (!used) return undefined;
        const [user] = await tx
          .update(users)
          .set({
            password_hash,
            email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`,
            updated_at: now,
          })
          .where(eq(users.id, used.user_id))
          .returning({ email: users.email });
        await tx.delete(sessions).where(eq(sessions.user_id, used.user_id));
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.user_id, used.user_id), isNull(passwordResetTokens.used_at)));
        return user?.email;
      });
      if (email === undefined) throw invalidResetToken();
      // The owner has proved themselves: the login back-off an attacker caused ends here.
      await deps.throttle.clear('login', email);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
