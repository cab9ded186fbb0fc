import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  type Language,
  type VerifyEmailCodeBody,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { emailVerificationCodes, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { NotificationsService } from '../notifications/index.js';
import type { AccountsService, UserRow } from './service.js';
import type { AuthThrottle } from './throttle.js';

export interface EmailVerificationDeps {
  accounts: Pick<AccountsService, 'findByEmail'>;
  notifications: Pick<NotificationsService, 'sendVerificationCode'>;
  throttle: Pick<AuthThrottle, 'takeEmailAllowance'>;
  /** The server secret the code hashes are keyed with (SESSION_SECRET or the stored one). */
  serverSecret: () => Promise<string>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** What checking a code did: the email is now verified, or already was. */
export type VerifyCodeOutcome = 'verified' | 'already_verified';

const invalidCode = () => new AppError('INVALID_CODE', 'auth.code_invalid');
export const emailSendFailed = () => new AppError('EMAIL_FAILED', 'auth.email_send_failed');

/** A uniformly random code of VERIFICATION_CODE_LENGTH digits, leading zeros kept. */
export function generateVerificationCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * E-mail verification with 6-digit codes. Only an HMAC of each code is stored (keyed with a
 * key derived from the server secret, over the user id and the code); a code dies after ten
 * minutes, after five wrong tries, once used or when a newer one is issued.
 */
export function createEmailVerificationService(db: Database, deps: EmailVerificationDeps) {
  let codeKey: Promise<Buffer> | undefined;
  // A key of its own, so the cookie-signing secret is never used directly for another purpose.
  const getCodeKey = () =>
    (codeKey ??= deps.serverSecret().then((secret) =>
      createHmac('sha256', secret).update('email-verification-code').digest(),
    ));

  async function hashCode(userId: number, code: string): Promise<string> {
    return createHmac('sha256', await getCodeKey()).update(`${userId}:${code}`).digest('hex');
  }

  /** Whether the code is the one that verified the user's current address (sent twice). */
  async function isUsedCode(user: UserRow, code: string): Promise<boolean> {
    const [used] = await db
      .select({ code_hash: emailVerificationCodes.code_hash })
      .from(emailVerificationCodes)
      .where(
        and(
          eq(emailVerificationCodes.user_id, user.id),
          eq(emailVerificationCodes.email, user.email),
          isNotNull(emailVerificationCodes.consumed_at),
        ),
      )
      .orderBy(desc(emailVerificationCodes.consumed_at))
      .limit(1);
    if (!used) return false;
    const expected = Buffer.from(used.code_hash, 'hex');
    const given = Buffer.from(await hashCode(user.id, code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Creates a new code for the user's current address; their older codes die. */
  async function issueCode(user: UserRow, now: Date): Promise<string> {
    const code = generateVerificationCode();
    const code_hash = await hashCode(user.id, code);
    await db.transaction(async (tx) => {
      await tx
        .delete(emailVerificationCodes)
        .where(and(eq(emailVerificationCodes.user_id, user.id), isNull(emailVerificationCodes.consumed_at)));
      await tx.insert(emailVerificationCodes).values({
        user_id: user.id,
        code_hash,
        email: user.email,
        expires_at: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
        created_at: now,
      });
    });
    return code;
  }

  /**
   * Issues and mails a code unless the account's e-mail allowance is used up (then nothing is
   * sent and the result is false; resend answers as if it had been). Rejects with EMAIL_FAILED when the mail
   * server fails; the code stays issued, a later resend replaces it.
   */
  async function sendCode(user: UserRow, lang: Language, now: Date): Promise<boolean> {
    if (!(await deps.throttle.takeEmailAllowance('verification_email', user.email, now))) return false;
    const code = await issueCode(user, now);
    try {
      await deps.notifications.sendVerificationCode({ to: user.email, name: user.name, lang }, code);
      return true;
    } catch (error) {
      deps.log.warn({ err: error, userId: user.id }, 'Verification code e-mail could not be sent');
      throw emailSendFailed();
    }
  }

  return {
    /** After registration: true when the first code went out (false: the web offers resend). */
    async sendAfterRegistration(user: UserRow, lang: Language, now: Date = new Date()): Promise<boolean> {
      try {
        return await sendCode(user, lang, now);
      } catch (error) {
        if (error instanceof AppError && error.code === 'EMAIL_FAILED') return false;
        throw error;
      }
    },

    /**
     * resend-verification(-code): a new code only for an existing unverified account; every
     * other email gets the same quiet success so that accounts cannot be enumerated.
     */
    async resend(email: string, lang: Language, now: Date = new Date()): Promise<void> {
      const user = await deps.accounts.findByEmail(email);
      if (!user || user.email_verified_at !== null) return;
      await sendCode(user, lang, now);
    },

    /**
     * Checks a code; an unknown email, and a verified one with any code but the one that
     * verified it, fail exactly like a wrong code (nothing tells that an account is verified).
     */
    async verify(input: VerifyEmailCodeBody, now: Date = new Date()): Promise<VerifyCodeOutcome> {
      const user = await deps.accounts.findByEmail(input.email);
      if (!user) throw invalidCode();
      if (user.email_verified_at !== null) {
        if (await isUsedCode(user, input.code)) return 'already_verified';
        throw invalidCode();
      }
      const [code] = await db
        .select()
        .from(emailVerificationCodes)
        .where(and(eq(emailVerificationCodes.user_id, user.id), isNull(emailVerificationCodes.consumed_at)))
        .orderBy(desc(emailVerificationCodes.created_at), desc(emailVerificationCodes.id))
        .limit(1);
      // A code proves only the address it was sent to.
      if (!code || code.email !== user.email) throw invalidCode();
      if (code.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) {
        throw new AppError('INVALID_CODE', 'auth.code_attempts_exceeded');
      }
      if (code.expires_at.getTime() <= now.getTime()) {
        throw new AppError('INVALID_CODE', 'auth.code_expired');
      }
      // The try is counted before the comparison, so parallel guesses cannot exceed the limit.
      const [counted] = await db
        .update(emailVerificationCodes)
        .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
        .where(
          and(
            eq(emailVerificationCodes.id, code.id),
            isNull(emailVerificationCodes.consumed_at),
            lt(emailVerificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ attempts: emailVerificationCodes.attempts });
      if (!counted) throw new AppError('INVALID_CODE', 'auth.code_attempts_exceeded');

      const expected = Buffer.from(code.code_hash, 'hex');
      const given = Buffer.from(await hashCode(user.id, input.code), 'hex');
      const matches = expected.length === given.length && timingSafeEqual(expected, given);
      if (!matches) {
        throw counted.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS
          ? new AppError('INVALID_CODE', 'auth.code_attempts_exceeded')
          : invalidCode();
      }

      const verified = await db.transaction(async (tx) => {
        const [consumed] = await tx
          .update(emailVerificationCodes)
          .set({ consumed_at: now })
          .where(and(eq(emailVerificationCodes.id, code.id), isNull(emailVerificationCodes.consumed_at)))
          .returning({ id: emailVerificationCodes.id });
        if (!consumed) return false;
        await tx
          .update(users)
          .set({ email_verified_at: now, updated_at: now })
          .where(and(eq(users.id, user.id), eq(users.email, code.email), isNull(users.email_verified_at)));
        await tx
          .delete(emailVerificationCodes)
          .where(and(eq(emailVerificationCodes.user_id, user.id), ne(emailVerificationCodes.id, code.id)));
        return true;
      });
      // Another request used the same code a moment earlier: the email is verified either way.
      return verified ? 'verified' : 'already_verified';
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
