import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authThrottles } from '../../db/schema/index.js';

/** The per-account actions that are counted: login failures and e-mails sent. */
export type ThrottleAction = 'login' | 'verification_email' | 'reset_email';

const MINUTE_MS = 60_000;

/** Login: five free failures, then a back-off that doubles from 30 seconds up to 15 minutes. */
export const LOGIN_BACKOFF = {
  freeFailures: 5,
  /** Failures are forgotten after this long without a failure or a block. */
  windowMs: 15 * MINUTE_MS,
  firstBlockMs: 30_000,
  maxBlockMs: 15 * MINUTE_MS,
} as const;

/** At most this many codes or reset links are mailed to one account per window. */
export const EMAIL_SEND_CAP = { max: 3, windowMs: 15 * MINUTE_MS } as const;

/** The row key: the action and the SHA-256 of the lower-cased email (no address is stored). */
export function throttleKey(action: ThrottleAction, email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `${action}:${digest}`;
}

/** How long the back-off lasts after the given number of failures in a row (0: none). */
export function loginBlockMs(failures: number): number {
  if (failures < LOGIN_BACKOFF.freeFailures) return 0;
  const doublings = Math.min(failures - LOGIN_BACKOFF.freeFailures, 30);
  return Math.min(LOGIN_BACKOFF.firstBlockMs * 2 ** doublings, LOGIN_BACKOFF.maxBlockMs);
}

const timestamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * Per-account counters over auth_throttles. Keys hash the email whether or not an account uses
 * it, so unknown and known addresses are throttled alike and nothing can be enumerated.
 */
export function createAuthThrottle(db: Database) {
  return {
    /** Milliseconds the action stays blocked for this email (0 when it is allowed now). */
    async blockedFor(action: ThrottleAction, email: string, now: Date = new Date()): Promise<number> {
      const [row] = await db
        .select({ blocked_until: authThrottles.blocked_until })
        .from(authThrottles)
        .where(eq(authThrottles.key, throttleKey(action, email)))
        .limit(1);
      const until = row?.blocked_until?.getTime() ?? 0;
      return Math.max(0, until - now.getTime());
    },

    /** Counts a failure; from the fifth in a row the account is blocked for a growing while. */
    async recordFailure(action: ThrottleAction, email: string, now: Date = new Date()): Promise<void> {
      const key = throttleKey(action, email);
      const forgottenBefore = timestamp(new Date(now.getTime() - LOGIN_BACKOFF.windowMs));
      // A quiet period (no failure and no block for a whole window) starts the count again.
      const stale = sql`greatest(${authThrottles.updated_at}, ${authThrottles.blocked_until}) < ${forgottenBefore}`;
      const [row] = await db
        .insert(authThrottles)
        .values({ key, failures: 1, window_started_at: now, blocked_until: null, updated_at: now })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${authThrottles.failures} + 1 END`,
            window_started_at: sql`CASE WHEN ${stale} THEN ${timestamp(now)} ELSE ${authThrottles.window_started_at} END`,
            blocked_until: sql`CASE WHEN ${stale} THEN NULL ELSE ${authThrottles.blocked_until} END`,
            updated_at: now,
          },
        })
        .returning({ failures: authThrottles.failures });
      const blockMs = loginBlockMs(row?.failures ?? 1);
      if (blockMs > 0) {
        await db
          .update(authThrottles)
          .set({ blocked_until: new Date(now.getTime() + blockMs) })
          .where(eq(authThrottles.key, key));
      }
    },

    /** Forgets the failures (after a successful sign-in or a password reset). */
    async clear(action: ThrottleAction, email: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, throttleKey(action, email)));
    },

    /**
     * Takes one of the account's e-mails for the current window; false when the cap is reached
     * (the caller then answers as if it had sent, and sends nothing).
     */
    async takeEmailAllowance(action: ThrottleAction, email: string, now: Date = new Date()): Promise<boolean> {
      const windowStart = timestamp(new Date(now.getTime() - EMAIL_SEND_CAP.windowMs));
      const expired = sql`${authThrottles.window_started_at} <= ${windowStart}`;
      const [row] = await db
        .insert(authThrottles)
        .values({ key: throttleKey(action, email), failures: 1, window_started_at: now, updated_at: now })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${authThrottles.failures} + 1 END`,
            window_started_at: sql`CASE WHEN ${expired} THEN ${timestamp(now)} ELSE ${authThrottles.window_started_at} END`,
            updated_at: now,
          },
        })
        .returning({ count: authThrottles.failures });
      return (row?.count ?? 1) <= EMAIL_SEND_CAP.max;
    },

    /** Deletes rows that no longer block or count anything (quiet for a day); returns how many. */
    async prune(now: Date = new Date()): Promise<number> {
      const quietSince = timestamp(new Date(now.getTime() - PRUNE_AFTER_MS));
      const rows = await db
        .delete(authThrottles)
        .where(sql`greatest(${authThrottles.updated_at}, ${authThrottles.blocked_until}) < ${quietSince}`)
        .returning({ key: authThrottles.key });
      return rows.length;
    },
  };
}

/** A row quiet for this long is past every window and block (the longest is 15 minutes). */
export const PRUNE_AFTER_MS = 24 * 60 * MINUTE_MS;

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
