import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { moneyUnitMark } from './money-unit.js';

/** Who made a back-office change. */
export type { Actor };

export type AuditAction = 'create' | 'update' | 'delete' | (string & {});

export interface AuditEntry {
  /** null: the shop itself (a payment confirmed by UPayments after its order was cancelled). */
  actor: Actor | null;
  /** The table-like name of what changed: products, categories, slides, settings, … */
  entity: string;
  entityId: number | null;
  action: AuditAction;
  /** The entity before the change (undefined for a create). */
  before?: Readonly<Record<string, unknown>> | undefined;
  /** The entity after the change (undefined for a delete). */
  after?: Readonly<Record<string, unknown>> | undefined;
}

/** Fields never written to the trail, whatever entity they belong to. */
const SECRET_FIELD = /password|secret|token|hash/i;
/** Bookkeeping that changes with every write and says nothing about what the admin did. */
const IGNORED_FIELDS = new Set(['updated_at', 'created_at', 'search_text', 'search_document', 'name_search', 'category_text', 'current_price']);

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * The fields that differ between two versions of an entity, as { field: { from, to } }. For a
 * create every given field is listed with from null; for a delete, to is null.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (SECRET_FIELD.test(name) || IGNORED_FIELDS.has(name)) continue;
    const from = comparable(before?.[name]);
    const to = comparable(after?.[name]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[name] = { from, to };
  }
  return changes;
}

/**
 * The audit trail of the back office. Services call record() inside the transaction of the write
 * it describes, so a change and its trail are kept or lost together. Money is kept in
 * thousandths; product entries say so with a mark (money-unit.ts: older ones kept dinars).
 */
export function createAuditService() {
  const row = (entry: AuditEntry) => ({
    actor_id: entry.actor?.id ?? null,
    actor_email: entry.actor?.email ?? null,
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    changes: { ...changedFields(entry.before, entry.after), ...moneyUnitMark(entry.entity) },
  });
  return {
    async record(executor: Executor, entry: AuditEntry): Promise<void> {
      await executor.insert(auditLog).values(row(entry));
    },

    /** Records many entries (an import's products) in as few statements as the database allows. */
    async recordAll(executor: Executor, entries: readonly AuditEntry[]): Promise<void> {
      for (let start = 0; start < entries.length; start += AUDIT_BATCH) {
        await executor.insert(auditLog).values(entries.slice(start, start + AUDIT_BATCH).map(row));
      }
    },
  };
}

/** Entries per insert: 7 parameters each, well inside PostgreSQL's 65,535. */
const AUDIT_BATCH = 1000;

export type AuditService = ReturnType<typeof createAuditService>;
