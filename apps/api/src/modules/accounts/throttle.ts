import { createHash } from 'node:crypto';
import { eq, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authThrottles } from '../../db/schema/index.js';

/** The per-account actions that are counted: login failures, e-mails sent, registrations tried. */
export type ThrottleAction = 'login' | 'verification_email' | 'reset_email' | 'register';

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

/**
 * At most this many registrations may be tried per e-mail address per window, whatever the
 * client (the route's own limit counts requests per client address, this one per e-mail).
 */
export const REGISTER_CAP = { max: 5, windowMs: 60 * MINUTE_MS } as const;

interface AllowanceCap {
  max: number;
  windowMs: number;
}

/**
 * Whom a counter is about: an email, or an email tried from one client (login failures are
 * counted per account and client, so one client's failures never lock the owner out elsewhere).
 */
export type ThrottleSubject = string | { email: string; client: string };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The client part of a login key: the address, an IPv6 one cut to its /64 (one host usually holds
 * the whole /64, so it must not get a fresh back-off per address).
 */
export function clientOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...headParts, ...Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'), ...tailParts]
    : headParts;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The row key: the action and the SHA-256 of the lower-cased email, then for a per-client counter
 * the SHA-256 of the client (no address, mail or IP, is stored).
 */
export function throttleKey(action: ThrottleAction, subject: ThrottleSubject): string {
  const email = typeof subject === 'string' ? subject : subject.email;
  const base = `${action}:${sha256(email.trim().toLowerCase())}`;
  return typeof subject === 'string' ? base : `${base}:${sha256(clientOf(subject.client))}`;
}

/** How long the back-off lasts after the given number of failures in a row (0: none). */
export function loginBlockMs(failures: number): number {
  if (failures < LOGIN_BACKOFF.freeFailures) return 0;
  const doublings = Math.min(failures - LOGIN_BACKOFF.freeFailures, 30);
  return Math.min(LOGIN_BACKOFF.firstBlockMs * 2 ** doublings, LOGIN_BACKOFF.maxBlockMs);
}

const timestamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * Per-account (and per account and client) counters over auth_throttles. Keys hash the email
 * whether or not an account uses it, so unknown and known addresses are throttled alike and
 * nothing can be enumerated.
 */
export function createAuthThrottle(db: Database) {
  /** Takes one of `cap.max` uses of the action per window for this email; false above it. */
  async function takeAllowance(action: ThrottleAction, email: string, cap: AllowanceCap, now: Date): Promise<boolean> {
    const windowStart = timestamp(new Date(now.getTime() - cap.windowMs));
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
    return (row?.count ?? 1) <= cap.max;
  }

  return {
    /** Milliseconds the action stays blocked for this email (0 when it is allowed now). */
    async blockedFor(action: ThrottleAction, subject: ThrottleSubject, now: Date = new Date()): Promise<number> {
      const [row] = await db
        .select({ blocked_until: authThrottles.blocked_until })
        .from(authThrottles)
        .where(eq(authThrottles.key, throttleKey(action, subject)))
        .limit(1);
      const until = row?.blocked_until?.getTime() ?? 0;
      return Math.max(0, until - now.getTime());
    },

    /** Counts a failure; from the fifth in a row the subject is blocked for a growing while. */
    async recordFailure(action: ThrottleAction, subject: ThrottleSubject, now: Date = new Date()): Promise<void> {
      const key = throttleKey(action, subject);
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

    /**
     * Forgets the failures: of one client (a successful sign-in from it), or for a plain email
     * those of the email and of every client trying it (a password reset proves the owner).
     */
    async clear(action: ThrottleAction, subject: ThrottleSubject): Promise<void> {
      const key = throttleKey(action, subject);
      await db
        .delete(authThrottles)
        .where(
          typeof subject === 'string'
            ? or(eq(authThrottles.key, key), like(authThrottles.key, `${key}:%`))
            : eq(authThrottles.key, key),
        );
    },

    /**
     * Takes one of the account's e-mails for the current window; false when the cap is reached
     * (the caller then answers as if it had sent, and sends nothing).
     */
    takeEmailAllowance(action: ThrottleAction, email: string, now: Date = new Date()): Promise<boolean> {
      return takeAllowance(action, email, EMAIL_SEND_CAP, now);
    },

    /** Takes one registration attempt of this e-mail address; false when its cap is reached. */
    takeRegistrationAttempt(email: string, now: Date = new Date()): Promise<boolean> {
      return takeAllowance('register', email, REGISTER_CAP, now);
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
