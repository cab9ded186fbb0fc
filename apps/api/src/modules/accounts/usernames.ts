import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

const USERNAME_MAX = 30;

/** True when a database error is a unique-constraint violation (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
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

async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row !== undefined;
}

/**
 * A free username from the email's local part, with a random suffix when taken. Two sign-ups may
 * still race for it: callers retry on the unique index's violation.
 */
export async function uniqueUsername(db: Executor, email: string): Promise<string> {
  const base = usernameBase(email);
  if (!(await usernameTaken(db, base))) return base;
  for (;;) {
    const candidate = `${base}${randomBytes(2).readUInt16BE(0) % 10_000}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
}

/**
 * First and last name from the full name typed at registration ("فاطمة علي الصباح" → "فاطمة",
 * "علي الصباح"), so the profile shows them; the customer can correct both later.
 */
export function splitFullName(name: string): { first_name: string; last_name: string | null } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { first_name: first.slice(0, 100), last_name: rest.length > 0 ? rest.join(' ').slice(0, 100) : null };
}
