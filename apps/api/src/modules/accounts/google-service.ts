import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GOOGLE_SIGN_IN_RETURN_PATH, type GoogleCallbackBody } from '@shop/shared';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { sessions, userIdentities, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import {
  createGoogleOAuthClient,
  GoogleAuthFailedError,
  GoogleUnavailableError,
  type PendingAuthorization,
  type VerifiedIdentity,
} from '../../integrations/google-oauth/client.js';
import type { UserRow } from './service.js';
import { isUniqueViolation, uniqueUsername } from './usernames.js';

export type { PendingAuthorization } from '../../integrations/google-oauth/client.js';

const PROVIDER = 'google';
/** Path of the web page Google sends the browser back to; it posts code and state to the API. */
/** Where Google sends the shopper back: one address for both languages (decision 046). */
export const GOOGLE_CALLBACK_PATH = GOOGLE_SIGN_IN_RETURN_PATH;
const NAME_MAX = 200;
const PART_NAME_MAX = 100;
const UNIQUE_RETRIES = 3;

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', 'auth.google_unavailable');
const failed = () => new AppError('GOOGLE_AUTH_FAILED', 'auth.google_failed');

/** Equal texts, compared in constant time whatever their lengths. */
function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

const clip = (text: string | undefined, max: number) => (text ? text.slice(0, max) : undefined);

/** Whether "Sign in with Google" is offered: only with both the OAuth client id and secret. */
export function googleSignInConfigured(
  config: Pick<AppConfig, 'googleClientId' | 'googleClientSecret'>,
): config is typeof config & { googleClientId: string; googleClientSecret: string } {
  return Boolean(config.googleClientId && config.googleClientSecret);
}

/** "Sign in with Google": the OpenID Connect flow and the accounts it signs into. */
export function createGoogleSignInService(
  db: Database,
  config: Pick<AppConfig, 'googleClientId' | 'googleClientSecret' | 'googleIssuer' | 'publicUrl'>,
) {
  const client =
    googleSignInConfigured(config)
      ? createGoogleOAuthClient({
          issuer: config.googleIssuer,
          clientId: config.googleClientId,
          clientSecret: config.googleClientSecret,
          redirectUri: `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`,
        })
      : undefined;

  async function linkedUser(subject: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.user_id))
      .where(and(eq(userIdentities.provider, PROVIDER), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.user;
  }

  async function userByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  /**
   * Links the Google identity to an existing account with the same (Google-verified) email. An
   * account whose email was never verified may have been registered by someone else in advance
   * to hijack it: its password and sessions go, and the verified email is recorded.
   */
  async function linkToExisting(user: UserRow, identity: VerifiedIdentity): Promise<UserRow> {
    return db.transaction(async (tx) => {
      await tx
        .insert(userIdentities)
        .values({ user_id: user.id, provider: PROVIDER, subject: identity.subject, email: identity.email });
      if (user.email_verified_at !== null) return user;
      await tx.delete(sessions).where(eq(sessions.user_id, user.id));
      const now = new Date();
      const [updated] = await tx
        .update(users)
        .set({ email_verified_at: now, password_hash: null, updated_at: now })
        .where(eq(users.id, user.id))
        .returning();
      return updated ?? user;
    });
  }

  async function createCustomer(identity: VerifiedIdentity): Promise<UserRow> {
    const username = await uniqueUsername(db, identity.email);
    const localPart = identity.email.split('@')[0] ?? identity.email;
    return db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username,
          name: clip(identity.name, NAME_MAX) ?? clip(localPart, NAME_MAX) ?? identity.email,
          first_name: clip(identity.givenName, PART_NAME_MAX) ?? null,
          last_name: clip(identity.familyName, PART_NAME_MAX) ?? null,
          email: identity.email,
          password_hash: null,
          email_verified_at: identity.emailVerified ? new Date() : null,
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await tx
        .insert(userIdentities)
        .values({ user_id: user.id, provider: PROVIDER, subject: identity.subject, email: identity.email });
      return user;
    });
  }

  async function resolveOnce(identity: VerifiedIdentity): Promise<UserRow> {
    const linked = await linkedUser(identity.subject);
    if (linked) return linked;
    const existing = await userByEmail(identity.email);
    if (existing) {
      if (!identity.emailVerified) {
        throw new AppError('GOOGLE_AUTH_FAILED', 'auth.google_email_unverified');
      }
      return linkToExisting(existing, identity);
    }
    return createCustomer(identity);
  }

  /**
   * The account of a verified Google identity: the linked one, else the account with the same
   * email (linked when Google verified the email), else a new customer. Concurrent sign-ins of
   * the same new person meet at the unique indexes; the loser reads again and finds the winner.
   */
  async function accountFor(identity: VerifiedIdentity): Promise<UserRow> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await resolveOnce(identity);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= UNIQUE_RETRIES) throw error;
      }
    }
  }

  return {
    accountFor,

    /** The consent page URL and the secrets to keep for the callback; SERVICE_UNAVAILABLE when off or unreachable. */
    async start(log: FastifyBaseLogger): Promise<{ url: string; pending: PendingAuthorization }> {
      if (!client) throw unavailable();
      try {
        return await client.startAuthorization();
      } catch (error) {
        if (!(error instanceof GoogleUnavailableError)) throw error;
        log.warn({ reason: error.message }, 'Google sign-in unavailable');
        throw unavailable();
      }
    },

    /**
     * Checks the callback against the pending authorization of the browser, exchanges the code,
     * verifies the ID token and returns the account to sign in. Any failure is GOOGLE_AUTH_FAILED.
     */
    async complete(
      callback: GoogleCallbackBody,
      pending: PendingAuthorization | undefined,
      log: FastifyBaseLogger,
    ): Promise<UserRow> {
      if (!client) throw unavailable();
      if (!pending) {
        log.warn({ reason: 'no pending authorization cookie' }, 'Google sign-in failed');
        throw failed();
      }
      if (!sameSecret(pending.state, callback.state)) {
        log.warn({ reason: 'state mismatch' }, 'Google sign-in failed');
        throw failed();
      }
      let identity: VerifiedIdentity;
      try {
        identity = await client.completeAuthorization(callback, pending);
      } catch (error) {
        if (error instanceof GoogleAuthFailedError || error instanceof GoogleUnavailableError) {
          log.warn({ reason: error.message }, 'Google sign-in failed');
          throw failed();
        }
        throw error;
      }
      try {
        return await accountFor(identity);
      } catch (error) {
        if (error instanceof AppError) {
          log.warn({ reason: error.messageKey }, 'Google sign-in refused');
        }
        throw error;
      }
    },
  };
}

export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;
