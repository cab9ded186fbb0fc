import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * What other modules may read about accounts without reading the accounts' table: the
 * dashboard's customer count and the names the activity view shows beside its entries.
 */

/** Customer accounts; staff (administrators and moderators) are not counted. */
export async function customerCount(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(users)
    .where(eq(users.role, 'customer'));
  return row?.total ?? 0;
}

/** The current name and e-mail of each of these accounts that still exists, by id. */
export async function accountNames(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
