import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type {
  AuditActor,
  AuditEntry,
  AuditLogQuery,
  AuditNames,
  Language,
  Pagination,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { changesInThousandths } from './money-unit.js';
import { keptNames, lookUpNames, namedIds, namesForReply, recordName } from './record-names.js';

/**
 * Reading the audit trail (the activity view of the back office). Entries come newest first, a
 * page at a time, each with its record's name; the accounts module tells the current names of
 * the people in them. A page costs a bounded number of statements: the entries, their count, the
 * filters' choices, the accounts, and one per kind of record the page names (record-names.ts).
 */

/**
 * The current name and e-mail of each of these accounts that still exists, by id: the accounts
 * module's accountNames, passed in by the composition root (services.ts) so that audit, which
 * every back-office module writes to, depends on no module.
 */
export type AccountNames = (
  executor: Executor,
  ids: readonly number[],
) => Promise<Map<number, { name: string; email: string }>>;

export interface AuditPage {
  entries: AuditEntry[];
  pagination: Pagination;
  actors: AuditActor[];
  entities: string[];
  names: AuditNames;
}

const isoTime = (column: SQL | typeof auditLog.created_at) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One page of entries matching the filters, with everyone and everything the trail names. */
export async function readAuditLog(
  executor: Executor,
  query: AuditLogQuery,
  accountNames: AccountNames,
  lang: Language,
): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.actor_id !== undefined) filters.push(eq(auditLog.actor_id, query.actor_id));
  if (query.entity !== undefined) filters.push(eq(auditLog.entity, query.entity));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [rows, [counted], actorRows, entityRows] = await Promise.all([
    executor
      .select({
        id: auditLog.id,
        actor_id: auditLog.actor_id,
        actor_email: auditLog.actor_email,
        entity: auditLog.entity,
        entity_id: auditLog.entity_id,
        action: auditLog.action,
        changes: auditLog.changes,
        created_at: isoTime(auditLog.created_at),
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    executor.select({ total: count() }).from(auditLog).where(where),
    // Each person once (audit_log_actor_idx). A deleted account's entries lose their actor_id,
    // so every id here is an account that exists: its current name and e-mail are shown.
    executor
      .selectDistinct({ id: auditLog.actor_id })
      .from(auditLog)
      .where(isNotNull(auditLog.actor_id)),
    executor.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
  ]);

  const read = rows.map((row) => ({ ...row, changes: changesInThousandths(row.entity, row.changes) }));
  const wanted = namedIds(read);
  // Accounts named as records (a user's entry, an order's user_id) come with the actors'.
  const ids = [
    ...read.map((row) => row.actor_id),
    ...actorRows.map((row) => row.id),
    ...(wanted.get('users') ?? []),
  ].filter((id): id is number => id !== null);
  const names = await accountNames(executor, ids);
  const recordNames = await lookUpNames(executor, wanted, lang, names);
  const kept = await keptNames(executor, read, recordNames, lang);

  const total = counted?.total ?? 0;
  return {
    entries: read.map((row) => ({
      ...row,
      actor_name: row.actor_id === null ? null : (names.get(row.actor_id)?.name ?? null),
      ...recordName(row, recordNames, kept, lang),
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.ceil(total / query.limit),
    },
    actors: actorRows
      .flatMap((row) => {
        const account = row.id === null ? undefined : names.get(row.id);
        return row.id === null || account === undefined
          ? []
          : [{ id: row.id, email: account.email, name: account.name }];
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    entities: entityRows.map((row) => row.entity),
    names: namesForReply(recordNames),
  };
}

/** The audit trail as the activity view reads it. */
export function createAuditReader(db: Database, deps: { accountNames: AccountNames }) {
  return {
    /**
     * One page of entries matching the filters, newest first, with the filters' choices; names
     * in the language asked for.
     */
    page: (query: AuditLogQuery, lang: Language) => readAuditLog(db, query, deps.accountNames, lang),
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;
